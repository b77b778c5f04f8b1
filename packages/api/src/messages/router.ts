import { isSessionLive } from '../accounts/sessions';
import type { Context } from '../context';
import { EVENT_DISPATCH_JOB } from '../events/outbox';
import { markConversationNotificationsRead } from '../notifications/centre';
import { streamSignal } from '../services';
import { authedProcedure, router } from '../trpc';
import {
  getConversation,
  insertMessage,
  listConversations,
  markRead,
  openConversation,
  pageMessages,
  requireParticipant,
  requireReachable,
  unreadTotal,
} from './conversations';
import { notifyUsers, userEvents } from './events';
import {
  ConversationIdInput,
  ConversationsResult,
  EventsInput,
  ListConversationsInput,
  ListMessagesInput,
  MarkReadInput,
  MarkReadResult,
  MessagesPageResult,
  SendMessageInput,
  SendMessageResult,
  StartConversationInput,
  StartConversationResult,
  UnreadCountResult,
} from './schemas';

function logPublishError(ctx: Pick<Context, 'services'>) {
  return (error: unknown) => ctx.services.logger.warn({ err: error }, 'message event not published');
}

export const messagesRouter = router({
  /** The caller's conversations with last message and unread counts, filtered by name. */
  conversations: authedProcedure
    .input(ListConversationsInput)
    .output(ConversationsResult)
    .query(async ({ ctx, input }) => {
      const db = ctx.services.database.db;
      const [conversations, total] = await Promise.all([
        listConversations(db, ctx.user.id, { q: input?.q }),
        unreadTotal(db, ctx.user.id),
      ]);
      return { conversations, unreadTotal: total };
    }),

  /** One conversation, for a participant only. */
  conversation: authedProcedure
    .input(ConversationIdInput)
    .query(({ ctx, input }) => getConversation(ctx.services.database.db, ctx.user.id, input.conversationId)),

  /** Opens (or reopens) a conversation with a listing's owner, optionally with a first message. */
  start: authedProcedure
    .input(StartConversationInput)
    .output(StartConversationResult)
    .mutation(async ({ ctx, input }) => {
      const db = ctx.services.database.db;
      const opened = await openConversation(db, ctx.user.id, input.barterId);
      let message = null;
      if (input.text) {
        await requireReachable(db, opened.ownerId);
        message = await insertMessage(db, opened.conversationId, ctx.user.id, input.text, opened.ownerId);
        await notifyUsers(
          ctx.services.pubsub,
          [ctx.user.id, opened.ownerId],
          { type: 'message', messageId: message._id },
          logPublishError(ctx),
        );
        // The owner's bell: the message's event, committed with it (wake the dispatcher).
        ctx.services.jobs?.wake(EVENT_DISPATCH_JOB);
      }
      const conversation = await getConversation(db, ctx.user.id, opened.conversationId);
      return { conversation, message, created: opened.created };
    }),

  /** A page of a conversation's messages (oldest first), older than `cursor`. */
  list: authedProcedure
    .input(ListMessagesInput)
    .output(MessagesPageResult)
    .query(async ({ ctx, input }) => {
      const db = ctx.services.database.db;
      await requireParticipant(db, input.conversationId, ctx.user.id);
      const [conversation, page] = await Promise.all([
        getConversation(db, ctx.user.id, input.conversationId),
        pageMessages(db, input.conversationId, { before: input.cursor ?? undefined, limit: input.limit }),
      ]);
      return { conversation, ...page };
    }),

  send: authedProcedure
    .input(SendMessageInput)
    .output(SendMessageResult)
    .mutation(async ({ ctx, input }) => {
      const db = ctx.services.database.db;
      const { otherId } = await requireParticipant(db, input.conversationId, ctx.user.id);
      await requireReachable(db, otherId);
      const message = await insertMessage(db, input.conversationId, ctx.user.id, input.text, otherId);
      await notifyUsers(
        ctx.services.pubsub,
        [ctx.user.id, otherId],
        { type: 'message', messageId: message._id },
        logPublishError(ctx),
      );
      // The other's bell: the message's event, committed with it (wake the dispatcher).
      ctx.services.jobs?.wake(EVENT_DISPATCH_JOB);
      return { message };
    }),

  /** Read receipt: the caller has read the conversation (up to `upTo`). */
  markRead: authedProcedure
    .input(MarkReadInput)
    .output(MarkReadResult)
    .mutation(async ({ ctx, input }) => {
      const db = ctx.services.database.db;
      const { otherId } = await requireParticipant(db, input.conversationId, ctx.user.id);
      const lastReadMessageId = await markRead(db, input.conversationId, ctx.user.id, input.upTo);
      // Read in the inbox is read in the bell too.
      await markConversationNotificationsRead(
        { db, pubsub: ctx.services.pubsub },
        ctx.user.id,
        input.conversationId,
      );
      await notifyUsers(
        ctx.services.pubsub,
        [ctx.user.id, otherId],
        { type: 'read', conversationId: input.conversationId, userId: ctx.user.id, lastReadMessageId },
        logPublishError(ctx),
      );
      return {
        conversationId: input.conversationId,
        lastReadMessageId,
        unreadTotal: await unreadTotal(db, ctx.user.id),
      };
    }),

  unreadCount: authedProcedure
    .output(UnreadCountResult)
    .query(async ({ ctx }) => ({ unreadTotal: await unreadTotal(ctx.services.database.db, ctx.user.id) })),

  /** Live events of the caller's conversations over server-sent events; resumes from `lastEventId`. */
  events: authedProcedure.input(EventsInput).subscription(({ ctx, input, signal }) =>
    userEvents(
      {
        db: ctx.services.database.db,
        pubsub: ctx.services.pubsub,
        sessionIsLive: () => isSessionLive(ctx.services.database.db, ctx.session.session.id),
      },
      ctx.user.id,
      input?.lastEventId,
      streamSignal(ctx.services, signal),
    ),
  ),
});
