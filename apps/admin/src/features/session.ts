import type { ApiUtils, SessionUser } from '@barterads/api-client';
import { redirect } from '@tanstack/react-router';

/** Route guard of the admin area: signed-out visitors go to the admin login page. */
export async function requireSignedIn(utils: ApiUtils, location: { href: string }): Promise<SessionUser> {
  const { user } = await utils.accounts.session.ensureData();
  if (!user) throw redirect({ to: '/login', search: { redirect: location.href } });
  return user;
}
