import { type Language, MESSAGES } from '@barterads/core';
import { translateText } from '@barterads/core/i18n';
import { initTRPC, TRPCError } from '@trpc/server';
import { ZodError, type z } from 'zod';
import { type Context, messageLanguage } from './context';
import { isDatabaseUnavailable } from './dependency-errors';
import { failureDelayMs, ruleKey, rulesFor, UPLOAD_RATE_LIMIT_RULES } from './rate-limit-rules';

export interface FieldIssue {
  path: string;
  message: string;
}

export function zodIssues(error: ZodError): FieldIssue[] {
  return error.issues.map((issue) => ({ path: issue.path.map(String).join('.'), message: issue.message }));
}

/** Issues with their messages in `language` (English ones without a translation stay English). */
export function localizeIssues(issues: FieldIssue[], language: Language): FieldIssue[] {
  return issues.map((issue) => ({ ...issue, message: translateText(language, issue.message) }));
}

/** Who may call a procedure; set by the base procedure it is built on (`publicProcedure` …). */
export type ProcedureAccess = 'public' | 'signed-in' | 'admin';

export interface ProcedureMeta {
  access: ProcedureAccess;
}

const t = initTRPC
  .context<Context>()
  .meta<ProcedureMeta>()
  .create({
    errorFormatter({ shape, error, ctx }) {
      // One error format in every language: the `code` stays, the message (and each issue's) is the member's.
      const language = messageLanguage(ctx);
      const issues =
        error.cause instanceof ZodError ? localizeIssues(zodIssues(error.cause), language) : undefined;
      // An internal error's message can hold SQL and its parameters (session ids, e-mails): never send it.
      const message = issues
        ? (issues[0]?.message ?? 'Invalid input')
        : error.code === 'INTERNAL_SERVER_ERROR'
          ? translateText(language, MESSAGES.internalError)
          : translateText(language, shape.message);
      return { ...shape, message, data: { ...shape.data, stack: undefined, issues } };
    },
  });

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;
export const middleware = t.middleware;

/** True when a NUL character hides anywhere in the input: PostgreSQL text cannot store it. */
function containsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (depth > 20 || typeof value !== 'object' || value === null) return false;
  if (Array.isArray(value)) return value.some((v) => containsNul(v, depth + 1));
  return Object.entries(value).some(([k, v]) => k.includes('\u0000') || containsNul(v, depth + 1));
}

/**
 * For every procedure: input with a NUL character is bad input (400) — PostgreSQL refuses it with an error
 * that was answering 500 — and an unreachable database is 503 (dependency down) rather than 500.
 */
const dependencyGuard = t.middleware(async ({ next, getRawInput }) => {
  // Reading the input parses the body: a procedure without input never does, so a body it ignores must not fail here.
  const raw = await getRawInput().catch(() => undefined);
  if (containsNul(raw)) {
    throw new TRPCError({ code: 'BAD_REQUEST', message: MESSAGES.invalidCharacters });
  }
  const result = await next();
  if (!result.ok && result.error.code === 'INTERNAL_SERVER_ERROR' && isDatabaseUnavailable(result.error)) {
    throw new TRPCError({
      code: 'SERVICE_UNAVAILABLE',
      message: MESSAGES.serviceUnavailable,
      cause: result.error,
    });
  }
  return result;
});

function tooManyRequests(ctx: Pick<Context, 'meta'>, retryAfterSeconds: number): TRPCError {
  ctx.meta.setHeader('Retry-After', String(Math.max(1, Math.ceil(retryAfterSeconds))));
  return new TRPCError({ code: 'TOO_MANY_REQUESTS', message: MESSAGES.tooManyRequests });
}

/**
 * The rate limits of RATE_LIMIT_RULES (one table): counted rules before the procedure runs; failure rules refuse a
 * blocked key before, and after the procedure count a failure (blocking progressively) or clear on success.
 */
