import { Readable } from 'node:stream';
import type { AnyTRPCRouter, inferRouterContext } from '@trpc/server';
import { createURL } from '@trpc/server/adapters/node-http';
import { type HTTPErrorHandler, resolveResponse } from '@trpc/server/http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

export interface TrpcRouteOptions<TRouter extends AnyTRPCRouter> {
  prefix: string;
  router: TRouter;
  createContext: (opts: { req: FastifyRequest; res: FastifyReply }) => Promise<inferRouterContext<TRouter>>;
  maxBatchSize: number;
  onError?: HTTPErrorHandler<TRouter, FastifyRequest>;
}

/**
 * The Web `Request` tRPC reads, as `incomingMessageToRequest` builds it, but with its abort signal fired only
 * when the client goes away before the answer is complete (SSE subscriptions stop on it). The stock conversion
 * aborts on every `close` of the response, finished or not, and each abort builds a DOMException with its stack
 * trace and dispatches an event: a measurable part of every tRPC request's CPU time, for nothing.
 */
function toWebRequest(request: FastifyRequest, reply: FastifyReply): Request {
  const controller = new AbortController();
  const onClose = () => {
    reply.raw.off('close', onClose);
    request.raw.off('aborted', onClose);
    if (!reply.raw.writableFinished) controller.abort();
  };
  reply.raw.once('close', onClose);
  request.raw.once('aborted', onClose);
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (name.startsWith(':') || value === undefined) continue;
    if (Array.isArray(value)) for (const item of value) headers.append(name, item);
    else headers.append(name, value);
  }
  const init: RequestInit & { duplex?: 'half' } = {
    headers,
    method: request.method,
    signal: controller.signal,
  };
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    // The scope's content-type parsers keep the body as received (a string), or leave the stream unread.
    const body: unknown = request.body;
    init.body =
      body === undefined || body === null
        ? undefined
        : typeof body === 'string'
          ? body
          : body === request.raw
            ? (Readable.toWeb(request.raw) as ReadableStream)
            : JSON.stringify(body);
    init.duplex = 'half';
  }
  return new Request(createURL(request.raw), init);
}

/**
 * tRPC over Fastify, as `@trpc/server/adapters/fastify` (11.19) does it: the same route, body parsers and
 * resolveResponse, so the same behaviour (batching, errors, SSE subscriptions), with two differences found by
 * profiling (docs/benchmarks-log.md): the abort signal above, and the answer. The stock adapter hands
 * Fastify the Web `Response`, which Fastify pipes through a Web stream reader chunk by chunk with chunked
 * transfer encoding. A JSON answer is complete when resolveResponse returns it, so here it is read once and
 * sent as one buffer with a Content-Length, like every other route; only a streamed answer (SSE
 * subscriptions, `trpc-accept: application/jsonl`) is still piped as a stream.
 */
export async function registerTrpcRoute<TRouter extends AnyTRPCRouter>(
  app: FastifyInstance,
  options: TrpcRouteOptions<TRouter>,
): Promise<void> {
  await app.register(
    async (scope) => {
      // tRPC reads request bodies itself: hand them over as received (the stock plugin does the same).
      scope.removeContentTypeParser('application/json');
      scope.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
        done(null, body);
      });
      scope.removeContentTypeParser('multipart/form-data');
      scope.addContentTypeParser('multipart/form-data', {}, (_request, body, done) => {
        done(null, body);
      });

      scope.all<{ Params: { path: string } }>('/:path', async (request, reply) => {
        const response = await resolveResponse<TRouter>({
          router: options.router,
          req: toWebRequest(request, reply),
          path: request.params.path,
          error: null,
          maxBatchSize: options.maxBatchSize,
          createContext: () => options.createContext({ req: request, res: reply }),
          onError: (o) => options.onError?.({ ...o, req: request }),
        });
        reply.status(response.status);
        for (const [name, value] of response.headers) {
          if (name !== 'set-cookie') reply.header(name, value);
        }
        const cookies = response.headers.getSetCookie();
        if (cookies.length > 0) reply.header('set-cookie', cookies);
        // A stream: SSE (text/event-stream) or JSON lines (application/json with transfer-encoding: chunked).
        const streamed =
          response.headers.get('transfer-encoding') === 'chunked' ||
          !(response.headers.get('content-type') ?? '').startsWith('application/json');
        if (response.body && streamed) return reply.send(response.body);
        if (!response.body) return reply.send();
        // Compressed for clients that accept it, over 1 KB (@fastify/compress, registered in app.ts).
        reply.compress(Buffer.from(await response.arrayBuffer()));
        return reply;
      });
    },
    { prefix: options.prefix },
  );
}
