import { type ApiKeyScope, isLanguage, type Language, MESSAGES } from '@barterads/core';
import type { UserRow } from '@barterads/db';
import { TRPCError } from '@trpc/server';
import { type ValidatedSession, validateSessionToken } from './accounts/sessions';
import { apiKeySession, isApiKeyToken, validateApiKey } from './api-keys/api-keys';
import { isDatabaseUnavailable } from './dependency-errors';
import { API_KEY_RATE_LIMIT } from './rate-limit-rules';
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
  /**
   * The language the request asks for (`Accept-Language`; the web app sends its page's), when it names one of
   * ours: error messages come in it, else in the signed-in member's profile language (issue 33).
   */
  language?: Language | undefined;
}

/** The language of a request's messages: the one it asks for, else the member's, else English. */
export function messageLanguage(
  ctx: { meta: RequestMeta; session?: Context['session'] | undefined } | undefined,
): Language {
  const profile = ctx?.session?.user.language;
  return ctx?.meta.language ?? (isLanguage(profile) ? profile : 'en');
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
  /** Set when the request was authenticated by a REST API key (never on tRPC): the key and its scope. */
  apiKey?: { id: string; scope: ApiKeyScope } | null;
}

export type SignedInUser = UserRow;

export async function createContext(services: ApiServices, meta: RequestMeta): Promise<Context> {
  if (isApiKeyToken(meta.bearerToken)) {
    throw new TRPCError({ code: 'UNAUTHORIZED', message: MESSAGES.apiKeyRestOnly });
  }
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

function unavailable(error: unknown): never {
  if (!isDatabaseUnavailable(error)) throw error;
  throw new TRPCError({ code: 'SERVICE_UNAVAILABLE', message: MESSAGES.serviceUnavailable, cause: error });
}

/**
 * The context of a REST request authenticated by an API key (`Authorization: Bearer bak_...`): the key must be
 * live and its owner on a plan with API access; each key has its own rate limit on the shared limiter; a read key
 * refuses mutations. The REST adapter uses it only on rows that accept keys.
 */
export async function createApiKeyContext(
  services: ApiServices,
  meta: RequestMeta,
  callType: 'query' | 'mutation' | 'subscription',
): Promise<Context> {
  const token = meta.bearerToken;
  if (!isApiKeyToken(token)) return createContext(services, meta);
  const validated = await validateApiKey(services.database.db, token).catch(unavailable);
  const limit = await services.rateLimiter.consume(`api-key:${validated.key.id}`, API_KEY_RATE_LIMIT);
  if (!limit.ok) {
    meta.setHeader('Retry-After', String(Math.max(1, Math.ceil(limit.retryAfterSeconds))));
    throw new TRPCError({ code: 'TOO_MANY_REQUESTS', message: MESSAGES.tooManyRequests });
  }
  if (callType === 'mutation' && validated.key.scope === 'read') {
    throw new TRPCError({ code: 'FORBIDDEN', message: MESSAGES.apiKeyReadOnly });
  }
  return {
    services,
    meta,
    session: apiKeySession(validated),
    sessionSource: 'bearer',
    presentedToken: true,
    apiKey: { id: validated.key.id, scope: validated.key.scope },
  };
}
