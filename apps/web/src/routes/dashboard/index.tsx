import { trpc } from '@barterads/api-client';
import { Skeleton, Stack, Text, Title } from '@mantine/core';
import { createFileRoute } from '@tanstack/react-router';
import { usePageMeta } from '../../components/usePageMeta';
import { AccountManagerCard } from '../../features/accounts/AccountManagerCard';
import { AcceptListCard } from '../../features/circles/AcceptListCard';
import { DealsOverviewCard } from '../../features/deals/DealsOverviewCard';
import { DashboardOverview } from '../../features/listings/DashboardOverview';
import { MatchList } from '../../features/matching/MatchList';
import { useUnreadCount } from '../../features/messages/UnreadBadge';
import { SubscriptionCard } from '../../features/payments';
import { InvoicesToIssueCard } from '../../features/tax/InvoicesToIssueCard';

export const Route = createFileRoute('/dashboard/')({ component: DashboardOverviewPage });

function DashboardOverviewPage() {
  usePageMeta('Dashboard');
  const me = trpc.accounts.me.useQuery();
  const unreadMessages = useUnreadCount();
  return (
    <Stack>
      <Title order={1} fz="h2">
        Overview
      </Title>
      {me.data ? <Text>Welcome back, {me.data.user.firstName}.</Text> : <Skeleton h={20} w={200} />}
      <DashboardOverview unreadMessages={unreadMessages ?? 0} />
      <MatchList title="Matches for you" />
      <DealsOverviewCard />
      <InvoicesToIssueCard />
      <AcceptListCard />
      <SubscriptionCard />
      <AccountManagerCard />
    </Stack>
  );
}
