import { errorMessage, trpc } from '@barterads/api-client';
import { LIMITS, MESSAGES } from '@barterads/core';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  ActionIcon,
  Alert,
  Badge,
  Box,
  Button,
  Group,
  Loader,
  Paper,
  Skeleton,
  Stack,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { Link } from '@tanstack/react-router';
import {
  type FormEvent,
  type KeyboardEvent,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { LoadError } from '../../components/LoadError';
import { useCoreText, usePageLanguage } from '../../i18n/core-text';
import { useSessionUser } from '../accounts/session';
import { fullTime, shortTime } from './format';
import { type ChatMessage, useMessageEvents } from './live';

const PAGE = LIMITS.messagesPageDefault;

interface PendingMessage {
  key: string;
  text: string;
  status: 'sending' | 'failed';
  error?: string;
  /** The newest message of the thread when it was written: its copy from the server comes after this. */
  after: number;
}

interface ThreadProps {
  conversationId: string;
  /** Shown on phones, where the list and the thread take turns. */
  onBack?: () => void;
}

/** One conversation: its listing, the messages (older ones load on scroll) and the send box. */
export function Thread({ conversationId, onBack }: ThreadProps) {
  const { t } = useLingui();
  const core = useCoreText();
  const language = usePageLanguage();
  const { user } = useSessionUser();
  const utils = trpc.useUtils();
  const input = { conversationId, limit: PAGE };
  const history = trpc.messages.list.useInfiniteQuery(input, {
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    staleTime: 30_000,
  });
  const conversations = trpc.messages.conversations.useQuery(undefined, { staleTime: 10_000 });
  const conversation =
    conversations.data?.conversations.find((c) => c._id === conversationId) ??
    history.data?.pages[0]?.conversation;
  const closed = useClosedReason(conversation?.otherUser.availability);

  const messages = useMemo(() => {
    const pages = history.data?.pages ?? [];
    const seen = new Set<number>();
    const all: ChatMessage[] = [];
    for (const page of [...pages].reverse()) {
      for (const m of page.messages) {
        if (!seen.has(m._id)) {
          seen.add(m._id);
          all.push(m);
        }
      }
    }
    return all.sort((a, b) => a._id - b._id);
  }, [history.data]);

  const addMessage = (message: ChatMessage) => {
    utils.messages.list.setInfiniteData(input, (data) => {
      if (!data) return data;
      if (data.pages.some((p) => p.messages.some((m) => m._id === message._id))) return data;
      const [first, ...rest] = data.pages;
      if (!first) return data;
      return { ...data, pages: [{ ...first, messages: [...first.messages, message] }, ...rest] };
    });
  };

  // Read receipts: whatever the other side wrote is read while this thread is on screen.
  const markRead = trpc.messages.markRead.useMutation({
    onSuccess: () => {
      void utils.messages.unreadCount.invalidate();
      void utils.messages.conversations.invalidate();
    },
  });
  const newestFromOther = useMemo(
    () => [...messages].reverse().find((m) => m.senderId !== user?._id)?._id ?? 0,
    [messages, user?._id],
  );
  const lastMarked = useRef(0);
  const markReadMutate = markRead.mutate;
  useEffect(() => {
    const mark = () => {
      if (newestFromOther > lastMarked.current && document.visibilityState === 'visible') {
        lastMarked.current = newestFromOther;
        markReadMutate({ conversationId, upTo: newestFromOther });
      }
    };
    mark();
    document.addEventListener('visibilitychange', mark);
    return () => document.removeEventListener('visibilitychange', mark);
  }, [conversationId, newestFromOther, markReadMutate]);

  useMessageEvents((event) => {
    if (event.type === 'message' && event.message.conversationId === conversationId)
      addMessage(event.message);
  });

  // Scrolling: stay at the bottom for new messages; keep the position when older ones load above.
  const viewport = useRef<HTMLDivElement>(null);
  const stickToBottom = useRef(true);
  const heightBeforeOlder = useRef<number | undefined>(undefined);
  const [pending, setPending] = useState<PendingMessage[]>([]);
  // runs after every change of the rendered messages
  useLayoutEffect(() => {
    const el = viewport.current;
    if (!el) return;
    if (heightBeforeOlder.current !== undefined) {
      el.scrollTop += el.scrollHeight - heightBeforeOlder.current;
      heightBeforeOlder.current = undefined;
    } else if (stickToBottom.current) {
      el.scrollTop = el.scrollHeight;
    }
  }, [messages, pending]);

  const loadOlder = () => {
    if (!history.hasNextPage || history.isFetchingNextPage) return;
    heightBeforeOlder.current = viewport.current?.scrollHeight;
    void history.fetchNextPage();
  };
  const onScroll = () => {
    const el = viewport.current;
    if (!el) return;
    stickToBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight < 80;
    if (el.scrollTop < 60) loadOlder();
  };

  // A message being sent can arrive live (the server's event) before the answer to its own request: from then the
  // thread shows the server's copy, not both.
  const shownPending = useMemo(() => {
    const matched = new Set<number>();
    return pending.filter((p) => {
      if (p.status !== 'sending') return true;
      const copy = messages.find(
        (m) => !matched.has(m._id) && m._id > p.after && m.senderId === user?._id && m.text === p.text.trim(),
      );
      if (!copy) return true;
      matched.add(copy._id);
      return false;
    });
  }, [pending, messages, user?._id]);

  const send = trpc.messages.send.useMutation();
  const deliver = (item: PendingMessage) => {
    stickToBottom.current = true;
    setPending((list) => [...list.filter((p) => p.key !== item.key), { ...item, status: 'sending' }]);
    send.mutate(
      { conversationId, text: item.text },
      {
        onSuccess: ({ message }) => {
          addMessage(message);
          setPending((list) => list.filter((p) => p.key !== item.key));
          void utils.messages.conversations.invalidate();
        },
        onError: (error) => {
          setPending((list) =>
            list.map((p) =>
              p.key === item.key
                ? { ...p, status: 'failed', error: errorMessage(error, core(MESSAGES.messageSendFailed)) }
                : p,
            ),
          );
        },
      },
    );
  };

  if (history.isError) {
    return (
      <Stack>
        {onBack && <BackButton onBack={onBack} />}
        <LoadError
          title={core(MESSAGES.messagesLoadFailed)}
          error={history.error}
          onRetry={() => void history.refetch()}
        />
      </Stack>
    );
  }

  const otherRead = conversation?.otherLastReadMessageId ?? 0;
  const lastMine = [...messages].reverse().find((m) => m.senderId === user?._id);

  return (
    <Stack gap="sm" h="100%" style={{ minHeight: 0 }}>
      <Group gap="sm" wrap="nowrap" align="flex-start">
        {onBack && <BackButton onBack={onBack} />}
        {conversation ? (
          <Box style={{ minWidth: 0 }}>
            <Title order={2} fz="h4" lineClamp={1} translate="no">
              {conversation.otherUser.name}
            </Title>
            {conversation.otherUser.companyName && (
              <Text size="xs" c="dimmed" lineClamp={1} translate="no">
                {conversation.otherUser.companyName}
              </Text>
            )}
            <Group gap={6} wrap="nowrap">
              <Text size="sm" lineClamp={1}>
                <Trans>
                  About: <strong translate="no">{conversation.listing.title}</strong>
                </Trans>
              </Text>
              {conversation.listing.status !== 'active' && (
                <Badge size="xs" color="gray">
                  {conversation.listing.status === 'archived'
                    ? t`archived`
                    : conversation.listing.status === 'deleted'
                      ? t`deleted`
                      : conversation.listing.status}
                </Badge>
              )}
            </Group>
            {conversation.deal ? (
              <Text size="sm">
                <Link to="/dashboard/deals/$id" params={{ id: conversation.deal._id }}>
                  {conversation.deal.number ? t`Deal ${conversation.deal.number}` : t`The deal offer`}
                </Link>
              </Text>
            ) : null}
          </Box>
        ) : (
          <Skeleton h={48} w={220} />
        )}
      </Group>

      <Paper
        withBorder
        radius="md"
        p="sm"
        ref={viewport}
        onScroll={onScroll}
        style={{ flex: 1, minHeight: 200, overflowY: 'auto' }}
        role="log"
        aria-label={t`Messages`}
        aria-live="polite"
      >
        {history.isLoading ? (
          <Stack gap="xs" aria-busy="true">
            <Skeleton h={36} w="60%" radius="lg" />
            <Skeleton h={36} w="50%" radius="lg" ml="auto" />
            <Skeleton h={36} w="40%" radius="lg" />
          </Stack>
        ) : (
          <Stack gap={6}>
            {history.hasNextPage && (
              <Group justify="center">
                {history.isFetchingNextPage ? (
                  <Loader role="status" size="sm" aria-label={t`Loading older messages`} />
                ) : (
                  <Button size="xs" variant="subtle" onClick={loadOlder}>
                    <Trans>Load older messages</Trans>
                  </Button>
                )}
              </Group>
            )}
            {messages.length === 0 && shownPending.length === 0 && (
              <Text c="dimmed" size="sm" ta="center" py="lg">
                <Trans>No messages yet. Say hello and propose a barter.</Trans>
              </Text>
            )}
            {messages.map((m) => (
              <Bubble
                key={m._id}
                mine={m.senderId === user?._id}
                text={m.text}
                meta={shortTime(m.createdAt, language)}
                title={fullTime(m.createdAt, language)}
                footer={m._id === lastMine?._id && otherRead >= m._id ? t`Seen` : undefined}
              />
            ))}
            {shownPending.map((p) => (
              <Bubble
                key={p.key}
                mine
                text={p.text}
                meta={p.status === 'sending' ? t`Sending…` : undefined}
                failed={p.status === 'failed'}
                footer={
                  p.status === 'failed' ? (
                    <Group gap={4} justify="flex-end" wrap="nowrap">
                      <Text size="xs" c="red" role="alert">
                        {p.error ?? core(MESSAGES.messageSendFailed)}
                      </Text>
                      <Button size="compact-xs" variant="subtle" onClick={() => deliver(p)}>
                        <Trans>Retry</Trans>
                      </Button>
                      <Button
                        size="compact-xs"
                        variant="subtle"
                        color="gray"
                        onClick={() => setPending((list) => list.filter((x) => x.key !== p.key))}
                      >
                        <Trans>Discard</Trans>
                      </Button>
                    </Group>
                  ) : undefined
                }
              />
            ))}
          </Stack>
        )}
      </Paper>

      <Composer
        key={conversationId}
        closedReason={closed}
        onSend={(text) =>
          deliver({
            key: `p${Date.now()}${Math.random()}`,
            text,
            status: 'sending',
            after: messages.at(-1)?._id ?? 0,
          })
        }
      />
    </Stack>
  );
}

function BackButton({ onBack }: { onBack: () => void }) {
  const { t } = useLingui();
  return (
    <ActionIcon variant="subtle" size="lg" onClick={onBack} aria-label={t`Back to conversations`}>
      <span aria-hidden="true">←</span>
    </ActionIcon>
  );
}

function Bubble({
  mine,
  text,
  meta,
  title,
  footer,
  failed,
}: {
  mine: boolean;
  text: string;
  meta?: string | undefined;
  title?: string;
  footer?: React.ReactNode;
  failed?: boolean;
}) {
  return (
    <Box
      data-mine={mine || undefined}
      data-testid="message"
      style={{ alignSelf: mine ? 'flex-end' : 'flex-start', maxWidth: '85%' }}
    >
      <Paper
        px="sm"
        py={6}
        radius="lg"
        bg={
          mine
            ? failed
              ? 'var(--mantine-color-red-light)'
              : 'var(--mantine-primary-color-filled)'
            : 'var(--mantine-color-default-hover)'
        }
        c={mine && !failed ? 'var(--mantine-primary-color-contrast)' : undefined}
      >
        {/* Plain text: React escapes it; line breaks are kept. */}
        <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} translate="no">
          {text}
        </Text>
      </Paper>
      {(meta || footer) && (
        <Group gap={6} justify={mine ? 'flex-end' : 'flex-start'} mt={2}>
          {meta && (
            <Text size="xs" c="dimmed" title={title}>
              {meta}
            </Text>
          )}
          {typeof footer === 'string' ? (
            <Text size="xs" c="dimmed">
              {footer}
            </Text>
          ) : (
            footer
          )}
        </Group>
      )}
    </Box>
  );
}

