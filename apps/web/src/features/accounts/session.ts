import type { ApiUtils, SessionUser } from '@barterads/api-client';
import { trpc } from '@barterads/api-client';
import { redirect, useRouter } from '@tanstack/react-router';
import { useEffect } from 'react';
import { safeRedirect } from './messages';

/** The signed-in user (null when signed out); undefined while loading. */
export function useSessionUser(): { user: SessionUser | null | undefined; isLoading: boolean } {
  const query = trpc.accounts.session.useQuery(undefined, { staleTime: 60_000 });
  // `data.user` is null when signed out: keep that null (not undefined, which means loading).
  const user = query.data ? query.data.user : query.isError ? null : undefined;
  return { user, isLoading: query.isLoading };
}

/** Route guard: sends signed-out visitors to /login and back here after they sign in. */
export async function requireUser(utils: ApiUtils, location: { href: string }): Promise<SessionUser> {
  const { user } = await utils.accounts.session.ensureData();
  if (!user) throw redirect({ to: '/login', search: { redirect: location.href } });
  return user;
}

/** Where a user goes after signing in (spec section 2): admins to the admin app, others on. */
export function homeFor(user: SessionUser, fallback: string): string {
  return user.role === 'admin' ? '/admin/' : fallback;
}

/**
 * Guard of /login and /signup: a visitor who is already signed in goes on to `redirect` (when it is a safe
 * in-app path), else the dashboard; admins go to the admin app, which is another document.
 */
export async function leaveIfSignedIn(utils: ApiUtils, redirectTo: string | undefined): Promise<void> {
  const { user } = await utils.accounts.session.ensureData();
  if (!user) return;
  const target = homeFor(user, safeRedirect(redirectTo) ?? '/dashboard');
  if (target.startsWith('/admin')) {
    window.location.assign(target);
    return;
  }
  throw redirect({ to: target });
}

/**
 * On a protected screen: when the session dies while it is open (a 401 clears it), go to /login and come
 * back here after signing in again.
 */
/** Set while the user signs out on purpose, so that useSignedOutRedirect leaves the navigation to logout. */
export const signOutInProgress = { current: false };

export function useSignedOutRedirect(): void {
  const { user } = useSessionUser();
  const router = useRouter();
  useEffect(() => {
    if (user !== null || signOutInProgress.current) return;
    const { pathname, href } = router.state.location;
    if (pathname === '/login' || pathname === '/signup') return;
    void router.navigate({ to: '/login', search: { redirect: href }, replace: true });
  }, [user, router]);
}
