import { LIMITS, MESSAGES } from '@barterads/core';
import { z } from 'zod';

/** A message text: trimmed, 1 to 4,000 characters; stored and shown as plain text. */
export const MessageText = z
  .string({ error: MESSAGES.messageEmpty })
  .trim()
  .min(1, MESSAGES.messageEmpty)
  .max(LIMITS.messageMaxLength, MESSAGES.messageTooLong);

const Uuid = (message: string) => z.uuid({ error: message });

export const StartConversationInput = z.object({
  barterId: Uuid(MESSAGES.messageListingNotFound),
  /** The first message; without it the conversation is only opened. */
  text: MessageText.optional(),
});

export const ConversationIdInput = z.object({
  conversationId: Uuid(MESSAGES.conversationNotFound),
});

export const SendMessageInput = z.object({
  conversationId: Uuid(MESSAGES.conversationNotFound),
  text: MessageText,
});

export const ListConversationsInput = z
  .object({
    /** Filters by the other participant's name or company, or the listing's title. */
    q: z.string().trim().max(100).optional(),
  })
  .optional();

export const ListMessagesInput = z.object({
  conversationId: Uuid(MESSAGES.conversationNotFound),
  /** Messages older than this id (the previous page's `nextCursor`). */
  cursor: z.coerce.number().int().positive().nullish(),
  limit: z.coerce.number().int().min(1).max(LIMITS.messagesPageMax).default(LIMITS.messagesPageDefault),
});

export const MarkReadInput = z.object({
  conversationId: Uuid(MESSAGES.conversationNotFound),
  /** Read up to this message; the newest when absent. */
  upTo: z.coerce.number().int().positive().optional(),
});

export const EventsInput = z
  .object({
    /** Sent back by the client on reconnect: events after it are replayed. */
    lastEventId: z
      .string()
      .refine(
        (value) => /^\d{1,16}$/.test(value) && Number.isSafeInteger(Number(value)),
        'Invalid lastEventId.',
      )
      .nullish(),
  })
  .optional();

export const MessageOutput = z.object({
  _id: z.number().int(),
  conversationId: z.string(),
  senderId: z.string(),
  text: z.string(),
  createdAt: z.string(),
});
export type MessageOutput = z.infer<typeof MessageOutput>;

export const ConversationOutput = z.object({
  _id: z.string(),
  listing: z.object({
    _id: z.string(),
    title: z.string(),
    image: z.string().nullable(),
    status: z.string(),
  }),
  /** Set on a deal's own thread: the deal (its number once accepted). */
  deal: z.object({ _id: z.string(), number: z.string().nullable() }).nullable(),
  otherUser: z.object({
    _id: z.string(),
    name: z.string(),
    companyName: z.string().nullable(),
    /** Whether messages can reach them: 'deleted' (account erased), 'unavailable' (not active), 'active'. */
    availability: z.enum(['active', 'deleted', 'unavailable']),
  }),
  /** Whether the caller owns the listing. */
  isOwner: z.boolean(),
  lastMessage: MessageOutput.nullable(),
  /** Messages from the other participant the caller has not read. */
  unread: z.number().int(),
  /** The newest message id the other participant has read (read receipts). */
  otherLastReadMessageId: z.number().int(),
  lastMessageAt: z.string(),
  createdAt: z.string(),
});
export type ConversationOutput = z.infer<typeof ConversationOutput>;

export const ConversationsResult = z.object({
  conversations: z.array(ConversationOutput),
  unreadTotal: z.number().int(),
});

export const StartConversationResult = z.object({
  conversation: ConversationOutput,
  message: MessageOutput.nullable(),
  /** False when the conversation already existed and was reopened. */
  created: z.boolean(),
});

export const MessagesPageResult = z.object({
  conversation: ConversationOutput,
  /** Oldest first. */
  messages: z.array(MessageOutput),
  /** Pass as `cursor` for older messages; null at the beginning. */
  nextCursor: z.number().int().nullable(),
});

export const SendMessageResult = z.object({ message: MessageOutput });

export const MarkReadResult = z.object({
  conversationId: z.string(),
  lastReadMessageId: z.number().int(),
  unreadTotal: z.number().int(),
});

export const UnreadCountResult = z.object({ unreadTotal: z.number().int() });

/** What the live subscription yields. */
export type MessageEvent =
  | { type: 'message'; message: MessageOutput }
  | { type: 'read'; conversationId: string; userId: string; lastReadMessageId: number };
