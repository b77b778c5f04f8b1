import { errorMessage, trpc } from '@barterads/api-client';
import { MESSAGES } from '@barterads/core';
import { Alert, Button, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useEffect, useRef } from 'react';

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
  const start = trpc.messages.start.useMutation({
    onSuccess: ({ conversation }) => onStarted(conversation._id),
  });
  const asked = useRef<string | null>(null);
  const mutate = start.mutate;
  useEffect(() => {
    if (asked.current === listingId) return;
    asked.current = listingId;
    mutate({ barterId: listingId });
  }, [listingId, mutate]);
  return (
    <Stack gap="sm">
      <Title order={1} fz="h2">
        Messages
      </Title>
      {start.isError ? (
        <Alert color="red" role="alert" title="The conversation could not be opened">
          <Stack gap="xs">
            <Text fz="sm">{errorMessage(start.error, MESSAGES.messageSendFailed)}</Text>
            <Group>
              <Button size="xs" variant="default" onClick={onGiveUp}>
                Go to your conversations
              </Button>
            </Group>
          </Stack>
        </Alert>
      ) : (
        <Group gap="sm" role="status">
          <Loader size="sm" />
          <Text>Opening the conversation…</Text>
        </Group>
      )}
    </Stack>
  );
}
