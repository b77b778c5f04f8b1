import { isSessionLive } from '../accounts/sessions';
import { streamSignal } from '../services';
import { authedProcedure, router } from '../trpc';
import {
  listNotifications,
  markNotificationsRead,
  notificationPreferences,
  unreadNotifications,
} from './centre';
import { notificationEvents } from './events';
import { setEmailPreference } from './notify';
import {
  ListNotificationsInput,
  MarkNotificationsReadInput,
  NotificationPreferencesResult,
  NotificationsPage,
  SetNotificationPreferenceInput,
  UnreadNotificationsResult,
} from './schemas';

/** The notification centre (product-spec-2 section 5): the bell's list, its count, reads, e-mail choices, live. */
export const notificationsRouter = router({
  /** A page of the caller's notifications, newest first, with the unread count. */
  list: authedProcedure
    .input(ListNotificationsInput)
    .output(NotificationsPage)
    .query(({ ctx, input }) => listNotifications(ctx.services.database.db, ctx.user.id, input)),

  unreadCount: authedProcedure
    .output(UnreadNotificationsResult)
    .query(async ({ ctx }) => ({ unread: await unreadNotifications(ctx.services.database.db, ctx.user.id) })),

  /** Marks the named notifications, or all, read; answers the first page as `list` does. */
  markRead: authedProcedure
    .input(MarkNotificationsReadInput)
    .output(NotificationsPage)
    .mutation(async ({ ctx, input }) => {
      const db = ctx.services.database.db;
      await markNotificationsRead({ db, pubsub: ctx.services.pubsub }, ctx.user.id, input);
      return listNotifications(db, ctx.user.id, undefined);
    }),

  /** Every kind with its label and whether its e-mail is on. */
  preferences: authedProcedure
    .output(NotificationPreferencesResult)
    .query(({ ctx }) => notificationPreferences(ctx.services.database.db, ctx.user.id)),

  /** Turns one kind's e-mail on or off. */
  setPreference: authedProcedure
    .input(SetNotificationPreferenceInput)
    .output(NotificationPreferencesResult)
    .mutation(async ({ ctx, input }) => {
      const db = ctx.services.database.db;
      await setEmailPreference(db, ctx.user.id, input.kind, input.email);
      return notificationPreferences(db, ctx.user.id);
    }),

  /** The bell's live stream (server-sent events): the count, then each new notification. */
  events: authedProcedure.subscription(({ ctx, signal }) =>
    notificationEvents(
      {
        db: ctx.services.database.db,
        pubsub: ctx.services.pubsub,
        sessionIsLive: () => isSessionLive(ctx.services.database.db, ctx.session.session.id),
      },
      ctx.user.id,
      streamSignal(ctx.services, signal),
    ),
  ),
});
