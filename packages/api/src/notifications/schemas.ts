import { NOTIFICATION_KINDS } from '@barterads/core';
import { z } from 'zod';

/** How many notifications a page holds at most, and by default. */
export const NOTIFICATIONS_PAGE_MAX = 50;
export const NOTIFICATIONS_PAGE_DEFAULT = 20;

/** `<ISO time>_<uuid>` of the last row of the previous page (newest first). */
const Cursor = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}T[\d:.]+Z_[0-9a-f-]{36}$/, 'Invalid cursor.')
  .nullish();

export const ListNotificationsInput = z
  .object({
    cursor: Cursor,
    limit: z.coerce.number().int().min(1).max(NOTIFICATIONS_PAGE_MAX).default(NOTIFICATIONS_PAGE_DEFAULT),
  })
  .optional();
export type ListNotificationsInput = z.infer<typeof ListNotificationsInput>;

export const NotificationOutput = z.object({
  _id: z.string(),
  kind: z.enum(NOTIFICATION_KINDS),
  title: z.string(),
  body: z.string(),
  link: z.string(),
  read: z.boolean(),
  createdAt: z.string(),
});
export type NotificationOutput = z.infer<typeof NotificationOutput>;

export const NotificationsPage = z.object({
  notifications: z.array(NotificationOutput),
  /** The member's unread notifications, all pages. */
  unread: z.number().int(),
  nextCursor: z.string().nullable(),
});
export type NotificationsPage = z.infer<typeof NotificationsPage>;

/** Marks the named notifications read, or every one (`all: true`). */
export const MarkNotificationsReadInput = z.union([
  z.object({
    ids: z
      .array(z.uuid({ error: 'Unknown notification.' }))
      .min(1)
      .max(100),
  }),
  z.object({ all: z.literal(true) }),
]);
export type MarkNotificationsReadInput = z.infer<typeof MarkNotificationsReadInput>;

export const UnreadNotificationsResult = z.object({ unread: z.number().int() });

export const NotificationPreferencesResult = z.object({
  preferences: z.array(z.object({ kind: z.enum(NOTIFICATION_KINDS), label: z.string(), email: z.boolean() })),
});
export type NotificationPreferencesResult = z.infer<typeof NotificationPreferencesResult>;

export const SetNotificationPreferenceInput = z.object({
  kind: z.enum(NOTIFICATION_KINDS, { error: 'Unknown notification kind.' }),
  email: z.boolean(),
});

/** One event of the live stream: a new notification with the unread count, or the count after a read. */
export type NotificationStreamEvent =
  | { type: 'notification'; notification: NotificationOutput; unread: number }
  | { type: 'unread'; unread: number };