const rateLimits = t.middleware(async ({ ctx, path, getRawInput, next }) => {
  const rules = rulesFor(path);
  if (!rules) return next();
  const input = await getRawInput().catch(() => undefined);
  const request = { ip: ctx.meta.ip, userId: ctx.session?.user.id, input };
  const limiter = ctx.services.rateLimiter;
  const failureKeys: Array<{ key: string; rule: (typeof rules)[number] }> = [];
  const countedKeys: Array<{ key: string; giveBackOnSuccess: boolean }> = [];
  for (const rule of rules) {
    if (rule.when && !rule.when(input)) continue;
    const key = ruleKey(rule, request);
    if (!key) continue;
    if (rule.failures) {
      const blockedMs = await limiter.blockedFor(key);
      if (blockedMs > 0) throw tooManyRequests(ctx, blockedMs / 1000);
      failureKeys.push({ key, rule });
    } else if (rule.max !== undefined) {
      const result = await limiter.consume(key, { max: rule.max, windowMs: rule.windowMs });
      if (!result.ok) throw tooManyRequests(ctx, result.retryAfterSeconds);
      countedKeys.push({ key, giveBackOnSuccess: rule.giveBackOnSuccess === true });
    }
  }
  const result = await next();
  // Input the procedure refused (a typo in a form) does not use up the limits.
  const badInput = !result.ok && result.error.cause instanceof ZodError;
  for (const { key, giveBackOnSuccess } of countedKeys) {
    if (badInput || (result.ok && giveBackOnSuccess)) await limiter.release(key);
  }
  for (const { key, rule } of failureKeys) {
    const failures = rule.failures!;
    if (result.ok) {
      await limiter.reset(key);
    } else if (failures.on.includes(result.error.code) && !(result.error.cause instanceof ZodError)) {
      const counted = await limiter.consume(key, { max: Number.MAX_SAFE_INTEGER, windowMs: rule.windowMs });
      const delay = failureDelayMs(failures, counted.count);
      if (delay > 0) await limiter.block(key, delay);
    }
  }
  return result;
});

/**
 * The uploads' own limit (UPLOAD_RATE_LIMIT_RULES), for the transport to apply when an upload arrives, before it
 * reads the body: 429 with Retry-After, as any limit.
 */
export async function enforceUploadRateLimit(ctx: Context): Promise<void> {
  const request = { ip: ctx.meta.ip, userId: ctx.session?.user.id, input: undefined };
  for (const rule of UPLOAD_RATE_LIMIT_RULES) {
    const key = ruleKey(rule, request);
    if (!key || rule.max === undefined) continue;
    const result = await ctx.services.rateLimiter.consume(key, { max: rule.max, windowMs: rule.windowMs });
    if (!result.ok) throw tooManyRequests(ctx, result.retryAfterSeconds);
  }
}

export type CallType = 'query' | 'mutation' | 'subscription';

/**
 * The signed-in rule: a live session of an active user; a mutation authenticated by the browser cookie must come
 * from one of our apps. Throws UNAUTHORIZED or FORBIDDEN, else answers the session. The file routes beside the
 * tRPC router (certificate, deal letter) apply the same rule.
 */
export function requireSession(ctx: Context, type: CallType): NonNullable<Context['session']> {
  if (!ctx.session) {
    throw new TRPCError({
      code: 'UNAUTHORIZED',
      message: ctx.presentedToken ? MESSAGES.sessionExpired : MESSAGES.notAuthenticated,
    });
  }
  if (ctx.session.user.status !== 'active') {
    throw new TRPCError({ code: 'FORBIDDEN', message: MESSAGES.accountSuspended });
  }
  if (type === 'mutation' && ctx.apiKey?.scope === 'read') {
    throw new TRPCError({ code: 'FORBIDDEN', message: MESSAGES.apiKeyReadOnly });
  }
  if (type === 'mutation' && ctx.sessionSource === 'cookie') {
    const origin = ctx.meta.origin;
    if (!origin || !ctx.services.config.allowedOrigins.includes(origin)) {
      throw new TRPCError({ code: 'FORBIDDEN', message: 'Cross-site request refused.' });
    }
  }
  return ctx.session;
}

