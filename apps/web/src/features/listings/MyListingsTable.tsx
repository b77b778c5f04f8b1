import { errorMessage, trpc } from '@barterads/api-client';
import { categoryTitle, EXCHANGE_FIELD, MESSAGES } from '@barterads/core';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  Badge,
  Box,
  Button,
  Card,
  Group,
  Modal,
  Skeleton,
  Stack,
  Table,
  Text,
  VisuallyHidden,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { lazy, Suspense, useState } from 'react';
import { FormLoading } from '../../components/FormLoading';
import { useCoreText, useFormatDate } from '../../i18n/core-text';
import { postLabels } from './post-labels';
import type { MyListing } from './types';
import { showPhotosNotAdded, uploadListingPhotos } from './upload-photos';

const SKELETON_ROWS = ['r1', 'r2', 'r3', 'r4'];

// The edit form loads when a listing is edited (the dashboard's JS budget).
const EditListingForm = lazy(() => import('./EditListingForm'));

function StatusBadge({ status }: { status: MyListing['status'] }) {
  const { t } = useLingui();
  return (
    <Badge color={status === 'archived' ? 'gray' : 'green'} variant="light">
      {status === 'archived' ? t`archived` : status === 'active' ? t`active` : status}
    </Badge>
  );
}

interface RowActionsProps {
  listing: MyListing;
  onEdit: () => void;
  onArchive: () => void;
  onRestore: () => void;
  restoring: boolean;
  onFeature: () => void;
  featuring: boolean;
  grow?: boolean;
}

/** Edit, and Archive for an active listing or Restore for an archived one. */
function RowActions({
  listing,
  onEdit,
  onArchive,
  onRestore,
  restoring,
  onFeature,
  featuring,
  grow = false,
}: RowActionsProps) {
  const { t } = useLingui();
  const formatDate = useFormatDate();
  return (
    <Group gap="xs" wrap="nowrap" grow={grow}>
      {listing.status === 'active' &&
        (listing.featured && listing.featuredUntil ? (
          <Badge
            color="yellow"
            variant="light"
            title={t`Featured until ${formatDate(listing.featuredUntil)}`}
          >
            <Trans>Featured</Trans>
          </Badge>
        ) : (
          <Button
            size="xs"
            variant="light"
            color="yellow"
            onClick={onFeature}
            loading={featuring}
            aria-label={t`Feature ${listing.title} for 7 days`}
          >
            <Trans>Feature</Trans>
          </Button>
        ))}
      <Button size="xs" variant="default" onClick={onEdit} aria-label={t`Edit ${listing.title}`}>
        <Trans>Edit</Trans>
      </Button>
      {listing.status === 'active' ? (
        <Button
          size="xs"
          variant="light"
          color="red"
          onClick={onArchive}
          aria-label={t`Archive ${listing.title}`}
        >
          <Trans>Archive</Trans>
        </Button>
      ) : (
        <Button
          size="xs"
          variant="light"
          onClick={onRestore}
          loading={restoring}
          aria-label={t`Restore ${listing.title}`}
        >
          <Trans>Restore</Trans>
        </Button>
      )}
    </Group>
  );
}

/**
 * My Listings: Title, Category, Location, Status, Created and clicks, with edit, archive and restore. A table
 * where it fits (from the md breakpoint, beside the dashboard's sidebar); one card per listing below that, so
 * that a phone shows every listing's status and actions without scrolling sideways.
 */
