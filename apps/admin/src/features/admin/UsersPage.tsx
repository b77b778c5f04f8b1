import { type RouterOutputs, trpc } from '@barterads/api-client';
import { LIMITS, MESSAGES, userTypeLabel } from '@barterads/core';
import { Badge, Button, Group, Select, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { keepPreviousData } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { useState } from 'react';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { Pager } from '../../components/Pager';
import { EmptyState, ErrorState, LoadingState } from '../../components/QueryState';
import type { UsersSearch } from './search-params';
import { useUrlSearchText } from './useUrlSearchText';

type AdminUser = RouterOutputs['admin']['users']['users'][number];

const route = getRouteApi('/_admin/users');
const layout = getRouteApi('/_admin');
const PAGE_SIZE = LIMITS.adminUsersLimit;

const ROLE_OPTIONS = [
  { value: 'all', label: 'All roles' },
  { value: 'admin', label: 'Admin' },
  { value: 'user', label: 'User' },
];
const STATUS_OPTIONS = [
  { value: 'all', label: 'All statuses' },
  { value: 'active', label: 'Active' },
  { value: 'suspended', label: 'Suspended' },
];
const TYPE_OPTIONS = [
  { value: 'all', label: 'All types' },
  { value: 'media_owner', label: 'Media Owner' },
  { value: 'advertiser', label: 'Advertiser' },
];

/** Users: search and filters (kept in the URL, the search debounced 250 ms), the table, Suspend/Activate. */
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
  const nextStatus = pending?.status === 'active' ? 'suspended' : 'active';

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
        <Select
          label="Role"
          data={ROLE_OPTIONS}
          value={search.role ?? 'all'}
          onChange={(v) => setFilter({ role: v === 'admin' || v === 'user' ? v : undefined })}
          allowDeselect={false}
          w={150}
        />
        <Select
          label="Status"
          data={STATUS_OPTIONS}
          value={search.status ?? 'all'}
          onChange={(v) => setFilter({ status: v === 'active' || v === 'suspended' ? v : undefined })}
          allowDeselect={false}
          w={150}
        />
        <Select
          label="Type"
          data={TYPE_OPTIONS}
          value={search.type ?? 'all'}
          onChange={(v) => setFilter({ type: v === 'media_owner' || v === 'advertiser' ? v : undefined })}
          allowDeselect={false}
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
                      <Table.Td>
                        <Badge variant="light" color={u.role === 'admin' ? 'grape' : 'gray'}>
                          {u.role}
                        </Badge>
                      </Table.Td>
                      <Table.Td>
                        <Badge variant="light" color={u.status === 'active' ? 'green' : 'red'}>
                          {u.status}
                        </Badge>
                      </Table.Td>
                      <Table.Td>
                        {u._id === me._id ? (
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
                        )}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
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
