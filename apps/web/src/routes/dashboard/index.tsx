import { trpc } from '@barterads/api-client';
import { Trans, useLingui } from '@lingui/react/macro';
import { Skeleton, Stack, Text, Title } from '@mantine/core';
import { createFileRoute } from '@tanstack/react-router';
import { usePageMeta } from '../../components/usePageMeta';
import { AccountManagerCard } from '../../features/accounts/AccountManagerCard';
import { AcceptListCard } from '../../features/circles/AcceptListCard';
import { DealsOverviewCard } from '../../features/deals/DealsOverviewCard';
import { DEALS_OVERVIEW_INPUT } from '../../features/deals/overview-input';
import { DashboardOverview } from '../../features/listings/DashboardOverview';
import { MatchList } from '../../features/matching/MatchList';
import { useUnreadCount } from '../../features/messages/UnreadBadge';
import { SubscriptionCard } from '../../features/payments';
import { InvoicesToIssueCard } from '../../features/tax/InvoicesToIssueCard';

export const Route = createFileRoute('/dashboard/')({
  // Every card's answer before the page shows (one batched request; the shell or the page before stays meanwhile).
  // Each card drew a skeleton and then its content at another height, so on a phone the cards below jumped as the
  // answers came (a card moved 330 px down a second after the page showed, under a finger about to tap it), and a
  // card with nothing to show (no invoices to issue) came and went. The cards still load on their own elsewhere.
  loader: async ({ context: { utils } }) => {
    await Promise.all([
      utils.accounts.me.prefetch(),
      utils.listings.stats.prefetch(),
      utils.messages.unreadCount.prefetch(),
      utils.matching.list.prefetch(undefined),
      utils.deals.list.prefetch(DEALS_OVERVIEW_INPUT),
      utils.deals.allowance.prefetch(),
      utils.tax.toIssue.prefetch(undefined, { retry: false }),
      utils.circles.accepts.prefetch(),
      utils.payments.subscription.prefetch(),
      utils.accounts.accountManager.prefetch(),
    ]);
  },
  // On a slow connection, after a second (the router's pendingMs), the page's place while its answers come.
  pendingComponent: DashboardOverviewPending,
  component: DashboardOverviewPage,
});

function DashboardOverviewPending() {
  const { t } = useLingui();
  return (
    <Stack aria-busy="true" aria-label={t`Loading overview`}>
      <Title order={1} fz="h2">
        <Trans>Overview</Trans>
      </Title>
      <Skeleton h={20} w={200} />
      <Skeleton h={208} radius="md" />
      <Skeleton h={160} radius="md" />
    </Stack>
  );
}

function DashboardOverviewPage() {
  const { t } = useLingui();
  usePageMeta(t`Dashboard`);
  const me = trpc.accounts.me.useQuery();
  const unreadMessages = useUnreadCount();
  return (
    <Stack>
      <Title order={1} fz="h2">
        <Trans>Overview</Trans>
      </Title>
      {me.data ? (
        <Text>
          <Trans>
            Welcome back, <span translate="no">{me.data.user.firstName}</span>.
          </Trans>
        </Text>
      ) : (
        <Skeleton h={20} w={200} />
      )}
      <DashboardOverview unreadMessages={unreadMessages ?? 0} />
      <MatchList title={t`Matches for you`} />
      <DealsOverviewCard />
      <InvoicesToIssueCard />
      <AcceptListCard />
      <SubscriptionCard />
      <AccountManagerCard />
    </Stack>
  );
}
