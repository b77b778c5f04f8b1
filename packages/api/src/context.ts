import { MESSAGES } from '@barterads/core';
import type { UserRow } from '@barterads/db';
import { TRPCError } from '@trpc/server';
import { type ValidatedSession, validateSessionToken } from './accounts/sessions';
import { isDatabaseUnavailable } from './dependency-errors';
import type { ApiServices } from './services';

export const SESSION_COOKIE = 'barterads_session';

export interface CookieOptions {
  expires: Date;
}

/** What a transport (tRPC over HTTP, or the REST adapter) tells the procedures about one request. */
export interface RequestMeta {
  ip: string;
  method: string;
  origin: string | undefined;
  userAgent: string | undefined;
  bearerToken: string | undefined;
  cookieToken: string | undefined;
  setSessionCookie(token: string, options: CookieOptions): void;
  clearSessionCookie(): void;
  setHeader(name: string, value: string): void;
}

export interface Context {
  services: ApiServices;
  meta: RequestMeta;
  /** The signed-in session, when the request carries a live one. */
  session: ValidatedSession | null;
  /** Where the session came from: the browser cookie needs an Origin check on mutations. */
  sessionSource: 'bearer' | 'cookie' | null;
  /** The raw token presented, valid or not (to tell "no session" from "dead session"). */
  presentedToken: boolean;
}

export type SignedInUser = UserRow;

export async function createContext(services: ApiServices, meta: RequestMeta): Promise<Context> {
  const token = meta.bearerToken ?? meta.cookieToken;
  const sessionSource = meta.bearerToken ? 'bearer' : meta.cookieToken ? 'cookie' : null;
  let session: ValidatedSession | null = null;
  if (token) {
    try {
      session = await validateSessionToken(services.database.db, token);
    } catch (error) {
      if (!isDatabaseUnavailable(error)) throw error;
      throw new TRPCError({
        code: 'SERVICE_UNAVAILABLE',
        message: MESSAGES.serviceUnavailable,
        cause: error,
      });
    }
    if (session?.fresh && sessionSource === 'cookie') {
      meta.setSessionCookie(token, { expires: session.session.expiresAt });
    }
    if (!session && sessionSource === 'cookie') meta.clearSessionCookie();
  }
  return { services, meta, session, sessionSource, presentedToken: Boolean(token) };
}
