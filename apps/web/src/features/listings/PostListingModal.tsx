import { errorMessage, trpc } from '@barterads/api-client';
import { MESSAGES, type UserType } from '@barterads/core';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useNavigate } from '@tanstack/react-router';
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

/** Shown when a visitor tries to post. */
export function SignInToPostModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const navigate = useNavigate();
  return (
    <Modal opened={opened} onClose={onClose} title="Sign in to continue">
      <Stack>
        <Text>Please sign in or create an account to post a listing.</Text>
        <Group justify="flex-end">
          <Button
            variant="default"
            onClick={() => navigate({ to: '/login', search: { redirect: '/marketplace' } })}
          >
            Sign In
          </Button>
          <Button onClick={() => navigate({ to: '/signup', search: { redirect: undefined } })}>
            Create Account
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
