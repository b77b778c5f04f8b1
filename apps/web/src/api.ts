import { createApiClient } from '@barterads/api-client';
import { LANGUAGE_TAGS, MESSAGES } from '@barterads/core';
import { notifications } from '@mantine/notifications';
import { currentLanguage } from './i18n';

const SESSION_EXPIRED_NOTICE = 'session-expired';

/** The session died (a call answered 401): the app signs out cleanly and, if someone was signed in, says so. */
export function signOutExpiredSession(): void {
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
}

/** The web app's API client. */
export const api = createApiClient({
  onUnauthorized: signOutExpiredSession,
  // The server answers its messages in the page's language (`/hi/…`: Hindi).
  language: () => LANGUAGE_TAGS[currentLanguage()],
});

/** Takes the "session expired" notice away once the user is signed in again. */
export function dismissSessionExpiredNotice(): void {
  notifications.hide(SESSION_EXPIRED_NOTICE);
}
