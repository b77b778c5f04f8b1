import { errorMessage, trpc } from '@barterads/api-client';
import { categoryTitle, MESSAGES, type MediaCategoryId } from '@barterads/core';
import { Badge, Button, Group, Modal, Skeleton, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { ListingForm, type ListingFormValues, toListingFormValues, toListingInput } from './ListingForm';
import type { MyListing } from './types';

const dateFormat = new Intl.DateTimeFormat('en-IN', { day: '2-digit', month: 'short', year: 'numeric' });
const SKELETON_ROWS = ['r1', 'r2', 'r3', 'r4'];

function formValues(listing: MyListing): ListingFormValues {
  return toListingFormValues({ ...listing, category: (listing.category as MediaCategoryId | null) ?? null });
}

/** My Listings: Title, Category, Location, Status, Created and clicks, with edit and archive. */
export function MyListingsTable() {
  const mine = trpc.listings.mine.useQuery();
  const utils = trpc.useUtils();
  const [editing, setEditing] = useState<MyListing | null>(null);
  const [archiving, setArchiving] = useState<MyListing | null>(null);
  const refresh = () =>
    Promise.all([
      utils.listings.mine.invalidate(),
      utils.listings.stats.invalidate(),
      utils.listings.search.invalidate(),
    ]);
  const update = trpc.listings.update.useMutation();
  const archive = trpc.listings.archive.useMutation({
    onSuccess: async () => {
      await refresh();
      notifications.show({ color: 'green', message: 'Listing archived.' });
      setArchiving(null);
    },
    onError: (error) => notifications.show({ color: 'red', message: errorMessage(error) }),
  });

  if (mine.isPending) {
    return (
      <Stack gap="xs" role="status" aria-busy="true" aria-label="Loading your listings">
        {SKELETON_ROWS.map((key) => (
          <Skeleton key={key} h={36} />
        ))}
      </Stack>
    );
  }
  if (mine.isError) {
    return (
      <Text c="red" role="alert">
        {MESSAGES.dashboardListingsFailed}
      </Text>
    );
  }
  if (mine.data.barters.length === 0) {
    return <Text c="dimmed">{MESSAGES.noListingsYet}</Text>;
  }
  return (
    <>
      <Table.ScrollContainer minWidth={720}>
        <Table striped highlightOnHover verticalSpacing="sm" aria-label="My listings">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Title</Table.Th>
              <Table.Th>Category</Table.Th>
              <Table.Th>Location</Table.Th>
              <Table.Th>Status</Table.Th>
              <Table.Th>Created</Table.Th>
              <Table.Th>Clicks (7 days)</Table.Th>
              <Table.Th>Total clicks</Table.Th>
              <Table.Th>
                <VisuallyHidden>Actions</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {mine.data.barters.map((listing) => (
              <Table.Tr key={listing._id}>
                <Table.Td>{listing.title}</Table.Td>
                <Table.Td>{categoryTitle(listing.category)}</Table.Td>
                <Table.Td>{listing.location}</Table.Td>
                <Table.Td>
                  <Badge color={listing.status === 'archived' ? 'gray' : 'green'} variant="light">
                    {listing.status}
                  </Badge>
                </Table.Td>
                <Table.Td>{dateFormat.format(new Date(listing.createdAt))}</Table.Td>
                <Table.Td>{listing.clicks7d}</Table.Td>
                <Table.Td>{listing.totalClicks}</Table.Td>
                <Table.Td>
                  <Group gap="xs" wrap="nowrap">
                    <Button
                      size="xs"
                      variant="default"
                      onClick={() => setEditing(listing)}
                      aria-label={`Edit ${listing.title}`}
                    >
                      Edit
                    </Button>
                    {listing.status === 'active' ? (
                      <Button
                        size="xs"
                        variant="light"
                        color="red"
                        onClick={() => setArchiving(listing)}
                        aria-label={`Archive ${listing.title}`}
                      >
                        Archive
                      </Button>
                    ) : null}
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Modal opened={editing !== null} onClose={() => setEditing(null)} title="Edit listing" size="lg">
        {editing ? (
          <ListingForm
            key={editing._id}
            initial={formValues(editing)}
            submitLabel="Save changes"
            busy={update.isPending}
            error={update.error ? errorMessage(update.error) : null}
            onCancel={() => setEditing(null)}
            onSubmit={async (values) => {
              try {
                await update.mutateAsync({ id: editing._id, ...toListingInput(values) });
              } catch {
                return false;
              }
              await refresh();
              notifications.show({ color: 'green', message: 'Listing updated.' });
              update.reset();
              setEditing(null);
              return false;
            }}
          />
        ) : null}
      </Modal>
      <Modal opened={archiving !== null} onClose={() => setArchiving(null)} title="Archive listing?">
        <Stack>
          <Text>
            “{archiving?.title}” will leave the marketplace. It stays in your listings, marked archived.
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setArchiving(null)}>
              Cancel
            </Button>
            <Button
              color="red"
              loading={archive.isPending}
              onClick={() => archiving && archive.mutate({ id: archiving._id })}
            >
              Archive
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
