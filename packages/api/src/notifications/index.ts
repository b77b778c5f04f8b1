export {
  listNotifications,
  markConversationNotificationsRead,
  markNotificationsRead,
  notificationPreferences,
  unreadNotifications,
} from './centre';
export { type NotificationEmailDeps, sendNotificationEmails } from './email-job';
export { notificationEvents } from './events';
export {
  emailPreferences,
  NOTIFICATION_EMAILS_JOB,
  type NotificationNotice,
  type NotifyDeps,
  type NotifyInput,
  notificationTopic,
  notify,
  notifyDeps,
  setEmailPreference,
  wantsEmail,
} from './notify';
export type { NotificationOutput, NotificationStreamEvent, NotificationsPage } from './schemas';
