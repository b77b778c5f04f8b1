import { type RouterOutputs, trpc } from '@barterads/api-client';
import { LIMITS, MESSAGES, userTypeLabel } from '@barterads/core';
import { Badge, Box, Button, Card, Group, Stack, Switch, Table, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { keepPreviousData } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { useState } from 'react';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { FilterSelect } from '../../components/FilterSelect';
import { Pager } from '../../components/Pager';
import { EmptyState, ErrorState, LoadingState } from '../../components/QueryState';
import type { UsersSearch } from './search-params';
import { useUrlSearchText } from './useUrlSearchText';

type AdminUser = RouterOutputs['admin']['users']['users'][number];

const route = getRouteApi('/_admin/users');
const layout = getRouteApi('/_admin');
const PAGE_SIZE = LIMITS.adminUsersLimit;

const ROLE_OPTIONS = [
  { value: 'admin', label: 'Admin' },
  { value: 'user', label: 'User' },
] as const;
const STATUS_OPTIONS = [
  { value: 'active', label: 'Active' },
  { value: 'suspended', label: 'Suspended' },
] as const;
const TYPE_OPTIONS = [
  { value: 'media_owner', label: 'Media Owner' },
  { value: 'advertiser', label: 'Advertiser' },
] as const;

/**
 * Users: search and filters (kept in the URL, the search debounced 250 ms), the table, Suspend/Activate, and the
 * trade desk's broker role (a switch per user; the server audit-logs each change).
 */
export function UsersPage() {
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const { user: me } = layout.useRouteContext();
  const page = search.page ?? 1;

  const [text, setText] = useUrlSearchText(search.q, (q) => {
    void navigate({ search: (prev) => ({ ...prev, q, page: undefined }), replace: true });
  });

  const setFilter = (patch: Partial<UsersSearch>) =>
    navigate({ search: (prev) => ({ ...prev, ...patch, page: undefined }), replace: true });

  const query = trpc.admin.users.useQuery(
    {
      limit: PAGE_SIZE,
      offset: (page - 1) * PAGE_SIZE,
      q: search.q,
      role: search.role,
      status: search.status,
      userType: search.type,
    },
    { placeholderData: keepPreviousData },
  );

  // The target stays set while the dialog closes, so its text does not flicker.
  const [pending, setPending] = useState<AdminUser | null>(null);
  const [confirmOpen, setConfirmOpen] = useState(false);
  const utils = trpc.useUtils();
  const setStatus = trpc.admin.setUserStatus.useMutation({
    onSuccess: async ({ user }) => {
      notifications.show({
        color: 'green',
        message: `${user.name || user.email} is now ${user.status}.`,
      });
      setConfirmOpen(false);
      await Promise.all([utils.admin.users.invalidate(), utils.admin.activity.invalidate()]);
    },
  });
  const setBroker = trpc.tradeDesk.setBroker.useMutation({
    onSuccess: async ({ user }) => {
      notifications.show({
        color: 'green',
        message: user.broker
          ? `${user.name || user.email} is now a broker: the trade desk is open to them.`
          : `${user.name || user.email} is no longer a broker.`,
      });
      await Promise.all([utils.admin.users.invalidate(), utils.admin.activity.invalidate()]);
    },
    onError: (error) => notifications.show({ color: 'red', message: error.message }),
  });
  const brokerSwitch = (u: AdminUser) => (
    <Switch
      size="sm"
      label="Broker"
      checked={u.broker}
      disabled={setBroker.isPending && setBroker.variables?.id === u._id}
      onChange={(e) => setBroker.mutate({ id: u._id, broker: e.currentTarget.checked })}
      aria-label={`Broker role for ${u.email}`}
    />
  );
  const nextStatus = pending?.status === 'active' ? 'suspended' : 'active';
  const actionFor = (u: AdminUser) =>
    u._id === me._id ? (
      <Text fz="xs" c="dimmed">
        You
      </Text>
    ) : (
      <Button
        size="xs"
        variant={u.status === 'active' ? 'light' : 'filled'}
        color={u.status === 'active' ? 'red' : 'green'}
        onClick={() => {
          setStatus.reset();
          setPending(u);
          setConfirmOpen(true);
        }}
        aria-label={`${u.status === 'active' ? 'Suspend' : 'Activate'} ${u.email}`}
      >
        {u.status === 'active' ? 'Suspend' : 'Activate'}
      </Button>
    );
  const roleBadge = (u: AdminUser) => (
    <Group gap={4} wrap="nowrap">
      <Badge variant="light" color={u.role === 'admin' ? 'grape' : 'gray'}>
        {u.role}
      </Badge>
      {u.broker ? (
        <Badge variant="light" color="cyan">
          broker
        </Badge>
      ) : null}
    </Group>
  );
  const statusBadge = (u: AdminUser) => (
    <Badge variant="light" color={u.status === 'active' ? 'green' : 'red'}>
      {u.status}
    </Badge>
  );

  const users = query.data?.users ?? [];
  const total = query.data?.total ?? 0;

  return (
    <Stack>
      <Title order={1} fz="h2">
        Users
      </Title>
      <Group align="flex-end" gap="sm" wrap="wrap">
        <TextInput
          label="Search users"
          placeholder="Name, email, phone or company"
          type="search"
          value={text}
          onChange={(e) => setText(e.currentTarget.value)}
          style={{ flex: '1 1 220px' }}
        />
        <FilterSelect
          label="Role"
          allLabel="All roles"
          options={ROLE_OPTIONS}
          value={search.role}
          onChange={(role) => setFilter({ role })}
          w={150}
        />
        <FilterSelect
          label="Status"
          allLabel="All statuses"
          options={STATUS_OPTIONS}
          value={search.status}
          onChange={(status) => setFilter({ status })}
          w={150}
        />
        <FilterSelect
          label="Type"
          allLabel="All types"
          options={TYPE_OPTIONS}
          value={search.type}
          onChange={(type) => setFilter({ type })}
          w={150}
        />
      </Group>

      {query.isPending ? (
        <LoadingState />
      ) : query.isError ? (
        <ErrorState error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        <>
          <Text fz="sm" aria-live="polite">
            Showing {total > users.length ? `${users.length} of ${total}` : users.length} user(s)
          </Text>
          {users.length === 0 ? (
            <EmptyState>{MESSAGES.adminNoUsers}</EmptyState>
          ) : (
            <>
              {/* Phones and tablets: one card per user, its action in view (the table scrolled it off-screen). */}
              <Stack
                gap="sm"
                hiddenFrom="md"
                component="ul"
                p={0}
                m={0}
                style={{ listStyle: 'none' }}
                aria-label="Users"
              >
                {users.map((u) => (
                  <Card
                    key={u._id}
                    component="li"
                    withBorder
                    padding="sm"
                    aria-label={u.name || u.email}
                    style={{ opacity: query.isPlaceholderData ? 0.6 : 1 }}
                  >
                    <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
                      <Box miw={0}>
                        <Text fw={600} truncate>
                          {u.name || '—'}
                        </Text>
                        <Text fz="sm" c="dimmed" style={{ wordBreak: 'break-all' }}>
                          {u.email}
                        </Text>
                      </Box>
                      <Group gap={4} wrap="nowrap">
                        {roleBadge(u)}
                        {statusBadge(u)}
                      </Group>
                    </Group>
                    <Text fz="sm" c="dimmed" mb="xs">
                      {userTypeLabel(u.userType)} · {u.phoneNumber ?? 'No phone'}
                    </Text>
                    <Group justify="space-between">
                      {brokerSwitch(u)}
                      {actionFor(u)}
                    </Group>
                  </Card>
                ))}
              </Stack>
              <Box visibleFrom="md">
                <Table.ScrollContainer minWidth={820}>
                  <Table striped highlightOnHover verticalSpacing="sm" aria-label="Users">
                    <Table.Thead>
                      <Table.Tr>
                        <Table.Th>Name</Table.Th>
                        <Table.Th>Email</Table.Th>
                        <Table.Th>Phone</Table.Th>
                        <Table.Th>Type</Table.Th>
                        <Table.Th>Role</Table.Th>
                        <Table.Th>Status</Table.Th>
                        <Table.Th>Actions</Table.Th>
                      </Table.Tr>
                    </Table.Thead>
                    <Table.Tbody style={{ opacity: query.isPlaceholderData ? 0.6 : 1 }}>
                      {users.map((u) => (
                        <Table.Tr key={u._id}>
                          <Table.Td>{u.name || '—'}</Table.Td>
                          <Table.Td style={{ wordBreak: 'break-all' }}>{u.email}</Table.Td>
                          <Table.Td>{u.phoneNumber ?? '—'}</Table.Td>
                          <Table.Td>{userTypeLabel(u.userType)}</Table.Td>
                          <Table.Td>{roleBadge(u)}</Table.Td>
                          <Table.Td>{statusBadge(u)}</Table.Td>
                          <Table.Td>
                            <Group gap="md" wrap="nowrap">
                              {brokerSwitch(u)}
                              {actionFor(u)}
                            </Group>
                          </Table.Td>
                        </Table.Tr>
                      ))}
                    </Table.Tbody>
                  </Table>
                </Table.ScrollContainer>
              </Box>
            </>
          )}
          <Pager
            label="Users"
            page={page}
            pageSize={PAGE_SIZE}
            total={total}
            onChange={(p) =>
              void navigate({ search: (prev) => ({ ...prev, page: p === 1 ? undefined : p }) })
            }
          />
        </>
      )}

      <ConfirmDialog
        opened={confirmOpen}
        title={nextStatus === 'suspended' ? 'Suspend user' : 'Activate user'}
        confirmLabel={nextStatus === 'suspended' ? 'Suspend' : 'Activate'}
        color={nextStatus === 'suspended' ? 'red' : 'green'}
        loading={setStatus.isPending}
        error={setStatus.error}
        onClose={() => setConfirmOpen(false)}
        onConfirm={() => pending && setStatus.mutate({ id: pending._id, status: nextStatus })}
      >
        {nextStatus === 'suspended'
          ? `Suspend ${pending?.email}? They are signed out everywhere at once and cannot sign in until activated.`
          : `Activate ${pending?.email}? They can sign in again.`}
      </ConfirmDialog>
    </Stack>
  );
}
