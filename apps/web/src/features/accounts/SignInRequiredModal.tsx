import { Button, Modal, Stack, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';

export interface SignInRequiredModalProps {
  opened: boolean;
  onClose(): void;
  /** The modal's title, e.g. "Sign in to send a message". */
  title: string;
  /** Why an account is needed for what was clicked. */
  reason: string;
  /** Where to continue after signing in or creating the account (a same-site path). */
  redirect: string;
}

/**
 * The one sign-in-required modal: says why, and offers Sign In and Create Account, both of which come back
 * to `redirect` afterwards. Traps focus and returns it on close (Mantine's Modal).
 */
export function SignInRequiredModal({ opened, onClose, title, reason, redirect }: SignInRequiredModalProps) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={title}
      centered
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <Stack>
        <Text>{reason}</Text>
        {/* Stacked on phones: the two labels never share a row too narrow for them. */}
        <Stack gap="xs">
          <Button renderRoot={(props) => <Link to="/login" search={{ redirect }} {...props} />} fullWidth>
            Sign In
          </Button>
          <Button
            renderRoot={(props) => <Link to="/signup" search={{ redirect }} {...props} />}
            variant="default"
            fullWidth
          >
            Create Account
          </Button>
        </Stack>
      </Stack>
    </Modal>
  );
}

export default SignInRequiredModal;
