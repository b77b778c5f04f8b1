import { type RequestMeta, SESSION_COOKIE } from '@barterads/api';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Settings } from './settings';

export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1];
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
