import {
  type ApiServices,
  appRouter,
  createApiKeyContext,
  createCaller,
  createContext,
  enforceUploadRateLimit,
  isApiKeyToken,
  jsonOf,
  messageLanguage,
  type ProcedureAccess,
  type ProcedureMeta,
  requireAccess,
} from '@barterads/api';
import { MESSAGES } from '@barterads/core';
import { TRPCError } from '@trpc/server';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { errorFromProcedure, sendError } from '../errors';
import { bearerToken, requestLanguage, requestMeta } from '../request-meta';
import type { Settings } from '../settings';
import {
  closeAfterAnswer,
  discardUploads,
  type MultipartBody,
  readMultipart,
  registerMultipart,
} from '../uploads';
import { acceptsApiKey, type RestAuth, type RestRequest, type RestRoute } from './route';

type Caller = ReturnType<typeof createCaller>;

/** Finds the procedure function of a dotted path on a caller. */
function procedureOf(caller: Caller, path: string): (input: unknown) => Promise<unknown> {
  let target: unknown = caller;
  for (const key of path.split('.')) target = (target as Record<string, unknown>)[key];
  if (typeof target !== 'function') throw new Error(`Unknown procedure ${path}`);
  return target as (input: unknown) => Promise<unknown>;
}

export function procedureExists(path: string): boolean {
  return path in appRouter._def.procedures;
}

interface ProcedureDef {
  _def: { type: 'query' | 'mutation' | 'subscription'; meta?: ProcedureMeta };
}

function procedureDef(path: string): ProcedureDef['_def'] {
  return (appRouter._def.procedures as unknown as Record<string, ProcedureDef>)[path]!._def;
}

/** The access a row's `auth` column demands; a signed webhook is public to the session layer. */
export const ACCESS_OF_AUTH: Record<RestAuth, ProcedureAccess> = {
  none: 'public',
  signature: 'public',
  'proof-token': 'public',
  bearer: 'signed-in',
  admin: 'admin',
};

/** The access of a procedure's base (`publicProcedure` …), from its tRPC meta. */
export function procedureAccess(path: string): ProcedureAccess | undefined {
  return procedureExists(path) ? procedureDef(path).meta?.access : undefined;
}

const RANK: Record<ProcedureAccess, number> = { public: 0, 'signed-in': 1, admin: 2 };

/**
 * Refuses (at start-up) a row whose `auth` is weaker than its procedure's base (`publicProcedure`,
 * `authedProcedure`, `adminProcedure`), so the column the OpenAPI document shows is never looser than the real
 * rule. A row may be stricter: the adapter enforces the row's `auth` on every request before the procedure runs.
 */
export function checkRouteAuth(route: RestRoute): void {
  if (!procedureExists(route.procedure))
    throw new Error(`REST ${route.path} names unknown procedure ${route.procedure}`);
  const actual = procedureDef(route.procedure).meta?.access;
  if (!actual) throw new Error(`${route.procedure} is built on no base procedure (its access is unknown)`);
  if (RANK[ACCESS_OF_AUTH[route.auth]] < RANK[actual]) {
    throw new Error(
      `REST ${route.method} ${route.path} says auth '${route.auth}' but ${route.procedure} needs ${actual}`,
    );
  }
}

function toRestRequest(request: FastifyRequest, upload?: MultipartBody): RestRequest {
  return {
    body: upload ? upload.fields : (request.body ?? {}),
    query: (request.query ?? {}) as Record<string, unknown>,
    params: (request.params ?? {}) as Record<string, string>,
    headers: request.headers,
    bearerToken: bearerToken(request),
    rawBody: request.rawBody,
    files: upload?.files ?? [],
  };
}

