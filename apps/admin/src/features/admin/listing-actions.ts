import { trpc } from '@barterads/api-client';
import { notifications } from '@mantine/notifications';

/** Verify/Unverify a listing; every admin view of listings, the metrics and the activity refresh after it. */
export function useSetListingVerified() {
  const utils = trpc.useUtils();
  return trpc.admin.setListingVerified.useMutation({
    onSuccess: async ({ listing }) => {
      notifications.show({
        color: 'green',
        message: `"${listing.title}" is now ${listing.verified ? 'verified' : 'unverified'}.`,
      });
      await Promise.all([
        utils.admin.listings.invalidate(),
        utils.admin.metrics.invalidate(),
        utils.admin.activity.invalidate(),
      ]);
    },
    onError: (error) => {
      notifications.show({ color: 'red', message: error.message || 'Could not change the listing.' });
    },
  });
}

/** Archive a listing with a reason its owner can read. */
export function useArchiveListing(onDone: () => void) {
  const utils = trpc.useUtils();
  return trpc.admin.archiveListing.useMutation({
    onSuccess: async ({ listing }) => {
      notifications.show({ color: 'green', message: `"${listing.title}" was archived.` });
      onDone();
      await Promise.all([
        utils.admin.listings.invalidate(),
        utils.admin.metrics.invalidate(),
        utils.admin.activity.invalidate(),
      ]);
    },
  });
}
