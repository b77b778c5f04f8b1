import { createApiClient } from '@barterads/api-client';
import { MESSAGES } from '@barterads/core';
import { notifications } from '@mantine/notifications';

/** The admin app's API client: a dead session (401) signs the admin out and says so. */
export const api = createApiClient({
  onUnauthorized: () => {
    const hadUser = Boolean(api.utils.accounts.session.getData()?.user);
    api.utils.accounts.session.setData(undefined, { user: null });
    if (hadUser)
      notifications.show({ id: 'session-expired', color: 'yellow', message: MESSAGES.sessionExpired });
  },
});
