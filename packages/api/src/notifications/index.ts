export { type NotificationEmailDeps, sendNotificationEmails } from './email-job';
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
