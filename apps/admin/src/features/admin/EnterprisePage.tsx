import { type RouterOutputs, trpc } from '@barterads/api-client';
import { Card, Group, Select, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { EmptyState, ErrorState, LoadingState } from '../../components/QueryState';
import { formatDate } from './format';

type Data = RouterOutputs['admin']['enterpriseMembers'];
type Member = Data['members'][number];
type Person = Data['managers'][number];

const NONE = 'none';

/**
 * Enterprise: the members on a running Enterprise plan and their dedicated account manager, an admin picked here
 * (after a confirmation; the server checks the plan and the admin, and audit-logs the change). The member sees the
 * manager's name and e-mail on the dashboard.
 */
export function EnterprisePage() {
  const query = trpc.admin.enterpriseMembers.useQuery();
  return (
    <Stack>
      <Title order={1} fz="h2">
        Enterprise accounts
      </Title>
      <Text fz="sm" c="dimmed">
        Every Enterprise member gets a dedicated account manager: an admin, shown with their e-mail on the
        member's dashboard.
      </Text>
      {query.isPending ? (
        <LoadingState />
      ) : query.isError ? (
        <ErrorState error={query.error} onRetry={() => void query.refetch()} />
      ) : query.data.members.length === 0 ? (
        <EmptyState>No members on the Enterprise plan</EmptyState>
      ) : (
        <Stack
          gap="sm"
          component="ul"
          p={0}
          m={0}
          style={{ listStyle: 'none' }}
          aria-label="Enterprise members"
        >
          {query.data.members.map((member) => (
            <MemberRow key={member._id} member={member} managers={query.data.managers} />
          ))}
        </Stack>
      )}
    </Stack>
  );
}

function MemberRow({ member, managers }: { member: Member; managers: Person[] }) {
  const utils = trpc.useUtils();
  const [choice, setChoice] = useState<string | null>(null);
  const assign = trpc.admin.setAccountManager.useMutation({
    onSuccess: async ({ member: updated }) => {
      notifications.show({
        color: 'green',
        message: updated.accountManager
          ? `${updated.accountManager.name} is now the account manager of ${updated.email}.`
          : `${updated.email} has no account manager now.`,
      });
      setChoice(null);
      await Promise.all([utils.admin.enterpriseMembers.invalidate(), utils.admin.activity.invalidate()]);
    },
  });
  const chosen = choice === NONE ? null : (managers.find((m) => m._id === choice) ?? null);
  return (
    <Card component="li" withBorder radius="md" p="md" aria-label={`${member.name}, ${member.email}`}>
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
        <Stack gap={2} miw={0}>
          <Text fw={600} truncate>
            {member.companyName || member.name}
          </Text>
          <Text fz="sm" c="dimmed" truncate>
            {member.name} &lt;{member.email}&gt;
          </Text>
          <Text fz="xs" c="dimmed">
            Enterprise, {member.period} · until {formatDate(member.endsAt)}
          </Text>
        </Stack>
        <Select
          label={`Account manager of ${member.email}`}
          data={[
            { value: NONE, label: 'No account manager' },
            ...managers.map((m) => ({ value: m._id, label: `${m.name} (${m.email})` })),
          ]}
          value={member.accountManager?._id ?? NONE}
          onChange={(value) => {
            if (value && value !== (member.accountManager?._id ?? NONE)) {
              assign.reset();
              setChoice(value);
            }
          }}
          allowDeselect={false}
          w={{ base: '100%', xs: 300 }}
        />
      </Group>
      <ConfirmDialog
        opened={choice !== null}
        title={chosen ? 'Assign account manager?' : 'Remove account manager?'}
        confirmLabel={chosen ? 'Assign' : 'Remove'}
        color={chosen ? undefined : 'red'}
        loading={assign.isPending}
        error={assign.error}
        onClose={() => setChoice(null)}
        onConfirm={() => assign.mutate({ userId: member._id, managerId: chosen?._id ?? null })}
      >
        {chosen
          ? `${chosen.name} (${chosen.email}) becomes the account manager of ${member.email}, shown on their dashboard.`
          : `${member.email} will have no account manager.`}
      </ConfirmDialog>
    </Card>
  );
}
