import { Button } from '@mantine/core';

export interface VerifyListingButtonProps {
  listing: { _id: string; title: string; verified: boolean };
  /** This listing's change is under way. */
  loading: boolean;
  onToggle: (input: { id: string; verified: boolean }) => void;
}

/** Verify or Unverify one listing: the overview's pending list and the Listings page share it. */
export function VerifyListingButton({ listing, loading, onToggle }: VerifyListingButtonProps) {
  const label = listing.verified ? 'Unverify' : 'Verify';
  return (
    <Button
      size="xs"
      variant={listing.verified ? 'default' : 'filled'}
      loading={loading}
      onClick={() => onToggle({ id: listing._id, verified: !listing.verified })}
      aria-label={`${label} ${listing.title}`}
    >
      {label}
    </Button>
  );
}
