import { errorMessage, type SessionUser, trpc } from '@barterads/api-client';
import type { DealOfferFormValues } from '@barterads/core/forms';
import { useLingui } from '@lingui/react/macro';
import { Alert, Loader, Modal } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useRouter } from '@tanstack/react-router';
import { useState } from 'react';
import { useDiscardGuard } from '../../components/ConfirmDialog';
import { DealOfferForm, EMPTY_ITEM, itemFromListing } from './DealOfferForm';
import { DEFAULT_OPEN_DAYS, givableListings, toApiItems } from './offer-items';
import type { ProposeDealButtonProps } from './ProposeDealButton';

/**
 * The "Propose a deal" form in a modal (its own chunk: the listing page loads it on first use), prefilled with
 * the listing as what you get and, as what you give, your first active inventory listing (never a need of yours:
 * that is what you want), else an empty row. Full screen on a phone; closing it with typed text asks first.
 */
export default function ProposeDealModal({
  listing,
  user,
  opened,
  onClose,
}: {
  listing: ProposeDealButtonProps['listing'];
  user: SessionUser;
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useLingui();
  const router = useRouter();
  const phone = useMediaQuery('(max-width: 36em)');
  const mine = trpc.listings.mine.useQuery(undefined, { enabled: opened });
  const propose = trpc.deals.propose.useMutation({
    onSuccess: async ({ deal }) => {
      onClose();
      await router.navigate({ to: '/dashboard/deals/$id', params: { id: deal._id } });
    },
  });
  const [dirty, setDirty] = useState(false);
  const guard = useDiscardGuard(dirty, onClose, t`Discard this offer?`);
  const otherName = listing.ownerCompany ?? listing.ownerName;
  const givable = givableListings(mine.data?.barters ?? []);
  const initial: DealOfferFormValues = {
    get: [itemFromListing(listing)],
    give: [givable[0] ? itemFromListing(givable[0]) : { ...EMPTY_ITEM }],
    openDays: DEFAULT_OPEN_DAYS,
    message: '',
  };
  return (
    <Modal
      opened={opened}
      onClose={guard.requestClose}
      title={t`Propose a deal`}
      size="lg"
      fullScreen={phone}
    >
      {guard.dialog}
      {mine.isPending ? (
        <Loader role="status" aria-label={t`Loading your listings`} />
      ) : mine.isError ? (
        <Alert color="red">{errorMessage(mine.error)}</Alert>
      ) : (
        <DealOfferForm
          initial={initial}
          myListings={givable}
          otherName={otherName}
          submitLabel={t`Send the offer`}
          busy={propose.isPending}
          error={propose.error ? errorMessage(propose.error) : null}
          onCancel={guard.requestClose}
          onDirtyChange={setDirty}
          onSubmit={(values) =>
            propose.mutate({
              listingId: listing._id,
              items: toApiItems(values, user._id, listing.ownerId),
              message: values.message || undefined,
              openDays: Number(values.openDays),
            })
          }
        />
      )}
    </Modal>
  );
}
