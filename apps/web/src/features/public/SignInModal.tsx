import { MESSAGES } from '@barterads/core';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';

/** 'Sign in to continue' (spec section 2): traps focus and returns it on close. Loaded lazily by the hero. */
export default function SignInModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title="Sign in to continue"
      centered
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <Stack>
        <Text>{MESSAGES.signInToTrade}</Text>
        <Group grow>
          <Button component={Link} to="/login">
            Sign In
          </Button>
          <Button component={Link} to="/signup" variant="default">
            Create Account
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
