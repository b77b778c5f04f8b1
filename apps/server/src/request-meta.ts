import { type RequestMeta, SESSION_COOKIE } from '@barterads/api';
import { isLanguage, type Language, languageFromAcceptLanguage } from '@barterads/core';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Settings } from './settings';

export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1];
}

/**
 * The language a request asks for by `Accept-Language` when it names Hindi, Marathi or English (the web app sends
 * its page's language); undefined when it names none of them, so the member's profile language applies.
 */
export function requestLanguage(request: FastifyRequest): Language | undefined {
  const header = request.headers['accept-language'];
  if (typeof header !== 'string' || header.trim() === '') return undefined;
  const names = header.split(',').map((part) => part.trim().split(';')[0]?.toLowerCase().split('-')[0]);
  if (!names.some((name) => isLanguage(name))) return undefined;
  return languageFromAcceptLanguage(header);
}

/** What the procedures need to know about a Fastify request, for tRPC and REST alike. */
export function requestMeta(request: FastifyRequest, reply: FastifyReply, settings: Settings): RequestMeta {
  const cookieOptions = {
    path: '/',
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: settings.isProduction,
  };
  return {
    ip: request.ip,
    method: request.method,
    origin: typeof request.headers.origin === 'string' ? request.headers.origin : undefined,
    userAgent: request.headers['user-agent'],
    bearerToken: bearerToken(request),
    cookieToken: request.cookies[SESSION_COOKIE],
    language: requestLanguage(request),
    setSessionCookie(token, { expires }) {
      reply.setCookie(SESSION_COOKIE, token, { ...cookieOptions, expires });
    },
    clearSessionCookie() {
      reply.clearCookie(SESSION_COOKIE, cookieOptions);
    },
    setHeader(name, value) {
      reply.header(name, value);
    },
  };
}
