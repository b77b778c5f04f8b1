import { STATUS_CODES as STATUS_TEXTS } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FieldIssue } from '@barterads/api';
import { isDatabaseUnavailable, localizeIssues, zodIssues } from '@barterads/api';
import { type Language, MESSAGES } from '@barterads/core';
import { translateText } from '@barterads/core/i18n';
import { TRPCError } from '@trpc/server';
import { getHTTPStatusCodeFromError } from '@trpc/server/http';
import type { FastifyReply } from 'fastify';
import { ZodError } from 'zod';

/** The contract's one error format: `{ message, code?, issues? }` with the HTTP status. */
export interface ErrorBody {
  message: string;
  code?: string;
  issues?: FieldIssue[];
}

export function sendError(reply: FastifyReply, status: number, body: ErrorBody): FastifyReply {
  return reply.status(status).type('application/json; charset=utf-8').send(body);
}

const STATUS_CODES: Record<number, string> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  405: 'METHOD_NOT_SUPPORTED',
  408: 'REQUEST_TIMEOUT',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  414: 'URI_TOO_LONG',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'TOO_MANY_REQUESTS',
  431: 'REQUEST_HEADER_FIELDS_TOO_LARGE',
  500: 'INTERNAL_SERVER_ERROR',
  503: 'SERVICE_UNAVAILABLE',
};

export function codeForStatus(status: number): string {
  return STATUS_CODES[status] ?? (status >= 500 ? 'INTERNAL_SERVER_ERROR' : 'BAD_REQUEST');
}

/** Maps a procedure's error to the status and body a REST caller gets. */
export function errorFromProcedure(
  error: unknown,
  language: Language = 'en',
): { status: number; body: ErrorBody } {
  const { status, body } = englishErrorFromProcedure(error);
  // One format in every language (issue 33): the code stays, the message is the member's.
  return {
    status,
    body: {
      ...body,
      message: translateText(language, body.message),
      ...(body.issues ? { issues: localizeIssues(body.issues, language) } : {}),
    },
  };
}

function englishErrorFromProcedure(error: unknown): { status: number; body: ErrorBody } {
  if (error instanceof TRPCError) {
    const status = getHTTPStatusCodeFromError(error);
    if (error.cause instanceof ZodError) {
      const issues = zodIssues(error.cause);
      return {
        status: 400,
        body: { message: issues[0]?.message ?? 'Invalid input', code: 'BAD_REQUEST', issues },
      };
    }
    if (status >= 500 && status !== 503) {
      if (isDatabaseUnavailable(error)) return serviceUnavailable();
      return { status, body: { message: MESSAGES.internalError, code: error.code } };
    }
    return { status, body: { message: error.message, code: error.code } };
  }
  if (isDatabaseUnavailable(error)) return serviceUnavailable();
  return { status: 500, body: { message: MESSAGES.internalError, code: 'INTERNAL_SERVER_ERROR' } };
}

/** The database is unreachable: 503, so clients retry instead of reporting a bug. */
export function serviceUnavailable(): { status: number; body: ErrorBody } {
  return { status: 503, body: { message: MESSAGES.serviceUnavailable, code: 'SERVICE_UNAVAILABLE' } };
}

/** How long a refused connection stays open to read what its client is still sending, at most. */
const LINGER_MS = 2000;
const answeredSockets = new WeakSet<Duplex>();

/** The answer to each parser error, by Node's error code; any other is malformed HTTP. */
const PARSER_REFUSALS = new Map<string | undefined, { status: number; message: string }>([
  ['HPE_HEADER_OVERFLOW', { status: 431, message: 'The request headers or URL are too large.' }],
  ['ERR_HTTP_REQUEST_TIMEOUT', { status: 408, message: 'The request took too long to arrive.' }],
]);
const MALFORMED_REQUEST = { status: 400, message: 'Malformed HTTP request.' };

/**
 * Answers a request Node's HTTP parser refused (headers or URL over 16 KB, malformed HTTP, a request too slow to
 * arrive) in the contract's error format, then closes the connection: Fastify's clientErrorHandler option.
 *
 * Unlike Fastify's default, the answer says `Connection: close`: without it a client keeps the connection for its
 * next request, which the closing then loses. And the connection closes after the answer (FIN), reading what the
 * client still sends for up to 2 s instead of resetting it at once, so a client still writing a long URL
 * reads the 431 rather than a reset.
 */
export function answerClientError(error: NodeJS.ErrnoException, socket: Duplex): void {
  // The parser reports each later chunk of the same connection again: answer once.
  if (error.code === 'ECONNRESET' || socket.destroyed || answeredSockets.has(socket)) return;
  answeredSockets.add(socket);
  if (!socket.writable) {
    socket.destroy();
    return;
  }
  const { status, message } = PARSER_REFUSALS.get(error.code) ?? MALFORMED_REQUEST;
  const body = JSON.stringify({ message, code: codeForStatus(status) } satisfies ErrorBody);
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_TEXTS[status]}\r\nConnection: close\r\n` +
      `Content-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
  );
  const linger = setTimeout(() => socket.destroy(), LINGER_MS).unref();
  socket.once('close', () => clearTimeout(linger));
}
