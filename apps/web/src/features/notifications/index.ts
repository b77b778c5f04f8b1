export { EmailPreferencesCard } from './EmailPreferencesCard';
export { NotificationBell } from './NotificationBell';
export { NotificationsPage } from './NotificationsPage';
