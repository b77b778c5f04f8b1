import { errorMessage, type SessionUser, trpc } from '@barterads/api-client';
import { MESSAGES } from '@barterads/core';
import { notifications } from '@mantine/notifications';
import { useRouter } from '@tanstack/react-router';
import buttons from '../../components/PlainButton.module.css';

export interface MessageOwnerButtonProps {
  listingId: string;
  ownerId: string;
  /** The signed-in user (null when signed out, undefined while loading): the page's, passed to every card. */
  user: SessionUser | null | undefined;
}

/**
 * 'Message' on a listing card: opens (or reopens) the conversation with the listing's owner.
 * Hidden on the user's own listings; signed-out visitors go to /login and come back here.
 * A plain button in Mantine's light variant (PlainButton.module.css): every card of a results page has one.
 */
export function MessageOwnerButton({ listingId, ownerId, user }: MessageOwnerButtonProps) {
  // The router itself, not useLocation(): a marketplace page holds 24 of these buttons, and none needs to
  // re-render when the URL changes; the location is read when the button is clicked.
  const router = useRouter();
  const start = trpc.messages.start.useMutation({
    onSuccess: async ({ conversation }) => {
      await router.navigate({ to: '/dashboard/messages', search: { c: conversation._id } });
    },
    onError: (error) => {
      notifications.show({ color: 'red', message: errorMessage(error, MESSAGES.messageSendFailed) });
    },
  });
  if (user && user._id === ownerId) return null;
  return (
    <button
      type="button"
      className={`${buttons.button} ${buttons.light}`}
      aria-busy={start.isPending || undefined}
      disabled={user === undefined || start.isPending}
      onClick={() => {
        if (user === null) {
          void router.navigate({ to: '/login', search: { redirect: router.state.location.href } });
          return;
        }
        if (user) start.mutate({ barterId: listingId });
      }}
    >
      Message
    </button>
  );
}
