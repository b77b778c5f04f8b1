import type { FieldIssue } from '@barterads/api';
import { isDatabaseUnavailable, zodIssues } from '@barterads/api';
import { MESSAGES } from '@barterads/core';
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
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'TOO_MANY_REQUESTS',
  500: 'INTERNAL_SERVER_ERROR',
  503: 'SERVICE_UNAVAILABLE',
};

export function codeForStatus(status: number): string {
  return STATUS_CODES[status] ?? (status >= 500 ? 'INTERNAL_SERVER_ERROR' : 'BAD_REQUEST');
}

/** Maps a procedure's error to the status and body a REST caller gets. */
export function errorFromProcedure(error: unknown): { status: number; body: ErrorBody } {
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
