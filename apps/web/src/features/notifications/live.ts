import { errorStatus } from '@barterads/api-client';
import { useEffect } from 'react';
import { api, signOutExpiredSession } from '../../api';

let users = 0;
let subscription: { unsubscribe(): void } | undefined;

/** Every open bell shares one server-sent-events connection; each event sets the count and refreshes the list. */
function start() {
  subscription = api.trpcClient.notifications.events.subscribe(undefined, {
    onData: (event) => {
      api.utils.notifications.unreadCount.setData(undefined, { unread: event.unread });
      if (event.type === 'notification' || event.unread === 0) void api.utils.notifications.list.invalidate();
    },
    onError: (error) => {
      subscription = undefined;
      if (errorStatus(error) === 401) signOutExpiredSession();
    },
  });
}

/** Keeps the bell's count and list live while mounted (signed in only). */
export function useNotificationEvents(enabled: boolean): void {
  useEffect(() => {
    if (!enabled) return;
    users += 1;
    if (!subscription) start();
    return () => {
      users -= 1;
      if (users <= 0 && subscription) {
        subscription.unsubscribe();
        subscription = undefined;
        users = 0;
      }
    };
  }, [enabled]);
}
