import { errorMessage, type SessionUser, trpc } from '@barterads/api-client';
import type { DealOfferFormValues } from '@barterads/core/forms';
import { Alert, Loader, Modal } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useRouter } from '@tanstack/react-router';
import { DealOfferForm, EMPTY_ITEM, itemFromListing } from './DealOfferForm';
import { DEFAULT_OPEN_DAYS, toApiItems } from './offer-items';
import type { ProposeDealButtonProps } from './ProposeDealButton';

/**
 * The "Propose a deal" form in a modal (its own chunk: the listing page loads it on first use), prefilled with
 * the listing as what you get and your own active listings to pick what you give. Full screen on a phone.
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
  const router = useRouter();
  const phone = useMediaQuery('(max-width: 36em)');
  const mine = trpc.listings.mine.useQuery(undefined, { enabled: opened });
  const propose = trpc.deals.propose.useMutation({
    onSuccess: async ({ deal }) => {
      onClose();
      await router.navigate({ to: '/dashboard/deals/$id', params: { id: deal._id } });
    },
  });
  const otherName = listing.ownerCompany ?? listing.ownerName;
  const myActive = (mine.data?.barters ?? []).filter((b) => b.status === 'active');
  const initial: DealOfferFormValues = {
    get: [itemFromListing(listing)],
    give: [myActive[0] ? itemFromListing(myActive[0]) : { ...EMPTY_ITEM }],
    openDays: DEFAULT_OPEN_DAYS,
    message: '',
  };
  return (
    <Modal opened={opened} onClose={onClose} title="Propose a deal" size="lg" fullScreen={phone}>
      {mine.isPending ? (
        <Loader aria-label="Loading your listings" />
      ) : mine.isError ? (
        <Alert color="red">{errorMessage(mine.error)}</Alert>
      ) : (
        <DealOfferForm
          initial={initial}
          myListings={myActive}
          otherName={otherName}
          submitLabel="Send the offer"
          busy={propose.isPending}
          error={propose.error ? errorMessage(propose.error) : null}
          onCancel={onClose}
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
