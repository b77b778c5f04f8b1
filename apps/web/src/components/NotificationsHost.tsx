import { Notifications } from '@mantine/notifications';

/** Where notifications appear. Loaded after the first render (App.tsx): see DeferredNotifications. */
export default function NotificationsHost() {
  return <Notifications position="bottom-right" />;
}