export function MyListingsTable() {
  const { t, i18n } = useLingui();
  const core = useCoreText();
  const formatDate = useFormatDate();
  const created = formatDate;
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
  const removePhoto = trpc.listings.removePhoto.useMutation();
  const [uploadingPhotos, setUploadingPhotos] = useState(false);
  const allowance = trpc.payments.subscription.useQuery();
  const feature = trpc.listings.feature.useMutation({
    onSuccess: async () => {
      await Promise.all([refresh(), utils.payments.subscription.invalidate()]);
      notifications.show({ color: 'green', message: t`Listing featured for 7 days.` });
    },
    onError: (error) => notifications.show({ color: 'red', message: errorMessage(error) }),
  });
  const restore = trpc.listings.restore.useMutation({
    onSuccess: async () => {
      await refresh();
      notifications.show({ color: 'green', message: t`Listing restored to the marketplace.` });
    },
    onError: (error) => notifications.show({ color: 'red', message: errorMessage(error) }),
  });
  const actionsOf = (listing: MyListing, grow = false) => (
    <RowActions
      listing={listing}
      grow={grow}
      onEdit={() => setEditing(listing)}
      onArchive={() => setArchiving(listing)}
      onRestore={() => restore.mutate({ id: listing._id })}
      restoring={restore.isPending && restore.variables?.id === listing._id}
      onFeature={() => feature.mutate({ id: listing._id })}
      featuring={feature.isPending && feature.variables?.id === listing._id}
    />
  );
  const archive = trpc.listings.archive.useMutation({
    onSuccess: async () => {
      await refresh();
      notifications.show({ color: 'green', message: t`Listing archived.` });
      setArchiving(null);
    },
    onError: (error) => notifications.show({ color: 'red', message: errorMessage(error) }),
  });

  if (mine.isPending) {
    return (
      <Stack gap="xs" role="status" aria-busy="true" aria-label={t`Loading your listings`}>
        {SKELETON_ROWS.map((key) => (
          <Skeleton key={key} h={36} />
        ))}
      </Stack>
    );
  }
  if (mine.isError) {
    return (
      <Text c="red" role="alert">
        {core(MESSAGES.dashboardListingsFailed)}
      </Text>
    );
  }
  if (mine.data.barters.length === 0) {
    return <Text c="dimmed">{core(MESSAGES.noListingsYet)}</Text>;
  }
  const featured = allowance.data?.allowance;
  return (
    <>
      {featured && featured.featuredLimit > 0 ? (
        <Text fz="sm" c="dimmed" mb="xs" data-testid="featured-allowance">
          {t`Featured this month: ${featured.featuredThisMonth} of ${featured.featuredLimit} · resets on ${formatDate(featured.resetsOn)}`}
        </Text>
      ) : null}
      <Stack
        gap="sm"
        hiddenFrom="md"
        aria-label={t`My listings`}
        component="ul"
        p={0}
        m={0}
        style={{ listStyle: 'none' }}
      >
        {mine.data.barters.map((listing) => (
          <Card
            key={listing._id}
            withBorder
            padding="sm"
            radius="md"
            component="li"
            aria-label={listing.title}
          >
            <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
              <Text fw={600} lineClamp={2} translate="no">
                {listing.title}
              </Text>
              <StatusBadge status={listing.status} />
            </Group>
            <Text fz="sm" c="dimmed">
              {core(categoryTitle(listing.category))} · <span translate="no">{listing.location}</span>
            </Text>
            <Text fz="xs" c="dimmed" mb="xs">
              {t`Created ${created(listing.createdAt)} · ${listing.clicks7d} clicks in 7 days · ${listing.totalClicks} in total`}
            </Text>
            {actionsOf(listing, true)}
          </Card>
        ))}
      </Stack>
      <Box visibleFrom="md">
        <Table.ScrollContainer minWidth={720}>
          <Table striped highlightOnHover verticalSpacing="sm" aria-label={t`My listings`}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>
                  <Trans>Title</Trans>
                </Table.Th>
                <Table.Th>
                  <Trans>Category</Trans>
                </Table.Th>
                <Table.Th>
                  <Trans>Location</Trans>
                </Table.Th>
                <Table.Th>
                  <Trans>Status</Trans>
                </Table.Th>
                <Table.Th>
                  <Trans>Created</Trans>
                </Table.Th>
                <Table.Th>
                  <Trans>Clicks (7 days)</Trans>
                </Table.Th>
                <Table.Th>
                  <Trans>Total clicks</Trans>
                </Table.Th>
                <Table.Th>
                  <VisuallyHidden>
                    <Trans>Actions</Trans>
                  </VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {mine.data.barters.map((listing) => (
                <Table.Tr key={listing._id}>
                  <Table.Td translate="no">{listing.title}</Table.Td>
                  <Table.Td>{core(categoryTitle(listing.category))}</Table.Td>
                  <Table.Td translate="no">{listing.location}</Table.Td>
                  <Table.Td>
                    <StatusBadge status={listing.status} />
                  </Table.Td>
                  <Table.Td>{created(listing.createdAt)}</Table.Td>
                  <Table.Td>{listing.clicks7d}</Table.Td>
                  <Table.Td>{listing.totalClicks}</Table.Td>
                  <Table.Td>{actionsOf(listing)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Box>
      <Modal opened={editing !== null} onClose={() => setEditing(null)} title={t`Edit listing`} size="lg">
        {editing ? (
          <Suspense fallback={<FormLoading />}>
            <EditListingForm
              key={editing._id}
              listing={editing}
              titleLabel={postLabels(editing.ownerRole, i18n).title}
              seekingLabel={EXCHANGE_FIELD[editing.ownerRole].question}
              busy={update.isPending || uploadingPhotos}
              error={update.error ? errorMessage(update.error) : null}
              onCancel={() => setEditing(null)}
              removingPhoto={
                removePhoto.isPending && removePhoto.variables ? Number(removePhoto.variables.index) : null
              }
              onRemoveStoredPhoto={async (index) => {
                try {
                  const { barter } = await removePhoto.mutateAsync({ id: editing._id, index });
                  setEditing({ ...editing, photos: barter.photos, image: barter.image });
                  await refresh();
                } catch (error) {
                  notifications.show({ color: 'red', message: errorMessage(error) });
                }
              }}
              onSave={async (input, photos) => {
                try {
                  await update.mutateAsync({ id: editing._id, ...input });
                } catch {
                  return false;
                }
                setUploadingPhotos(true);
                const notAdded = await uploadListingPhotos(editing._id, photos).finally(() =>
                  setUploadingPhotos(false),
                );
                await refresh();
                notifications.show({ color: 'green', message: t`Listing updated.` });
                showPhotosNotAdded(notAdded, i18n);
                update.reset();
                setEditing(null);
                return false;
              }}
            />
          </Suspense>
        ) : null}
      </Modal>
      <Modal opened={archiving !== null} onClose={() => setArchiving(null)} title={t`Archive listing?`}>
        <Stack>
          <Text>
            <Trans>
              “<span translate="no">{archiving?.title}</span>” will leave the marketplace. It stays in your
              listings, marked archived.
            </Trans>
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setArchiving(null)}>
              <Trans>Cancel</Trans>
            </Button>
            <Button
              color="red"
              loading={archive.isPending}
              onClick={() => archiving && archive.mutate({ id: archiving._id })}
            >
              <Trans>Archive</Trans>
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
