import { Trans } from '@lingui/react/macro';
import { Box, Grid, Paper, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { ConversationList } from './ConversationList';
import { useMessageEvents } from './live';
import { Thread } from './Thread';

interface MessagesPageProps {
  selectedId: string | undefined;
  onSelect(id: string | undefined): void;
}

/** The dashboard's Messages: conversation list and chat pane; phones show one pane at a time. */
export function MessagesPage({ selectedId, onSelect }: MessagesPageProps) {
  const phone = useMediaQuery('(max-width: 48em)', false);
  useMessageEvents();
  const height = 'calc(100dvh - 60px - 2 * var(--mantine-spacing-md) - 56px)';

  const list = <ConversationList selectedId={selectedId} onSelect={(id) => onSelect(id)} />;
  return (
    <Stack gap="sm">
      <Title order={1} fz="h2">
        <Trans>Messages</Trans>
      </Title>
      {phone ? (
        <Box h={height} style={{ minHeight: 420 }}>
          {selectedId ? (
            <Thread key={selectedId} conversationId={selectedId} onBack={() => onSelect(undefined)} />
          ) : (
            list
          )}
        </Box>
      ) : (
        <Grid gap="md" style={{ minHeight: 480 }}>
          <Grid.Col span={{ base: 12, sm: 5, lg: 4 }} h={height} style={{ minHeight: 480 }}>
            {list}
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 7, lg: 8 }} h={height} style={{ minHeight: 480 }}>
            {selectedId ? (
              <Thread key={selectedId} conversationId={selectedId} />
            ) : (
              <Paper withBorder radius="md" h="100%" p="xl">
                <Stack h="100%" justify="center" align="center">
                  <Text c="dimmed">
                    <Trans>Select a conversation to read and reply.</Trans>
                  </Text>
                </Stack>
              </Paper>
            )}
          </Grid.Col>
        </Grid>
      )}
    </Stack>
  );
}
