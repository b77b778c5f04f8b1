import { trpc } from '@barterads/api-client';
import { Trans, useLingui } from '@lingui/react/macro';
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
