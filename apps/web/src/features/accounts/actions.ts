import { errorMessage, errorStatus, trpc } from '@barterads/api-client';
import { MESSAGES, type UserType } from '@barterads/core';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { signOutInProgress, useSessionUser } from './session';

/** Signs out: the server revokes the session, every cached query is dropped and the app goes to `to`. */
/**
 * Forgets the signed-in user in this tab (cached data dropped, session cleared) and goes to `to`, without the
 * signed-out redirect of protected screens racing it. Used after logout and after deleting the account.
 */
export function useLocalSignOut(): (to: '/' | '/login') => Promise<void> {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const utils = trpc.useUtils();
  return async (to) => {
    signOutInProgress.current = true;
    try {
      queryClient.removeQueries({
        predicate: (query) => !JSON.stringify(query.queryKey).includes('session'),
      });
      utils.accounts.session.setData(undefined, { user: null });
      await navigate({ to, replace: true });
    } finally {
      signOutInProgress.current = false;
    }
  };
}

export function useLogout(options: { to?: '/' | '/login' } = {}) {
  const signOut = useLocalSignOut();
  const mutation = trpc.accounts.logout.useMutation({
    onSettled: () => signOut(options.to ?? '/'),
  });
  return { logout: () => mutation.mutate(), isPending: mutation.isPending };
}

/** The label of the switch-profile action for a business type (spec section 6). */
export function switchProfileLabel(type: UserType): string {
  return type === 'advertiser' ? 'Become Media Owner' : 'Become an Advertiser';
}

/**
 * Switches the signed-in user's business type (advertiser <-> media owner) on the server, then opens
 * /marketplace with the new view. Signed out, it goes to /login.
 */
export function useSwitchProfile() {
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  const { user } = useSessionUser();
  const mutation = trpc.accounts.switchRole.useMutation({
    onSuccess: async ({ user: updated }) => {
      utils.accounts.session.setData(undefined, { user: updated });
      utils.accounts.me.setData(undefined, { user: updated });
      notifications.show({
        color: 'green',
        message: `You are now a ${updated.userType === 'media_owner' ? 'media owner' : 'advertiser'}.`,
      });
      await navigate({ to: '/marketplace', search: { view: updated.userType } });
    },
    onError: (error) => {
      const message =
        errorStatus(error) === undefined
          ? 'Network error. Please try again.'
          : errorMessage(error, MESSAGES.switchRoleFailed);
      notifications.show({ color: 'red', message });
    },
  });
  const current = user?.userType;
  return {
    /** The action's label, or null when there is no signed-in user with a business type. */
    label: current ? switchProfileLabel(current) : null,
    isPending: mutation.isPending,
    switchProfile: () => {
      if (!user) {
        void navigate({ to: '/login' });
        return;
      }
      if (!current) {
        notifications.show({ color: 'red', message: 'Could not detect your current profile type.' });
        return;
      }
      mutation.mutate({ role: current === 'advertiser' ? 'media_owner' : 'advertiser' });
    },
  };
}