function requireAdmin(user: { role: string }): void {
  if (user.role !== 'admin') throw new TRPCError({ code: 'FORBIDDEN', message: MESSAGES.adminOnly });
}

/**
 * Checks an access level the way the base procedures do, with the same errors: for a transport that must
 * refuse a call before it reaches the procedure (the REST adapter enforces each row's `auth` with it).
 */
export function requireAccess(ctx: Context, access: ProcedureAccess, type: CallType): void {
  if (access === 'public') return;
  const session = requireSession(ctx, type);
  if (access === 'admin') requireAdmin(session.user);
}

/**
 * An answer's schema that is documented (the OpenAPI document, the clients' types) but not parsed at run time:
 * `.output(documentedOutput(Schema))` for a procedure whose answer is built field by field by typed code from
 * database columns with the same constraints, so its TypeScript type already guarantees the shape. Parsing
 * listings.search's page of 24 listings with zod (and copying it) was ~5% of a search's CPU time (issue 34);
 * tests parse its answers with the schema to keep the two the same.
 */
export class DocumentedOutput<T extends z.ZodType> {
  constructor(readonly schema: T) {}

  /** tRPC's output parser: the answer as it is. */
  parse(value: unknown): z.output<T> {
    return value as z.output<T>;
  }
}

export function documentedOutput<T extends z.ZodType>(schema: T): DocumentedOutput<T> {
  return new DocumentedOutput(schema);
}

/** Anyone may call it. */
export const publicProcedure = t.procedure.meta({ access: 'public' }).use(dependencyGuard).use(rateLimits);

/** A live session of an active user is required; cookie-authenticated mutations must come from our apps. */
export const authedProcedure = publicProcedure
  .meta({ access: 'signed-in' })
  .use(async ({ ctx, type, next }) => {
    const session = requireSession(ctx, type);
    const result = await next({ ctx: { ...ctx, session, user: session.user } });
    // A member's own searches read their writes at once (others within the search freshness window).
    if (type === 'mutation' && result.ok && ctx.services.searchCache) {
      await ctx.services.searchCache.noteWriter(session.user.id).catch((error: unknown) => {
        ctx.services.logger.warn({ err: error }, 'search cache write failed');
      });
    }
    return result;
  });

/** Only `role = admin`; never with an API key. */
export const adminProcedure = authedProcedure.meta({ access: 'admin' }).use(({ ctx, next }) => {
  if (ctx.apiKey) throw new TRPCError({ code: 'FORBIDDEN', message: MESSAGES.apiKeyAdminPath });
  requireAdmin(ctx.user);
  return next();
});

/** A signed-in session, never an API key (managing the keys themselves, the account's own settings). */
export const sessionOnlyProcedure = authedProcedure.use(({ ctx, next }) => {
  if (ctx.apiKey) throw new TRPCError({ code: 'FORBIDDEN', message: MESSAGES.apiKeyNotHere });
  return next();
});

/** The trade desk's readers: an admin or a broker (users.is_broker); never with an API key. */
export const deskProcedure = authedProcedure.use(({ ctx, next }) => {
  if (ctx.apiKey) throw new TRPCError({ code: 'FORBIDDEN', message: MESSAGES.apiKeyAdminPath });
  if (ctx.user.role !== 'admin' && !ctx.user.isBroker)
    throw new TRPCError({ code: 'FORBIDDEN', message: 'Trade desk access is for admins and brokers.' });
  return next();
});

/** A broker only (drafts for members are a broker's work, recorded with its name). */
export const brokerProcedure = authedProcedure.use(({ ctx, next }) => {
  if (ctx.apiKey) throw new TRPCError({ code: 'FORBIDDEN', message: MESSAGES.apiKeyAdminPath });
  if (!ctx.user.isBroker)
    throw new TRPCError({ code: 'FORBIDDEN', message: 'Only a broker may draft for members.' });
  return next();
});
