import type { SessionUser } from '@barterads/api-client';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button } from '@mantine/core';
import { lazy, Suspense, useState } from 'react';
import type { SavedQuery } from './describe';

// The dialogs load on first use: most visitors browse, and the form is not part of the page's first load.
const SaveSearchModal = lazy(() => import('./SaveSearchModal'));
const SignInRequiredModal = lazy(() => import('../../components/SignInRequiredModal'));

export interface SaveSearchButtonProps {
  /** The signed-in member, null signed out, undefined while the session is not known. */
  user: SessionUser | null | undefined;
  query: SavedQuery;
  /** Where a signed-out visitor comes back to after signing in (the marketplace with these filters). */
  redirect: string;
}

/** The marketplace's "Save this search": the save dialog, or signed out the sign-in dialog. */
export function SaveSearchButton({ user, query, redirect }: SaveSearchButtonProps) {
  const { t } = useLingui();
  const [opened, setOpened] = useState(false);
  // A new dialog (a fresh default name) each time it opens.
  const [round, setRound] = useState(0);
  return (
    <>
      <Button
        variant="default"
        disabled={user === undefined}
        onClick={() => {
          setRound((n) => n + 1);
          setOpened(true);
        }}
      >
        <Trans>Save this search</Trans>
      </Button>
      {round > 0 ? (
        <Suspense fallback={null}>
          {user ? (
            <SaveSearchModal key={round} opened={opened} onClose={() => setOpened(false)} query={query} />
          ) : (
            <SignInRequiredModal
              opened={opened}
              onClose={() => setOpened(false)}
              reason={t`Please sign in or create an account to save this search.`}
              redirect={redirect}
              title={t`Sign in to save this search`}
            />
          )}
        </Suspense>
      ) : null}
    </>
  );
}