type Availability = 'active' | 'deleted' | 'unavailable';

/** Why nothing can be sent in this conversation, or null when it can (issue 17: no composer into the void). */
export function useClosedReason(availability: Availability | undefined): string | null {
  const { t } = useLingui();
  const core = useCoreText();
  if (availability === 'deleted')
    return t`This member deleted their account, so messages can no longer be sent. The conversation stays here for your records.`;
  if (availability === 'unavailable')
    return `${core(MESSAGES.messageRecipientUnavailable)} ${t`New messages cannot be sent.`}`;
  return null;
}

/**
 * The type-and-send box: Enter sends, Shift+Enter breaks the line, blank text is ignored. With a
 * `closedReason` it is disabled and says why.
 */
function Composer({ onSend, closedReason }: { onSend(text: string): void; closedReason: string | null }) {
  const { t } = useLingui();
  const core = useCoreText();
  const [text, setText] = useState('');
  const closed = closedReason !== null;
  const trimmed = text.trim();
  const tooLong = trimmed.length > LIMITS.messageMaxLength;
  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (closed || !trimmed || tooLong) return;
    onSend(trimmed);
    setText('');
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    }
  };
  return (
    <form onSubmit={submit} aria-label={t`Send a message`}>
      {closed ? (
        <Alert
          color="gray"
          variant="light"
          role="status"
          title={t`You can no longer reply`}
          mb="xs"
          id="composer-closed"
        >
          {closedReason}
        </Alert>
      ) : null}
      <Group align="flex-end" gap="xs" wrap="nowrap">
        <Textarea
          label={t({ message: 'Message', context: 'the text box of a reply' })}
          styles={{
            label: { position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' },
          }}
          placeholder={t`Type a message…`}
          title={t`Enter sends, Shift+Enter starts a new line`}
          autosize
          minRows={1}
          maxRows={6}
          value={text}
          onChange={(event) => setText(event.currentTarget.value)}
          onKeyDown={onKeyDown}
          error={tooLong ? core(MESSAGES.messageTooLong) : undefined}
          disabled={closed}
          aria-describedby={closed ? 'composer-closed' : undefined}
          style={{ flex: 1 }}
        />
        <Button type="submit" disabled={closed || !trimmed || tooLong}>
          <Trans>Send</Trans>
        </Button>
      </Group>
    </form>
  );
}
