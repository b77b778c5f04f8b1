import { trpc } from '@barterads/api-client';
import { Trans } from '@lingui/react/macro';
import { Anchor, Card, Stack, Text, Title } from '@mantine/core';

/**
 * "Your account manager" on the dashboard: the admin assigned to an Enterprise member, with their e-mail. Nothing
 * is shown while loading, on an error, or without an assignment (every other plan).
 */
export function AccountManagerCard() {
  const query = trpc.accounts.accountManager.useQuery();
  const manager = query.data?.accountManager;
  if (!manager) return null;
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="account-manager-title">
      <Stack gap={4}>
        <Title order={2} fz="h4" id="account-manager-title">
          <Trans>Your account manager</Trans>
        </Title>
        <Text fw={600} translate="no">
          {manager.name}
        </Text>
        <Anchor href={`mailto:${manager.email}`} style={{ wordBreak: 'break-all' }}>
          {manager.email}
        </Anchor>
        <Text fz="sm" c="dimmed">
          <Trans>Your dedicated contact on the Enterprise plan.</Trans>
        </Text>
      </Stack>
    </Card>
  );
}
