import { errorMessage, type SessionUser, trpc } from '@barterads/api-client';
import { MESSAGES } from '@barterads/core';
import { Button, type ButtonProps } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useRouter } from '@tanstack/react-router';

export interface MessageOwnerButtonProps extends Pick<ButtonProps, 'size' | 'variant' | 'fullWidth'> {
  listingId: string;
  ownerId: string;
  /** The signed-in user (null when signed out, undefined while loading): the page's, passed to every card. */
  user: SessionUser | null | undefined;
}

/**
 * 'Message' on a listing card: opens (or reopens) the conversation with the listing's owner.
 * Hidden on the user's own listings; signed-out visitors go to /login and come back here.
 */
export function MessageOwnerButton({
  listingId,
  ownerId,
  user,
  size = 'sm',
  variant = 'light',
  fullWidth,
}: MessageOwnerButtonProps) {
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
    <Button
      size={size}
      variant={variant}
      fullWidth={fullWidth}
      loading={start.isPending}
      disabled={user === undefined}
      onClick={() => {
        if (user === null) {
          void router.navigate({ to: '/login', search: { redirect: router.state.location.href } });
          return;
        }
        if (user) start.mutate({ barterId: listingId });
      }}
    >
      Message
    </Button>
  );
}
