import { errorMessage, trpc } from '@barterads/api-client';
import { MESSAGES, type UserType } from '@barterads/core';
import { Modal } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { ListingForm, toListingInput } from './ListingForm';
import { postLabels } from './post-labels';

export interface PostListingModalProps {
  opened: boolean;
  onClose: () => void;
  userType: UserType;
}

/** Publishes a listing; on success the marketplace, My Listings and the dashboard refresh, and the form resets. */
export function PostListingModal({ opened, onClose, userType }: PostListingModalProps) {
  const labels = postLabels(userType);
  const utils = trpc.useUtils();
  const create = trpc.listings.create.useMutation();
  return (
    <Modal opened={opened} onClose={onClose} title={labels.open} size="lg">
      <ListingForm
        key={opened ? 'open' : 'closed'}
        submitLabel={labels.submit}
        titleLabel={labels.title}
        seekingLabel={labels.seeking}
        busy={create.isPending}
        error={create.error ? errorMessage(create.error, MESSAGES.listingCreateFailed) : null}
        onSubmit={async (values) => {
          try {
            await create.mutateAsync(toListingInput(values));
          } catch {
            return false;
          }
          await Promise.all([
            utils.listings.search.invalidate(),
            utils.listings.mine.invalidate(),
            utils.listings.stats.invalidate(),
          ]);
          notifications.show({ color: 'green', message: 'Your listing is live.' });
          create.reset();
          onClose();
          return true;
        }}
      />
    </Modal>
  );
}
