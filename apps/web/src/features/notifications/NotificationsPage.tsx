import { errorMessage, type RouterOutputs, trpc } from '@barterads/api-client';
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Anchor, Badge, Button, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { usePageLanguage } from '../../i18n/core-text';
import { formatDateTime } from '../deals/format';
import { useNotificationEvents } from './live';

type Notification = RouterOutputs['notifications']['list']['notifications'][number];

/** `/dashboard/notifications`: newest first, paged; opening one marks it read; "Mark all read". */
export function NotificationsPage() {
  const { t } = useLingui();
  useNotificationEvents(true);
  const utils = trpc.useUtils();
  const query = trpc.notifications.list.useInfiniteQuery(
    { limit: 20 },
    { getNextPageParam: (last) => last.nextCursor ?? undefined },
  );
  const markRead = trpc.notifications.markRead.useMutation({
    onSuccess: (page) => {
      utils.notifications.unreadCount.setData(undefined, { unread: page.unread });
      void utils.notifications.list.invalidate();
    },
  });
  const items = query.data?.pages.flatMap((p) => p.notifications) ?? [];
  const unread = query.data?.pages[0]?.unread ?? 0;
  return (
    <Stack maw={720}>
      <Group justify="space-between" wrap="wrap">
        <Title order={1} fz="h2">
          <Trans>Notifications</Trans>
        </Title>
        <Button
          variant="default"
          disabled={!unread}
          loading={markRead.isPending}
          onClick={() => markRead.mutate({ all: true })}
        >
          <Trans>Mark all read</Trans>
        </Button>
      </Group>
      <Text c="dimmed" fz="sm">
        {unread ? t`${unread} unread.` : t`All read.`}{' '}
        <Trans>
          Choose which ones are also e-mailed in{' '}
          <Anchor component={Link} to="/dashboard/settings">
            Preferences
          </Anchor>
          .
        </Trans>
      </Text>
      {query.isPending ? (
        <Stack aria-label={t`Loading notifications`}>
          <Skeleton height={72} />
          <Skeleton height={72} />
        </Stack>
      ) : query.isError ? (
        <Alert color="red" title={t`Could not load your notifications`} role="alert">
          {errorMessage(query.error)}
        </Alert>
      ) : items.length === 0 ? (
        <Card withBorder>
          <Text>
            <Trans>Nothing yet. Deals, matches, saved searches and messages will show up here.</Trans>
          </Text>
        </Card>
      ) : (
        <Stack
          gap="sm"
          component="ul"
          p={0}
          m={0}
          style={{ listStyle: 'none' }}
          aria-label={t`Notifications`}
        >
          {items.map((item) => (
            <NotificationItem
              key={item._id}
              item={item}
              onOpen={() => {
                if (!item.read) markRead.mutate({ ids: [item._id] });
              }}
            />
          ))}
          {query.hasNextPage ? (
            <Button
              variant="default"
              loading={query.isFetchingNextPage}
              onClick={() => void query.fetchNextPage()}
            >
              <Trans>Show more</Trans>
            </Button>
          ) : null}
        </Stack>
      )}
    </Stack>
  );
}

function NotificationItem({ item, onOpen }: { item: Notification; onOpen: () => void }) {
  const language = usePageLanguage();
  const titleId = `notification-${item._id}-title`;
  return (
    <Card
      component="li"
      withBorder
      padding="sm"
      data-testid="notification"
      data-read={item.read}
      style={item.read ? undefined : { borderLeft: '4px solid var(--mantine-color-brand-6)' }}
    >
      <Stack gap={4}>
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Anchor id={titleId} component={Link} to={item.link} fw={item.read ? 500 : 700} onClick={onOpen}>
            {item.title}
          </Anchor>
          {item.read ? null : (
            <Badge size="xs" color="red" variant="light">
              <Trans context="a notification not read yet">New</Trans>
            </Badge>
          )}
        </Group>
        <Text fz="sm">{item.body}</Text>
        <Group justify="space-between">
          <Text fz="xs" c="dimmed">
            {formatDateTime(item.createdAt, language)}
          </Text>
          {item.read ? null : (
            <Button
              variant="subtle"
              size="compact-xs"
              onClick={onOpen}
              // Named by the words it shows (WCAG 2.5.3, label in name), the notification's title its description.
              aria-describedby={titleId}
            >
              <Trans>Mark read</Trans>
            </Button>
          )}
        </Group>
      </Stack>
    </Card>
  );
}
