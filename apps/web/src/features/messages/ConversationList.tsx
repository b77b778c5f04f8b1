import { type RouterOutputs, trpc } from '@barterads/api-client';
import { MESSAGES } from '@barterads/core';
import {
  Badge,
  Button,
  Group,
  ScrollArea,
  Skeleton,
  Stack,
  Text,
  TextInput,
  UnstyledButton,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { LoadError } from '../../components/LoadError';
import { shortTime } from './format';

export type ConversationSummary = RouterOutputs['messages']['conversations']['conversations'][number];

interface ConversationListProps {
  selectedId: string | undefined;
  onSelect(id: string): void;
}

/** The caller's conversations with a name search, newest activity first. */
export function ConversationList({ selectedId, onSelect }: ConversationListProps) {
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), 300);
  const query = trpc.messages.conversations.useQuery(q ? { q } : undefined, {
    staleTime: 10_000,
    placeholderData: (previous) => previous,
  });

  return (
    <Stack gap="sm" h="100%" style={{ minHeight: 0 }}>
      <TextInput
        label="Search conversations"
        placeholder="Search by name"
        value={search}
        onChange={(event) => setSearch(event.currentTarget.value)}
        type="search"
      />
      {query.isLoading ? (
        <Stack gap="xs" role="status" aria-busy="true" aria-label="Loading conversations">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} h={64} radius="md" />
          ))}
        </Stack>
      ) : query.isError ? (
        <LoadError
          title={MESSAGES.messagesLoadFailed}
          error={query.error}
          onRetry={() => void query.refetch()}
        />
      ) : query.data && query.data.conversations.length === 0 ? (
        q ? (
          <Text c="dimmed" size="sm">
            No conversations match “{q}”.
          </Text>
        ) : (
          <Stack gap="xs" align="flex-start">
            <Text c="dimmed" size="sm">
              No conversations yet. Find a listing in the marketplace and press Message to start one.
            </Text>
            <Button component={Link} to="/marketplace" size="xs" variant="light">
              Browse the marketplace
            </Button>
          </Stack>
        )
      ) : (
        <ScrollArea style={{ flex: 1 }} type="auto">
          <Stack
            gap={4}
            component="ul"
            aria-label="Conversations"
            style={{ listStyle: 'none', padding: 0, margin: 0 }}
          >
            {query.data?.conversations.map((c) => (
              <li key={c._id}>
                <ConversationItem conversation={c} selected={c._id === selectedId} onSelect={onSelect} />
              </li>
            ))}
          </Stack>
        </ScrollArea>
      )}
    </Stack>
  );
}

function ConversationItem({
  conversation: c,
  selected,
  onSelect,
}: {
  conversation: ConversationSummary;
  selected: boolean;
  onSelect(id: string): void;
}) {
  const preview = c.lastMessage
    ? `${c.lastMessage.senderId === c.otherUser._id ? '' : 'You: '}${c.lastMessage.text}`
    : 'No messages yet';
  return (
    <UnstyledButton
      onClick={() => onSelect(c._id)}
      aria-current={selected ? 'true' : undefined}
      w="100%"
      p="sm"
      style={{
        borderRadius: 'var(--mantine-radius-md)',
        background: selected ? 'var(--mantine-primary-color-light)' : undefined,
      }}
    >
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Text fw={c.unread ? 700 : 600} truncate>
          {c.otherUser.name}
        </Text>
        <Group gap={6} wrap="nowrap">
          {c.lastMessage && (
            <Text size="xs" c="dimmed">
              {shortTime(c.lastMessage.createdAt)}
            </Text>
          )}
          {c.unread > 0 && (
            <Badge size="sm" color="red" circle={c.unread < 10} aria-label={`${c.unread} unread`}>
              {c.unread}
            </Badge>
          )}
        </Group>
      </Group>
      <Text size="xs" c="dimmed" truncate>
        {c.deal ? (
          <Badge size="xs" variant="light" mr={6} component="span">
            {c.deal.number ?? 'Deal'}
          </Badge>
        ) : null}
        {c.listing.title}
      </Text>
      <Text size="sm" truncate fw={c.unread ? 600 : 400}>
        {preview}
      </Text>
    </UnstyledButton>
  );
}
