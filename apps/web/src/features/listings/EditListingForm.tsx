import type { MediaCategoryId } from '@barterads/core';
import { useLingui } from '@lingui/react/macro';
import { ListingForm, type ListingInput, toListingFormValues, toListingInput } from './ListingForm';
import type { MyListing } from './types';

export interface EditListingFormProps {
  listing: MyListing;
  titleLabel: string;
  seekingLabel: string;
  busy: boolean;
  error: string | null;
  onCancel: () => void;
  /** The stored photo being removed (its index), if any. */
  removingPhoto: number | null;
  onRemoveStoredPhoto: (index: number) => Promise<void>;
  /** Saves the listing's new values, then adds the photos chosen; false keeps the form open. */
  onSave: (input: ListingInput, photos: File[]) => Promise<boolean>;
}

/**
 * The edit form of one of the member's listings, loaded when a listing is edited: the form, its schemas and the
 * city list are not part of My Listings' first load.
 */
export default function EditListingForm({ listing, onSave, ...props }: EditListingFormProps) {
  const { t } = useLingui();
  return (
    <ListingForm
      initial={toListingFormValues({
        ...listing,
        category: (listing.category as MediaCategoryId | null) ?? null,
      })}
      submitLabel={t`Save changes`}
      storedPhotos={listing.photos}
      onSubmit={(values, photos) => onSave(toListingInput(values), photos)}
      {...props}
    />
  );
}
