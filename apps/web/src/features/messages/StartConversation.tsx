import { errorMessage, trpc } from '@barterads/api-client';
import { MESSAGES } from '@barterads/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Button, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { useCoreText } from '../../i18n/core-text';

interface StartConversationProps {
  listingId: string;
  onStarted(conversationId: string): void;
  onGiveUp(): void;
}

/**
 * Opens (or reopens) the conversation about a listing, once: where "Message" continues after a signed-out
 * visitor signs in. A refusal (own listing, owner unavailable) is said here, with a way on.
 */
export function StartConversation({ listingId, onStarted, onGiveUp }: StartConversationProps) {
  const { t } = useLingui();
  const core = useCoreText();
  const start = trpc.messages.start.useMutation();
  const asked = useRef<string | null>(null);
  const startedId = start.data?.conversation._id;
  // After every render: asks once per listing, and opens the conversation whenever this is still on screen
  // with an answer (a navigation that lands here again, such as the sign-in page's own redirect finishing
  // after ours, is followed by opening it again instead of a spinner that never ends).
  useEffect(() => {
    if (startedId) {
      onStarted(startedId);
      return;
    }
    if (asked.current === listingId) return;
    asked.current = listingId;
    start.mutate({ barterId: listingId });
  });
  return (
    <Stack gap="sm">
      <Title order={1} fz="h2">
        <Trans>Messages</Trans>
      </Title>
      {start.isError ? (
        <Alert color="red" role="alert" title={t`The conversation could not be opened`}>
          <Stack gap="xs">
            <Text fz="sm">{errorMessage(start.error, core(MESSAGES.messageSendFailed))}</Text>
            <Group>
              <Button size="xs" variant="default" onClick={onGiveUp}>
                <Trans>Go to your conversations</Trans>
              </Button>
            </Group>
          </Stack>
        </Alert>
      ) : (
        <Group gap="sm" role="status">
          <Loader size="sm" />
          <Text>
            <Trans>Opening the conversation…</Trans>
          </Text>
        </Group>
      )}
    </Stack>
  );
}