/** Serves every row of the REST table by calling its procedure: the REST API never re-implements one. */
export function registerRestRoutes(
  app: FastifyInstance,
  routes: RestRoute[],
  services: ApiServices,
  settings: Settings,
): void {
  const plain = routes.filter((route) => !route.multipart);
  const uploads = routes.filter((route) => route.multipart);
  addRoutes(app, plain, services, settings);
  // Upload rows in their own scope: only they accept multipart bodies.
  void app.register(async (scope) => {
    await registerMultipart(scope);
    addRoutes(scope, uploads, services, settings);
  });
}

function addRoutes(
  app: FastifyInstance,
  routes: RestRoute[],
  services: ApiServices,
  settings: Settings,
): void {
  for (const route of routes) {
    checkRouteAuth(route);
    const access = ACCESS_OF_AUTH[route.auth];
    const callType = procedureDef(route.procedure).type;
    const keys = acceptsApiKey(route);
    const handler = async (request: FastifyRequest, reply: FastifyReply) => {
      let upload: MultipartBody | undefined;
      // The request's temporary files are deleted before its answer is sent (a client that reads the answer finds
      // nothing left; deleted after it, a test that looked at once sometimes still saw the file).
      const discardUpload = async () => {
        const files = upload?.files;
        upload = undefined;
        if (files) await discardUploads(files);
      };
      // The errors' language: the request's, then (once the session is known) the member's.
      let language = requestLanguage(request) ?? 'en';
      try {
        // Inside the try: a database that is down while the session is read answers 503 like any other call.
        const meta = requestMeta(request, reply, settings);
        if (!keys && isApiKeyToken(meta.bearerToken)) {
          throw new TRPCError({
            code: 'FORBIDDEN',
            message: route.auth === 'admin' ? MESSAGES.apiKeyAdminPath : MESSAGES.apiKeyNotHere,
          });
        }
        const ctx = keys
          ? await createApiKeyContext(services, meta, callType)
          : await createContext(services, meta);
        // The row's `auth` enforced here, before the procedure runs (and before a stranger's upload is read to
        // disk), with the procedures' own errors.
        language = messageLanguage(ctx);
        requireAccess(ctx, access, callType);
        if (route.multipart) {
          await enforceUploadRateLimit(ctx);
          upload = await readMultipart(request, route.multipart, settings.uploadTmpDir, settings.uploadPace);
        }
        const restRequest = toRestRequest(request, upload);
        const input = route.input
          ? route.input(restRequest)
          : route.method === 'GET'
            ? restRequest.query
            : restRequest.body;
        const result = await procedureOf(createCaller(ctx), route.procedure)(input);
        await discardUpload();
        if (route.status === 204) return reply.status(204).send();
        // The procedure's result as it is, the shape its output schema gives the OpenAPI document.
        reply.status(route.status ?? 200);
        if (result === undefined) return reply.send();
        const file = route.file?.(result);
        if (file) {
          reply
            .type(file.contentType)
            .header('content-disposition', `attachment; filename="${file.filename}"`);
          return reply.send(file.encoding === 'base64' ? Buffer.from(file.content, 'base64') : file.content);
        }
        // JSON answers compressed for clients that accept it, over 1 KB, like the tRPC route's (app.ts): a page
        // of listings is 15 KB as JSON, 3 KB with brotli.
        // A search's JSON is made from its listings' kept JSON (jsonOf): the same text.
        reply.type('application/json; charset=utf-8').compress(jsonOf(result) ?? JSON.stringify(result));
        return reply;
      } catch (error) {
        await discardUpload();
        if (route.multipart) closeAfterAnswer(request, reply);
        const { status, body } = errorFromProcedure(error, language);
        if (status >= 500 && status !== 503)
          request.log.error({ err: error, procedure: route.procedure }, 'procedure failed');
        return sendError(reply, status, body);
      } finally {
        // Whatever failed in between (a throw while answering).
        await discardUpload();
      }
    };
    for (const path of [route.path, ...(route.aliases ?? [])]) {
      app.route({ method: route.method, url: path, handler });
    }
  }
}
