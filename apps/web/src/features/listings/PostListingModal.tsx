import { errorMessage, trpc } from '@barterads/api-client';
import { MESSAGES, type MediaCategoryId, type UserType } from '@barterads/core';
import { cityLabel, findCity } from '@barterads/core/inventory';
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Anchor, Button, Group, Loader, Modal, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { useCoreText } from '../../i18n/core-text';
import { EMPTY_LISTING, ListingForm, type ListingFormValues, toListingInput } from './ListingForm';
import { postLabels } from './post-labels';
import { showPhotosNotAdded, uploadListingPhotos } from './upload-photos';

export interface PostListingModalProps {
  opened: boolean;
  onClose: () => void;
  userType: UserType;
  /** What the form starts with: the marketplace's "Post a need for this" passes its search and filters. */
  prefill?: { title?: string | undefined; category?: MediaCategoryId | undefined; city?: string | undefined };
}

/** The form's first values from a prefill (a city by name becomes its "City, State" label). */
function initialValues(prefill: PostListingModalProps['prefill']): ListingFormValues {
  if (!prefill) return EMPTY_LISTING;
  const city = prefill.city ? findCity(prefill.city) : null;
  return {
    ...EMPTY_LISTING,
    title: prefill.title ?? '',
    category: prefill.category ?? null,
    city: city ? cityLabel(city) : '',
  };
}

/** Publishes a listing; on success the marketplace, My Listings and the dashboard refresh, and the form resets. */
export function PostListingModal({ opened, onClose, userType, prefill }: PostListingModalProps) {
  const { t, i18n } = useLingui();
  const core = useCoreText();
  const labels = postLabels(userType, i18n);
  const utils = trpc.useUtils();
  const create = trpc.listings.create.useMutation();
  const [uploading, setUploading] = useState(false);
  // The plan's allowance is checked when the modal opens, not after the whole form is filled in.
  const allowance = trpc.listings.allowance.useQuery(undefined, { enabled: opened, staleTime: 0 });
  const active = allowance.data?.activeListings;
  const limit = allowance.data?.limit;
  const full =
    allowance.data && allowance.data.limit !== null && allowance.data.activeListings >= allowance.data.limit;
  return (
    <Modal opened={opened} onClose={onClose} title={labels.open} size="lg">
      {allowance.isPending ? (
        <Group justify="center" p="md">
          <Loader role="status" size="sm" aria-label={t`Checking your plan`} />
        </Group>
      ) : full ? (
        <Stack>
          <Alert color="yellow" role="alert" title={t`Your plan's listings are all in use`}>
            {core(MESSAGES.listingLimitReached)} {t`You have ${active} active of ${limit}.`}
          </Alert>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              <Trans>Close</Trans>
            </Button>
            <Anchor component={Link} to="/pricing" onClick={onClose}>
              <Trans>See plans</Trans>
            </Anchor>
          </Group>
        </Stack>
      ) : (
        <ListingForm
          key={opened ? 'open' : 'closed'}
          initial={initialValues(prefill)}
          submitLabel={labels.submit}
          titleLabel={labels.title}
          seekingLabel={labels.seeking}
          busy={create.isPending || uploading}
          error={create.error ? errorMessage(create.error, core(MESSAGES.listingCreateFailed)) : null}
          onSubmit={async (values, photos) => {
            let id: string;
            try {
              id = (await create.mutateAsync(toListingInput(values))).barter._id;
            } catch {
              return false;
            }
            // The listing is live; its photos follow. One the server refuses is named, the rest are kept.
            setUploading(true);
            const notAdded = await uploadListingPhotos(id, photos).finally(() => setUploading(false));
            await Promise.all([
              utils.listings.search.invalidate(),
              utils.listings.mine.invalidate(),
              utils.listings.stats.invalidate(),
              utils.listings.allowance.invalidate(),
            ]);
            notifications.show({ color: 'green', message: t`Your listing is live.` });
            showPhotosNotAdded(notAdded, i18n);
            create.reset();
            onClose();
            return true;
          }}
        />
      )}
    </Modal>
  );
}
