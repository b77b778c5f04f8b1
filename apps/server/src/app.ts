import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { constants as zlibConstants } from 'node:zlib';
import {
  appRouter,
  checkoutExtraOrigins,
  createContext,
  isDatabaseUnavailable,
  SESSION_COOKIE,
  searchCacheCounts,
  searchIndexOf,
} from '@barterads/api';
import { STARTUP_LOCK } from '@barterads/db';
import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import fastifyCors from '@fastify/cors';
import fastifyHelmet from '@fastify/helmet';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import Fastify, {
  type FastifyBaseLogger,
  type FastifyError,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
} from 'fastify';
import { answerClientError, codeForStatus, sendError, serviceUnavailable } from './errors';
import { registerFilesRoute } from './files-route';
import { createServerJobQueue, RESUME_AT_START } from './jobs';
import { registerListingPages } from './listing-pages';
import { registerMemberPages } from './member-pages';
import {
  type PageWithData,
  registerPrerenderedPages,
  webInlineScriptSources,
  webRouteMatcher,
} from './prerendered-pages';
import { registerPrivateFileRoutes } from './private-files';
import { requestMeta } from './request-meta';
import { registerRestRoutes } from './rest/adapter';
import { API_DOCS_SCRIPT, apiDocsPage, buildOpenApiDocument } from './rest/openapi';
import { restRoutes } from './rest/routes';
import type { ServerServices } from './services';
import type { Settings } from './settings';
import { registerTrpcRoute } from './trpc-route';
import { registerUnsubscribeRoute } from './unsubscribe-route';

declare module 'fastify' {
  interface FastifyRequest {
    /** The JSON body exactly as received, for signature checks. */
    rawBody?: string;
  }
}

export const BODY_LIMIT = 1024 * 1024;
/** The longest path parameter (an id, a slug) a route takes; longer ones get 414 in the error format. */
export const MAX_PARAM_LENGTH = 200;
const TRPC_MAX_BATCH = 10;

/** Content security policy that lets both apps and Razorpay checkout work. */
const CSP_DIRECTIVES = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'", 'https://checkout.razorpay.com'],
  styleSrc: ["'self'", "'unsafe-inline'"],
  // blob: the post and edit forms' previews of photos chosen on the device (URL.createObjectURL), never fetched.
  imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'", 'https://api.razorpay.com', 'https://lumberjack.razorpay.com'],
  frameSrc: ["'self'", 'https://api.razorpay.com', 'https://checkout.razorpay.com'],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
  upgradeInsecureRequests: null,
};

/**
 * The CSP, plus the hashes of the built web app's inline scripts (its colour scheme script) and the stand-in
 * Razorpay's origin when RAZORPAY_API_URL points at one (tests); never in real use.
 */
function cspDirectives(settings: Settings): typeof CSP_DIRECTIVES {
  const extra = checkoutExtraOrigins(settings.razorpay);
  const inlineScripts = webInlineScriptSources(settings.webDist);
  return {
    ...CSP_DIRECTIVES,
    scriptSrc: [...CSP_DIRECTIVES.scriptSrc, ...inlineScripts, ...extra],
    connectSrc: [...CSP_DIRECTIVES.connectSrc, ...extra],
    frameSrc: [...CSP_DIRECTIVES.frameSrc, ...extra],
  };
}

function isApiPath(url: string): boolean {
  return url === '/api' || url.startsWith('/api/') || url.startsWith('/trpc') || url.startsWith('/api?');
}

