import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Modal, SimpleGrid, Stack, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { safeRedirect } from '../features/accounts/messages';

export interface SignInRequiredModalProps {
  opened: boolean;
  onClose: () => void;
  /** Why signing in is needed, in one sentence (e.g. MESSAGES.signInToSubscribe). */
  reason: string;
  /** Where the visitor resumes after signing in or signing up: an in-app path (`/pricing`, `/marketplace`). */
  redirect: string;
  /** The dialog's title; "Sign in to continue" by default. */
  title?: string;
}

/**
 * The one "sign in required" dialog of the web app (the hero's Start Trading Now, a plan's Subscribe, the
 * marketplace's Post and Message): the reason, then Sign In and Create Account links that come back to
 * `redirect`. Mantine's Modal traps focus and returns it on close. The buttons sit side by side where both fit
 * in full and one above the other on a phone (side by side at 360 px, "Create Account" was cut short).
 */
export function SignInRequiredModal({ opened, onClose, reason, redirect, title }: SignInRequiredModalProps) {
  const { t } = useLingui();
  const search = { redirect: safeRedirect(redirect) };
  return (
    <Modal opened={opened} onClose={onClose} title={title ?? t`Sign in to continue`} centered>
      <Stack>
        <Text>{reason}</Text>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <Button renderRoot={(props) => <Link {...props} to="/login" search={search} />}>
            <Trans>Sign In</Trans>
          </Button>
          <Button variant="default" renderRoot={(props) => <Link {...props} to="/signup" search={search} />}>
            <Trans>Create Account</Trans>
          </Button>
        </SimpleGrid>
      </Stack>
    </Modal>
  );
}

export default SignInRequiredModal;
