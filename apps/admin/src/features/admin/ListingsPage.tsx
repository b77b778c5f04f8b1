import { type RouterOutputs, trpc } from '@barterads/api-client';
import { MESSAGES, userTypeLabel } from '@barterads/core';
import {
  Badge,
  Box,
  Button,
  Card,
  Group,
  Stack,
  Table,
  Tabs,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { keepPreviousData } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { useState } from 'react';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { FilterSelect } from '../../components/FilterSelect';
import { Pager } from '../../components/Pager';
import { EmptyState, ErrorState, LoadingState } from '../../components/QueryState';
import { formatDate } from './format';
import { ListingTexts, LocalVersionBadge } from './ListingTexts';
import { useArchiveListing, useSetListingVerified } from './listing-actions';
import type { ListingsSearch } from './search-params';
import { useUrlSearchText } from './useUrlSearchText';
import { VerifyListingButton } from './VerifyListingButton';

type AdminListing = RouterOutputs['admin']['listings']['listings'][number];

const route = getRouteApi('/_admin/listings');
const PAGE_SIZE = 50;

const STATUS_OPTIONS = [
  { value: 'active', label: 'Active' },
  { value: 'archived', label: 'Archived' },
] as const;
const VERIFIED_OPTIONS = [
  { value: 'yes', label: 'Verified' },
  { value: 'no', label: 'Not verified' },
  { value: 'review', label: 'Needs review again' },
] as const;

/**
 * Listings: owner-type tabs, status and verified filters, search, server-side pages, Verify/Unverify, Archive; each
 * listing's texts, its Hindi or Marathi version beside the English (what members of that language read).
 */
export function ListingsPage() {
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const page = search.page ?? 1;

  const [text, setText] = useUrlSearchText(search.q, (q) => {
    void navigate({ search: (prev) => ({ ...prev, q, page: undefined }), replace: true });
  });

  const setFilter = (patch: Partial<ListingsSearch>) =>
    navigate({ search: (prev) => ({ ...prev, ...patch, page: undefined }), replace: true });

  const query = trpc.admin.listings.useQuery(
    {
      limit: PAGE_SIZE,
      offset: (page - 1) * PAGE_SIZE,
      ownerType: search.tab,
      status: search.status,
      verified: search.verified === 'yes' ? true : search.verified === 'no' ? false : undefined,
      needsReview: search.verified === 'review' ? true : undefined,
      q: search.q,
    },
    { placeholderData: keepPreviousData },
  );
  const verify = useSetListingVerified();

  const [target, setTarget] = useState<AdminListing | null>(null);
  const [archiveOpen, setArchiveOpen] = useState(false);
  const [reason, setReason] = useState('');
  const archive = useArchiveListing(() => setArchiveOpen(false));

  const listings = query.data?.listings ?? [];
  const total = query.data?.total ?? 0;

  const actionsFor = (l: AdminListing) => (
    <Group gap="xs" wrap="nowrap">
      <VerifyListingButton
        listing={l}
        loading={verify.isPending && verify.variables?.id === l._id}
        onToggle={(input) => verify.mutate(input)}
      />
      {l.status === 'active' ? (
        <Button
          size="xs"
          variant="light"
          color="red"
          onClick={() => {
            archive.reset();
            setReason('');
            setTarget(l);
            setArchiveOpen(true);
          }}
          aria-label={`Archive ${l.title}`}
        >
          Archive
        </Button>
      ) : null}
    </Group>
  );
  const statusBadge = (l: AdminListing) => (
    <Badge variant="light" color={l.status === 'active' ? 'green' : 'gray'}>
      {l.status}
    </Badge>
  );
  const verifiedBadge = (l: AdminListing) => (
    <>
      <Badge variant="light" color={l.verified ? 'teal' : 'yellow'}>
        {l.verified ? 'Verified' : 'Not verified'}
      </Badge>
      {l.needsReview ? (
        <Badge
          variant="filled"
          color="orange"
          title="Edited by its owner after it was verified"
          aria-label="Needs review again: edited by its owner after it was verified"
        >
          Needs review again
        </Badge>
      ) : null}
    </>
  );

  return (
    <Stack>
      <Title order={1} fz="h2">
        Listings
      </Title>
      <Tabs
        value={search.tab ?? 'all'}
        onChange={(v) => setFilter({ tab: v === 'media_owner' || v === 'advertiser' ? v : undefined })}
      >
        <Tabs.List aria-label="Owner type">
          <Tabs.Tab value="all">All</Tabs.Tab>
          <Tabs.Tab value="media_owner">Media owner</Tabs.Tab>
          <Tabs.Tab value="advertiser">Advertiser</Tabs.Tab>
        </Tabs.List>
      </Tabs>
      <Group align="flex-end" gap="sm" wrap="wrap">
        <TextInput
          label="Search listings"
          placeholder="Title, location, description"
          type="search"
          value={text}
          onChange={(e) => setText(e.currentTarget.value)}
          style={{ flex: '1 1 220px' }}
        />
        <FilterSelect
          label="Status"
          allLabel="All statuses"
          options={STATUS_OPTIONS}
          value={search.status}
          onChange={(status) => setFilter({ status })}
          w={160}
        />
        <FilterSelect
          label="Verified"
          allLabel="Verified or not"
          options={VERIFIED_OPTIONS}
          value={search.verified}
          onChange={(verified) => setFilter({ verified })}
          w={160}
        />
      </Group>

      {query.isPending ? (
        <LoadingState />
      ) : query.isError ? (
        <ErrorState error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        <>
          <Text fz="sm" aria-live="polite">
            Showing {total > listings.length ? `${listings.length} of ${total}` : listings.length} listing(s)
          </Text>
          {listings.length === 0 ? (
            <EmptyState>{MESSAGES.adminNoListings}</EmptyState>
          ) : (
            <>
              {/* Phones and tablets: one card per listing, its actions in view (the table scrolled them off-screen). */}
              <Stack
                gap="sm"
                hiddenFrom="md"
                component="ul"
                p={0}
                m={0}
                style={{ listStyle: 'none' }}
                aria-label="Listings"
              >
                {listings.map((l) => (
                  <Card
                    key={l._id}
                    component="li"
                    withBorder
                    padding="sm"
                    aria-label={l.title}
                    style={{ opacity: query.isPlaceholderData ? 0.6 : 1 }}
                  >
                    <Text fw={600}>{l.title}</Text>
                    <Text fz="xs" c="dimmed">
                      {l.owner.name || l.owner.email} · {userTypeLabel(l.ownerType)} · {l.location} ·{' '}
                      {formatDate(l.createdAt)}
                    </Text>
                    <ListingTexts listing={l} />
                    <Group gap={4} my="xs">
                      {statusBadge(l)}
                      {verifiedBadge(l)}
                      <LocalVersionBadge listing={l} />
                    </Group>
                    {l.archivedReason ? (
                      <Text fz="xs" c="dimmed" mb="xs">
                        Reason: {l.archivedReason}
                      </Text>
                    ) : null}
                    {actionsFor(l)}
                  </Card>
                ))}
              </Stack>
              <Box visibleFrom="md">
                <Table.ScrollContainer minWidth={760}>
                  <Table striped highlightOnHover verticalSpacing="sm" aria-label="Listings">
                    <Table.Thead>
                      <Table.Tr>
                        <Table.Th>Title</Table.Th>
                        <Table.Th>Status</Table.Th>
                        <Table.Th>Owner Type</Table.Th>
                        <Table.Th>Verified</Table.Th>
                        <Table.Th>Actions</Table.Th>
                      </Table.Tr>
                    </Table.Thead>
                    <Table.Tbody style={{ opacity: query.isPlaceholderData ? 0.6 : 1 }}>
                      {listings.map((l) => (
                        <Table.Tr key={l._id}>
                          <Table.Td maw={420}>
                            <Group gap={6} wrap="wrap">
                              <Text fw={500} fz="sm">
                                {l.title}
                              </Text>
                              <LocalVersionBadge listing={l} />
                            </Group>
                            <Text fz="xs" c="dimmed">
                              {l.owner.name || l.owner.email} · {l.location} · {formatDate(l.createdAt)}
                            </Text>
                            <ListingTexts listing={l} />
                          </Table.Td>
                          <Table.Td>
                            {statusBadge(l)}
                            {l.archivedReason ? (
                              <Text fz="xs" c="dimmed" mt={4}>
                                Reason: {l.archivedReason}
                              </Text>
                            ) : null}
                          </Table.Td>
                          <Table.Td>{userTypeLabel(l.ownerType)}</Table.Td>
                          <Table.Td>{verifiedBadge(l)}</Table.Td>
                          <Table.Td>{actionsFor(l)}</Table.Td>
                        </Table.Tr>
                      ))}
                    </Table.Tbody>
                  </Table>
                </Table.ScrollContainer>
              </Box>
            </>
          )}
          <Pager
            label="Listings"
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
        opened={archiveOpen}
        title="Archive listing"
        confirmLabel="Archive"
        color="red"
        loading={archive.isPending}
        error={archive.error}
        confirmDisabled={reason.trim().length < 3}
        onClose={() => setArchiveOpen(false)}
        onConfirm={() => target && archive.mutate({ id: target._id, reason: reason.trim() })}
      >
        <Text>
          Archive "{target?.title}"? It leaves the marketplace. The owner sees the reason you give here.
        </Text>
        <Textarea
          label="Reason (shown to the owner)"
          required
          autosize
          minRows={2}
          maxLength={1000}
          value={reason}
          onChange={(e) => setReason(e.currentTarget.value)}
          data-autofocus
        />
      </ConfirmDialog>
    </Stack>
  );
}