/** Builds the HTTP server; tests import it, main.ts only reads settings and listens. */
export async function buildApp(
  settings: Settings,
  services: ServerServices,
  logger: FastifyBaseLogger,
): Promise<FastifyInstance> {
  const app = Fastify({
    loggerInstance: logger,
    bodyLimit: BODY_LIMIT,
    // A hop count trusts that many proxies nearest to us (the function form of Fastify's numeric trustProxy).
    trustProxy:
      typeof settings.trustProxy === 'number'
        ? (
            (hops: number) => (_address: string, hop: number) =>
              hop < hops
          )(settings.trustProxy)
        : settings.trustProxy,
    requestIdHeader: 'x-request-id',
    genReqId: () => crypto.randomUUID(),
    // The router takes any parameter up to the URL limit so that a long one reaches the hooks below (security
    // headers, then the 414 in the error format) instead of the router's own answer.
    routerOptions: { maxParamLength: 16 * 1024 },
    // A request without Host reaches the hooks too (Node would answer an empty 400 itself).
    http: { requireHostHeader: false },
    clientErrorHandler: answerClientError,
  });

  // JSON bodies: keep the raw text (webhook signatures) and parse with Fastify's own safe parser.
  const defaultJsonParser = app.getDefaultJsonParser('error', 'remove');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'string', bodyLimit: BODY_LIMIT },
    (request, body, done) => {
      const text = typeof body === 'string' ? body : body.toString('utf8');
      request.rawBody = text;
      // Meta's webhook is verified over the raw text before anything reads it: a forged body is never parsed
      // (malformed or not, it is refused as unsigned, 401).
      if (text.trim() === '' || request.url.startsWith('/api/whatsapp/webhook')) return done(null, undefined);
      defaultJsonParser(request, text, done);
    },
  );

  await app.register(fastifyHelmet, {
    contentSecurityPolicy: { directives: cspDirectives(settings) },
    crossOriginEmbedderPolicy: false,
    hsts: settings.isProduction,
  });
  // After helmet's hook, so that these refusals carry the security headers like every answer.
  app.addHook('onRequest', async (request, reply) => {
    if (!request.headers.host) {
      return sendError(reply, 400, { message: 'A Host header is required.', code: 'BAD_REQUEST' });
    }
    const params = request.params as Record<string, unknown> | undefined;
    if (params && Object.values(params).some((v) => typeof v === 'string' && v.length > MAX_PARAM_LENGTH)) {
      return sendError(reply, 414, {
        message: `A path parameter is longer than ${MAX_PARAM_LENGTH} characters.`,
        code: 'URI_TOO_LONG',
      });
    }
  });
  await app.register(fastifyCors, {
    origin: (origin, cb) => cb(null, !origin || settings.allowedOrigins.includes(origin)),
    credentials: true,
    methods: ['GET', 'HEAD', 'POST', 'PATCH', 'PUT', 'DELETE', 'OPTIONS'],
  });
  await app.register(fastifyCookie);
  // Compression where a route asks for it (reply.compress): the JSON answers of the tRPC route, which the web
  // apps fetch over phone connections (a results page: 16 KB -> 3 KB), and of the REST API (rest/adapter.ts).
  // Streams (SSE, JSON lines) are sent as they are.
  // A JSON answer is a complete buffer, compressed in one go and sent with its length: the plugin's streaming
  // path for buffers over 8 KB (on two cores) now and then left a keep-alive connection closed under the next
  // request (hardening suite, accounts.exportData).
  await app.register(fastifyCompress, {
    global: false,
    threshold: 1024,
    syncThreshold: Number.MAX_SAFE_INTEGER,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } },
    // gzip at level 1: a results page compressed at the default level 6 was 15% of the API's CPU time on
    // distinct searches (issue 34's profile); level 1 is several times faster for a slightly larger answer.
    zlibOptions: { level: 1 },
  });
  await app.register(fastifyRateLimit, {
    global: true,
    max: 600,
    timeWindow: '1 minute',
    ...(services.redis ? { redis: services.redis, nameSpace: 'barterads:global-rl:' } : {}),
    allowList: (request) => !isApiPath(request.url),
    errorResponseBuilder: (_request, context) => ({
      statusCode: context.statusCode,
      message: 'Too many requests. Please try again later.',
    }),
  });

  // Closing (a deploy, a test's end): Node closes the idle keep-alive connections once, when closing begins. A
  // connection still sending (a streamed file) becomes idle a moment later and would hold the close open for the
  // keep-alive time (72 s), so each answer finished while closing ends its connection.
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onResponse', async (request) => {
    if (closing) request.raw.socket?.end();
  });

  app.setErrorHandler((error: FastifyError, request, reply) => {
    const status = error.statusCode && error.statusCode >= 400 ? error.statusCode : 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      if (isDatabaseUnavailable(error)) {
        const { status: unavailable, body } = serviceUnavailable();
        return sendError(reply, unavailable, body);
      }
      return sendError(reply, status, { message: 'Internal server error', code: codeForStatus(status) });
    }
    const message =
      status === 413
        ? 'Request body is too large (limit 1 MiB).'
        : error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE'
          ? 'Unsupported content type; send application/json.'
          : error.code?.startsWith('FST_ERR_CTP') || error instanceof SyntaxError
            ? 'Malformed JSON body.'
            : error.message;
    return sendError(reply, status, { message, code: codeForStatus(status) });
  });

  // The search results cache's hits and misses in this process (the benchmark reports its hit rate from them).
  // And whether the in-memory search index is built (the benchmark waits for it), with how many listings it holds.
  app.get('/healthz', async () => {
    const index = searchIndexOf(services.database.db);
    return {
      status: 'ok',
      searchCache: searchCacheCounts(),
      searchIndex: index ? { ready: index.ready, listings: index.size, answered: index.answered } : null,
    };
  });
  app.get('/readyz', async (_request, reply) => {
    try {
      await Promise.race([
        services.database.ping(),
        new Promise((_, reject) => setTimeout(() => reject(new Error('database timeout')), 2000)),
      ]);
      return { status: 'ready' };
    } catch {
      return sendError(reply, 503, { message: 'Database unreachable', code: 'SERVICE_UNAVAILABLE' });
    }
  });

  await registerTrpcRoute(app, {
    prefix: '/trpc',
    router: appRouter,
    createContext: ({ req, res }) => createContext(services, requestMeta(req, res, settings)),
    maxBatchSize: TRPC_MAX_BATCH,
    onError: ({ error, path }) => {
      if (error.code === 'INTERNAL_SERVER_ERROR') logger.error({ err: error, path }, 'tRPC procedure failed');
    },
  });

  registerRestRoutes(app, restRoutes, services, settings);
  const openApi = buildOpenApiDocument(restRoutes);
  app.get('/api/openapi.json', async () => openApi);
  app.get('/api/docs', async (_request, reply) => reply.type('text/html; charset=utf-8').send(apiDocsPage()));
  app.get('/api/docs.js', async (_request, reply) =>
    reply.type('text/javascript; charset=utf-8').send(API_DOCS_SCRIPT),
  );

  registerFilesRoute(app, services.storage);
  const dataPages = registerListingPages(app, services, settings);
  registerMemberPages(app, services, settings);
  registerPrivateFileRoutes(app, services, settings);
  registerUnsubscribeRoute(app, services, settings);
  registerStaticApps(app, settings, dataPages);

  // The background jobs (deal expiry, unread-message and notification e-mails): scheduled every minute on pg-boss, run by one instance each time.
  const jobs = createServerJobQueue(services);
  // pg-boss creates its schema on first start; two processes doing so at once can collide in PostgreSQL's
  // catalogue (a duplicate pg_namespace row, not the "already exists" pg-boss expects), so they take turns.
  await services.database.exclusively(STARTUP_LOCK, () => jobs.start());
  services.jobs = { wake: (name) => jobs.wake(name) };
  // Work queued in rows (e-mails, match updates) that a stopped or killed instance left resumes at once, not at
  // the next scheduled minute.
  for (const name of RESUME_AT_START) jobs.wake(name);
  // One hook, in this order: Fastify runs onClose hooks last-registered first, and two hooks closed the database
  // before the jobs stopped (a running job then wrote on an ended connection: an unhandled CONNECTION_ENDED).
  app.addHook('onClose', async () => {
    await jobs.stop();
    await services.close();
  });
  return app;
}

