import type { SessionUser } from '@barterads/api-client';
import type { ListingUnit } from '@barterads/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button } from '@mantine/core';
import { lazy, Suspense, useState } from 'react';
import buttons from '../../components/PlainButton.module.css';
import { currentLanguage, loadCatalogues } from '../../i18n';

const SignInRequiredModal = lazy(() => import('../../components/SignInRequiredModal'));
// The form and its words (the deals catalogue) load on first use.
const ProposeDealModal = lazy(() =>
  Promise.all([import('./ProposeDealModal'), loadCatalogues(currentLanguage(), ['deals'])]).then(
    ([module]) => module,
  ),
);

export interface ProposeDealButtonProps {
  listing: {
    _id: string;
    ownerId: string;
    title: string;
    unit: ListingUnit | null;
    rateInr: number | null;
    minUnits: number;
    ownerName: string;
    ownerCompany: string | null;
  };
  /** The signed-in user (null when signed out, undefined while loading). */
  user: SessionUser | null | undefined;
  /**
   * A marketplace card's button: a plain button (PlainButton.module.css, as a results page holds 24) whose visible
   * word is "Propose", as three buttons share a phone card's row; its accessible name says the rest.
   */
  compact?: boolean;
}

/**
 * "Propose a deal" on a listing that is not yours (hidden on your own), on its page and on marketplace cards.
 * Signed out, it asks you to sign in; the form itself loads on first use.
 */
export function ProposeDealButton({ listing, user, compact = false }: ProposeDealButtonProps) {
  const { t } = useLingui();
  const [open, setOpen] = useState<'closed' | 'open' | 'unused'>('unused');
  const [signIn, setSignIn] = useState<'closed' | 'open' | 'unused'>('unused');
  if (user && user._id === listing.ownerId) return null;
  return (
    <>
      {compact ? (
        <button
          type="button"
          className={`${buttons.button} ${buttons.light}`}
          aria-label={t`Propose a deal`}
          disabled={user === undefined}
          onClick={() => (user === null ? setSignIn('open') : setOpen('open'))}
        >
          <Trans>Propose</Trans>
        </button>
      ) : (
        <Button
          disabled={user === undefined}
          onClick={() => (user === null ? setSignIn('open') : setOpen('open'))}
        >
          <Trans>Propose a deal</Trans>
        </Button>
      )}
      {user && open !== 'unused' ? (
        <Suspense fallback={null}>
          <ProposeDealModal
            listing={listing}
            user={user}
            opened={open === 'open'}
            onClose={() => setOpen('closed')}
          />
        </Suspense>
      ) : null}
      {signIn !== 'unused' && (
        <Suspense fallback={null}>
          <SignInRequiredModal
            opened={signIn === 'open'}
            onClose={() => setSignIn('closed')}
            title={t`Sign in to propose a deal`}
            reason={t`Deals are made between BarterAds members. Sign in or create a free account, then propose your deal from this listing.`}
            redirect={`/listings/${listing._id}`}
          />
        </Suspense>
      )}
    </>
  );
}
