import { type RouterOutputs, trpc } from '@barterads/api-client';
import { MESSAGES } from '@barterads/core';
import { Trans, useLingui } from '@lingui/react/macro';
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
import { useCoreText, usePageLanguage } from '../../i18n/core-text';
import { shortTime } from './format';

export type ConversationSummary = RouterOutputs['messages']['conversations']['conversations'][number];

interface ConversationListProps {
  selectedId: string | undefined;
  onSelect(id: string): void;
}

/** The caller's conversations with a name search, newest activity first. */
export function ConversationList({ selectedId, onSelect }: ConversationListProps) {
  const { t } = useLingui();
  const core = useCoreText();
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), 300);
  const query = trpc.messages.conversations.useQuery(q ? { q } : undefined, {
    staleTime: 10_000,
    placeholderData: (previous) => previous,
  });

  return (
    <Stack gap="sm" h="100%" style={{ minHeight: 0 }}>
      <TextInput
        label={t`Search conversations`}
        placeholder={t`Search by name`}
        value={search}
        onChange={(event) => setSearch(event.currentTarget.value)}
        type="search"
      />
      {query.isLoading ? (
        <Stack gap="xs" role="status" aria-busy="true" aria-label={t`Loading conversations`}>
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} h={64} radius="md" />
          ))}
        </Stack>
      ) : query.isError ? (
        <LoadError
          title={core(MESSAGES.messagesLoadFailed)}
          error={query.error}
          onRetry={() => void query.refetch()}
        />
      ) : query.data && query.data.conversations.length === 0 ? (
        q ? (
          <Text c="dimmed" size="sm">
            <Trans>
              No conversations match “<span translate="no">{q}</span>”.
            </Trans>
          </Text>
        ) : (
          <Stack gap="xs" align="flex-start">
            <Text c="dimmed" size="sm">
              <Trans>
                No conversations yet. Find a listing in the marketplace and press Message to start one.
              </Trans>
            </Text>
            <Button component={Link} to="/marketplace" size="xs" variant="light">
              <Trans>Browse the marketplace</Trans>
            </Button>
          </Stack>
        )
      ) : (
        <ScrollArea style={{ flex: 1 }} type="auto">
          <Stack
            gap={4}
            component="ul"
            aria-label={t`Conversations`}
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
  const { t } = useLingui();
  const language = usePageLanguage();
  const mine = Boolean(c.lastMessage && c.lastMessage.senderId !== c.otherUser._id);
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
        <Text fw={c.unread ? 700 : 600} truncate translate="no">
          {c.otherUser.name}
        </Text>
        <Group gap={6} wrap="nowrap">
          {c.lastMessage && (
            <Text size="xs" c="dimmed">
              {shortTime(c.lastMessage.createdAt, language)}
            </Text>
          )}
          {c.unread > 0 && (
            <Badge size="sm" color="red" circle={c.unread < 10} aria-label={t`${c.unread} unread`}>
              {c.unread}
            </Badge>
          )}
        </Group>
      </Group>
      <Text size="xs" c="dimmed" truncate>
        {c.deal ? (
          <Badge size="xs" variant="light" mr={6} component="span">
            {c.deal.number ?? t`Deal`}
          </Badge>
        ) : null}
        <span translate="no">{c.listing.title}</span>
      </Text>
      <Text size="sm" truncate fw={c.unread ? 600 : 400}>
        {c.lastMessage ? (
          <>
            {mine ? t`You:` : null}
            {mine ? ' ' : null}
            <span translate="no">{c.lastMessage.text}</span>
          </>
        ) : (
          t`No messages yet`
        )}
      </Text>
    </UnstyledButton>
  );
}