/**
 * In production the built web app is served at / and the admin app at /admin/, with history fallback; the
 * web app's pre-rendered public pages at their own paths.
 */
function registerStaticApps(
  app: FastifyInstance,
  settings: Settings,
  withData: Record<string, PageWithData>,
): void {
  const web = existsSync(join(settings.webDist, 'index.html')) ? settings.webDist : undefined;
  const admin = existsSync(join(settings.adminDist, 'index.html')) ? settings.adminDist : undefined;
  const setHeaders = (reply: FastifyReply, path: string) => {
    reply.header(
      'Cache-Control',
      path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
    );
  };
  if (web)
    void app.register(fastifyStatic, {
      root: web,
      prefix: '/',
      wildcard: false,
      setHeaders,
      index: false,
      preCompressed: true,
    });
  if (web)
    registerPrerenderedPages(
      app,
      web,
      (reply) => reply.header('Cache-Control', 'no-cache').sendFile('index.html', web),
      SESSION_COOKIE,
      withData,
      new URL(settings.appUrl).origin,
    );
  if (admin) {
    void app.register(fastifyStatic, {
      root: admin,
      prefix: '/admin/',
      decorateReply: !web,
      wildcard: false,
      setHeaders,
      index: false,
      preCompressed: true,
    });
  }

  const isWebRoute = web ? webRouteMatcher(web) : () => true;
  app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
    const url = request.url;
    const path = url.split('?')[0] ?? '';
    const wantsPage = (request.method === 'GET' || request.method === 'HEAD') && !isApiPath(url);
    const inAdmin = url === '/admin' || url.startsWith('/admin/');
    const root = inAdmin ? admin : web;
    if (wantsPage && root && !/\.[a-z0-9]+$/i.test(path)) {
      // A path no web route matches still gets the app (it shows its not-found page), with a 404 status for
      // crawlers and link checkers.
      const status = inAdmin || isWebRoute(path) ? 200 : 404;
      return reply.code(status).header('Cache-Control', 'no-cache').sendFile('index.html', root);
    }
    return sendError(reply, 404, {
      message: `Not found: ${request.method} ${url.split('?')[0]}`,
      code: 'NOT_FOUND',
    });
  });
}
