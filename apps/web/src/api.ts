import { createApiClient } from '@barterads/api-client';
import { MESSAGES } from '@barterads/core';
import { notifications } from '@mantine/notifications';

const SESSION_EXPIRED_NOTICE = 'session-expired';

/** The web app's API client: when a session dies (401), the app signs out cleanly and says so. */
export const api = createApiClient({
  onUnauthorized: () => {
    const hadUser = Boolean(api.utils.accounts.session.getData()?.user);
    api.utils.accounts.session.setData(undefined, { user: null });
    if (hadUser) {
      // It stays until dismissed or the next sign-in: a tab left in the background still says why it signed out.
      notifications.show({
        id: SESSION_EXPIRED_NOTICE,
        color: 'yellow',
        message: MESSAGES.sessionExpired,
        autoClose: false,
      });
    }
  },
});

/** Takes the "session expired" notice away once the user is signed in again. */
export function dismissSessionExpiredNotice(): void {
  notifications.hide(SESSION_EXPIRED_NOTICE);
}
