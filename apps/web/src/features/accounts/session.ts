import type { ApiUtils, SessionUser } from '@barterads/api-client';
import { trpc } from '@barterads/api-client';
import { redirect, useRouter } from '@tanstack/react-router';
import { useEffect, useSyncExternalStore } from 'react';
import { safeRedirect } from './messages';

/**
 * What a pre-rendered page was rendered for (scripts/prerender.mjs renders each public page twice and the server
 * picks by the session cookie): `out` for a request without a session cookie, signed out for certain; `pending`
 * for one with it, the signed-in parts drawn as neutral placeholders until the session is known; `member` for a
 * member's own page the server rendered with their session (apps/server/src/member-pages.ts).
 */
export type PrerenderedSession = 'out' | 'pending' | 'member';

let hydrationUser: SessionUser | null | undefined;

/**
 * The session state the page's HTML was rendered with; hydration renders the same (main.tsx, prerender.tsx).
 * `member`: a signed-in member's page the server rendered with their data (a deal), for `user`.
 */
export function setPrerenderedSession(session: PrerenderedSession | undefined, user?: SessionUser): void {
  hydrationUser = session === 'out' ? null : session === 'member' ? user : undefined;
}

const noSubscription = () => () => {};

/**
 * The signed-in user (null when signed out); undefined while loading. While React hydrates a pre-rendered page
 * it is the state that page was rendered with, and the real one right after (React re-renders on the client
 * snapshot): a session answer arriving in the middle of hydration made the HTML and the first render differ
 * (React error #418 on /marketplace).
 */
export function useSessionUser(): { user: SessionUser | null | undefined; isLoading: boolean } {
  const query = trpc.accounts.session.useQuery(undefined, { staleTime: 60_000 });
  const hydrating = useSyncExternalStore(
    noSubscription,
    () => false,
    () => true,
  );
  // `data.user` is null when signed out: keep that null (not undefined, which means loading).
  const known = query.data ? query.data.user : query.isError ? null : undefined;
  const user = hydrating ? hydrationUser : known;
  return { user, isLoading: user === undefined };
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
