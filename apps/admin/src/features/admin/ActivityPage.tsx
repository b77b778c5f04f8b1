import { type RouterOutputs, trpc } from '@barterads/api-client';
import { AUDIT_ACTIONS, AUDIT_TARGETS, type AuditAction, type AuditTarget } from '@barterads/core';
import { Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { keepPreviousData } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { FilterSelect } from '../../components/FilterSelect';
import { Pager } from '../../components/Pager';
import { EmptyState, ErrorState, LoadingState } from '../../components/QueryState';
import { formatDateTime } from './format';
import type { ActivitySearch } from './search-params';

type Entry = RouterOutputs['admin']['activity']['entries'][number];

const route = getRouteApi('/_admin/activity');
const PAGE_SIZE = 50;

const ACTION_LABELS: Record<AuditAction, string> = {
  suspend: 'Suspended',
  activate: 'Activated',
  verify: 'Verified',
  unverify: 'Unverified',
  archive: 'Archived',
  approve_verification: 'GST verified',
  reject_verification: 'Verification rejected',
  cancel_deal: 'Deal cancelled',
  change_plan: 'Plan changed',
  cancel_plan: 'Plan cancelled',
  refund: 'Refund decided',
  resolve_dispute: 'Dispute decided',
  hide_review: 'Review hidden',
  assign_account_manager: 'Account manager assigned',
  dismiss_review_reports: 'Review kept, reports dismissed',
  set_broker: 'Broker role changed',
};
const ACTION_COLORS: Record<AuditAction, string> = {
  suspend: 'red',
  activate: 'green',
  verify: 'teal',
  unverify: 'yellow',
  archive: 'gray',
  approve_verification: 'green',
  reject_verification: 'red',
  cancel_deal: 'red',
  change_plan: 'blue',
  cancel_plan: 'orange',
  refund: 'grape',
  resolve_dispute: 'orange',
  hide_review: 'gray',
  assign_account_manager: 'indigo',
  dismiss_review_reports: 'teal',
  set_broker: 'cyan',
};

const ACTION_OPTIONS = AUDIT_ACTIONS.map((action) => ({ value: action, label: ACTION_LABELS[action] }));
const TARGET_FILTER_LABELS: Record<AuditTarget, string> = {
  user: 'Users',
  listing: 'Listings',
  business: 'Businesses',
  deal: 'Deals',
  subscription: 'Subscriptions',
  review: 'Reviews',
};
const TARGET_OPTIONS = AUDIT_TARGETS.map((target) => ({
  value: target,
  label: TARGET_FILTER_LABELS[target],
}));

const TARGET_LABELS: Record<Entry['targetType'], string> = {
  user: 'User',
  listing: 'Listing',
  business: 'Business',
  deal: 'Deal',
  subscription: 'Subscription',
  review: 'Review',
};

function describeChange(value: Entry['before']): string {
  return Object.entries(value)
    .map(([k, v]) => `${k}: ${v === null ? '—' : String(v)}`)
    .join(', ');
}

/** Activity: the audit log of every admin change, newest first, filtered by action and target. */
export function ActivityPage() {
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const page = search.page ?? 1;
  const setFilter = (patch: Partial<ActivitySearch>) =>
    navigate({ search: (prev) => ({ ...prev, ...patch, page: undefined }), replace: true });
  const query = trpc.admin.activity.useQuery(
    {
      limit: PAGE_SIZE,
      offset: (page - 1) * PAGE_SIZE,
      action: search.action,
      targetType: search.target,
    },
    { placeholderData: keepPreviousData },
  );
  const entries = query.data?.entries ?? [];
  return (
    <Stack>
      <Title order={1} fz="h2">
        Activity
      </Title>
      <Group gap="sm" wrap="wrap">
        <FilterSelect
          label="Action"
          allLabel="All actions"
          options={ACTION_OPTIONS}
          value={search.action}
          onChange={(action) => setFilter({ action })}
          w={170}
        />
        <FilterSelect
          label="Target"
          allLabel="Users and listings"
          options={TARGET_OPTIONS}
          value={search.target}
          onChange={(target) => setFilter({ target })}
          w={190}
        />
      </Group>
      {query.isPending ? (
        <LoadingState />
      ) : query.isError ? (
        <ErrorState error={query.error} onRetry={() => void query.refetch()} />
      ) : entries.length === 0 ? (
        <EmptyState>No admin activity yet</EmptyState>
      ) : (
        <>
          <Stack gap="xs" component="ol" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Activity">
            {entries.map((e) => (
              <Paper key={e.id} withBorder p="sm" radius="md" component="li">
                <Group justify="space-between" gap="xs" wrap="wrap">
                  <Group gap="xs" wrap="wrap">
                    <Badge color={ACTION_COLORS[e.action]} variant="light">
                      {ACTION_LABELS[e.action]}
                    </Badge>
                    <Text fz="sm" fw={500} style={{ wordBreak: 'break-word' }}>
                      {TARGET_LABELS[e.targetType]} {e.targetLabel ?? e.targetId}
                    </Text>
                  </Group>
                  <Text fz="xs" c="dimmed">
                    <time dateTime={e.createdAt}>{formatDateTime(e.createdAt)}</time>
                  </Text>
                </Group>
                <Text fz="xs" c="dimmed" mt={4}>
                  by {e.actor.name || e.actor.email} ({e.actor.email}) · {describeChange(e.before)} →{' '}
                  {describeChange(e.after)}
                </Text>
                {e.reason ? (
                  <Text fz="xs" mt={4}>
                    Reason: {e.reason}
                  </Text>
                ) : null}
              </Paper>
            ))}
          </Stack>
          <Pager
            label="Activity"
            page={page}
            pageSize={PAGE_SIZE}
            total={query.data?.total ?? 0}
            onChange={(p) =>
              void navigate({ search: (prev) => ({ ...prev, page: p === 1 ? undefined : p }) })
            }
          />
        </>
      )}
    </Stack>
  );
}
