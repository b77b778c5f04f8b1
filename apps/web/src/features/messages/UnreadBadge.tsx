import { trpc } from '@barterads/api-client';
import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { Badge } from '@mantine/core';
import { useSessionUser } from '../accounts/session';
import { useMessageEvents } from './live';

/** The signed-in user's unread messages, kept live; undefined while loading or signed out. */
export function useUnreadCount(): number | undefined {
  const { user } = useSessionUser();
  const signedIn = Boolean(user);
  useMessageEvents(undefined, signedIn);
  const query = trpc.messages.unreadCount.useQuery(undefined, { enabled: signedIn, staleTime: 10_000 });
  return signedIn ? query.data?.unreadTotal : undefined;
}

/** A live badge for the "Messages" link: hidden when nothing is unread. */
export function UnreadBadge() {
  const { t } = useLingui();
  const count = useUnreadCount();
  if (!count) return null;
  // The screen reader's name of the badge, in the page's language with its plural forms.
  const label = t`${plural(count, { one: '# unread message', other: '# unread messages' })}`;
  return (
    <Badge
      size="sm"
      circle={count < 10}
      color="red"
      aria-label={label}
      title={label}
      data-testid="unread-badge"
    >
      {count > 99 ? '99+' : count}
    </Badge>
  );
}
