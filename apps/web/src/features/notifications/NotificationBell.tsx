import { trpc } from '@barterads/api-client';
import { useLingui } from '@lingui/react/macro';
import { ActionIcon, Indicator } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useSessionUser } from '../accounts/session';
import { useNotificationEvents } from './live';

function BellIcon() {
  return (
    <svg
      width="20"
      height="20"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
    >
      <path d="M6 8a6 6 0 0 1 12 0c0 7 3 9 3 9H3s3-2 3-9" />
      <path d="M10.3 21a1.94 1.94 0 0 0 3.4 0" />
    </svg>
  );
}

/** The top bar's bell (product-spec-2 section 5): the unread count, live; opens the notifications list. */
export function NotificationBell() {
  const { t } = useLingui();
  const { user } = useSessionUser();
  const signedIn = Boolean(user);
  useNotificationEvents(signedIn);
  const count = trpc.notifications.unreadCount.useQuery(undefined, { enabled: signedIn, staleTime: 30_000 });
  if (!signedIn) return null;
  const unread = count.data?.unread ?? 0;
  const label = unread ? t`Notifications, ${unread} unread` : t`Notifications`;
  return (
    <Indicator
      label={unread > 99 ? '99+' : unread}
      disabled={!unread}
      size={18}
      color="red"
      offset={4}
      data-testid="notification-count"
    >
      <ActionIcon
        component={Link}
        to="/dashboard/notifications"
        variant="default"
        size={36}
        radius="xl"
        aria-label={label}
        title={label}
      >
        <BellIcon />
      </ActionIcon>
    </Indicator>
  );
}
