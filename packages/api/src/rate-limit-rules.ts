/**
 * Every rate limit of the API in one table: the procedure's path, then its rules. A middleware on the base
 * procedure (`trpc.ts`) applies them to tRPC and REST calls alike, before the procedure runs.
 *
 * A rule counts either every call (`max` per window; a call refused as bad input is given back) or only the
 * calls that fail as a wrong secret does (`failures`): after `free` failures in the window each further failure
 * blocks the key for a delay that doubles (progressive delays), and a success clears the count. Rules with the
 * same `bucket` share one counter.
 */
import { LIMITS } from '@barterads/core';
import type { AnyProcedure, AnyRouter, TRPC_ERROR_CODE_KEY } from '@trpc/server';
import type { AppRouter } from './root';

/** The dotted paths (`accounts.login`) of a router's record's procedures, nested routers included. */
type PathsOf<TRecord, TPrefix extends string = ''> = {
  [K in keyof TRecord & string]: TRecord[K] extends AnyProcedure
    ? `${TPrefix}${K}`
    : TRecord[K] extends AnyRouter
      ? PathsOf<TRecord[K]['_def']['record'], `${TPrefix}${K}.`>
      : TRecord[K] extends object
        ? PathsOf<TRecord[K], `${TPrefix}${K}.`>
        : never;
}[keyof TRecord & string];

/** Every procedure's path, from the router itself: the rules below are keyed by these, so a typo fails the build. */
export type ProcedurePath = PathsOf<AppRouter['_def']['record']>;

/** The rules table's type: at most one list of rules per real procedure path. */
export type RateLimitRules = Readonly<Partial<Record<ProcedurePath, readonly RateLimitRuleRow[]>>>;

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

/** Each REST API key's own limit (counted on the shared limiter under `api-key:<id>`). */
export const API_KEY_RATE_LIMIT = { max: 120, windowMs: MINUTE } as const;

/** What a rule's key is made of, from the request. */
export interface RateLimitRequest {
  ip: string;
  userId: string | undefined;
  input: unknown;
}

type KeyPart = (request: RateLimitRequest) => string | undefined;

const ip: KeyPart = (r) => r.ip;
const user: KeyPart = (r) => r.userId;

function field(record: unknown, name: string): unknown {
  return typeof record === 'object' && record !== null
    ? (record as Record<string, unknown>)[name]
    : undefined;
}

/** An e-mail field of the input, as the schemas normalize it (trimmed, lowercase). */
const email =
  (name: string): KeyPart =>
  (r) => {
    const value = field(r.input, name);
    return typeof value === 'string' && value.trim() ? value.trim().toLowerCase().slice(0, 254) : undefined;
  };

/** The row id of an opaque `<id>.<secret>` token of the input (a code's challenge). */
const tokenId =
  (name: string): KeyPart =>
  (r) => {
    const value = field(r.input, name);
    if (typeof value !== 'string') return undefined;
    const id = value.split('.', 1)[0];
    return id && /^[0-9a-f-]{36}$/i.test(id) ? id.toLowerCase() : undefined;
  };

export interface FailureRule {
  /** Failures allowed in the window before delays begin. */
  free: number;
  /** The first delay; each further failure doubles it, up to `maxDelayMs`. */
  firstDelayMs: number;
  maxDelayMs: number;
  /** The error codes that count as a failure (a wrong password or code); bad input never does. */
  on: readonly TRPC_ERROR_CODE_KEY[];
}

export interface RateLimitRuleRow {
  bucket: string;
  per: readonly KeyPart[];
  windowMs: number;
  /** Calls allowed per window (rules that count every call). */
  max?: number;
  /** Progressive delays after failures (rules that count failures). */
  failures?: FailureRule;
  /**
   * A call that succeeds is given back (counted rules): the limit is then one of failed calls in the window, and a
   * success does not clear the others' failures, as a failure rule's success would.
   */
  giveBackOnSuccess?: boolean;
  /** The rule applies only to calls for which this is true. */
  when?: (input: unknown) => boolean;
}

/** Sending a one-time code: per address and IP (a stranger cannot use up the owner's sends), per address, per IP. */
function codeSending(prefix: string, emailField: string): RateLimitRuleRow[] {
  return [
    { bucket: `${prefix}:ip`, per: [ip], max: 30, windowMs: HOUR },
    { bucket: `${prefix}:email-ip`, per: [email(emailField), ip], max: 5, windowMs: HOUR },
    { bucket: `${prefix}:email`, per: [email(emailField)], max: 20, windowMs: HOUR },
  ];
}

/** Checking a code: per IP and per challenge (on top of the challenge's own LIMITS.otpMaxAttempts). */
const CODE_CHECKING: RateLimitRuleRow[] = [
  { bucket: 'otp-check:ip', per: [ip], max: 60, windowMs: 15 * MINUTE },
  { bucket: 'otp-check:challenge', per: [tokenId('otp_token')], max: 10, windowMs: 15 * MINUTE },
];

/** Wrong passwords of one account from one address: 5 free, then 1 s, 2 s, 4 s … up to 15 minutes. */
const PASSWORD_FAILURES: FailureRule = {
  free: 5,
  firstDelayMs: SECOND,
  maxDelayMs: 15 * MINUTE,
  on: ['UNAUTHORIZED', 'BAD_REQUEST', 'FORBIDDEN'],
};

export const RATE_LIMIT_RULES: RateLimitRules = {
  'accounts.sendEmailOtp': codeSending('otp-send', 'email'),
  'accounts.verifyOtp': CODE_CHECKING,
  'accounts.signup': [{ bucket: 'signup:ip', per: [ip], max: 20, windowMs: HOUR }],
  'accounts.login': [
    // Many accounts tried from one address: 30 failed sign-ins in 15 minutes. Sign-ins that succeed are given
    // back, so an office or a mobile carrier's shared address never locks its people out.
    { bucket: 'login:ip', per: [ip], max: 30, windowMs: 15 * MINUTE, giveBackOnSuccess: true },
    // One account from one address: the owner elsewhere is never refused because of a stranger's guesses.
    {
      bucket: 'login:account-ip',
      per: [email('email'), ip],
      windowMs: HOUR,
      failures: { ...PASSWORD_FAILURES, on: ['UNAUTHORIZED'] },
    },
  ],
  'accounts.requestPasswordReset': codeSending('reset-send', 'email'),
  'accounts.resetPassword': CODE_CHECKING,
  'accounts.changePassword': [
    { bucket: 'password:user', per: [user], max: 10, windowMs: 15 * MINUTE },
    { bucket: 'password:user-ip', per: [user, ip], windowMs: HOUR, failures: PASSWORD_FAILURES },
  ],
  'accounts.requestEmailChange': [
    { bucket: 'email-change:user', per: [user], max: 5, windowMs: HOUR },
    { bucket: 'email-change:ip', per: [ip], max: 30, windowMs: HOUR },
    { bucket: 'email-change:email', per: [email('newEmail')], max: 5, windowMs: HOUR },
    { bucket: 'password:user-ip', per: [user, ip], windowMs: HOUR, failures: PASSWORD_FAILURES },
  ],
  'accounts.confirmEmailChange': CODE_CHECKING,
  'accounts.deleteAccount': [
    { bucket: 'delete-account:user', per: [user], max: 5, windowMs: 15 * MINUTE },
    { bucket: 'password:user-ip', per: [user, ip], windowMs: HOUR, failures: PASSWORD_FAILURES },
  ],
  // Each code is a paid WhatsApp message: 10 saves an hour per member (the domain also allows 5 codes an hour).
  'whatsapp.update': [{ bucket: 'whatsapp:update:user', per: [user], max: 10, windowMs: HOUR }],
  'whatsapp.confirm': CODE_CHECKING,
  'contact.send': [
    { bucket: 'contact:ip', per: [ip], max: LIMITS.contactPerHour, windowMs: HOUR },
    { bucket: 'contact:email', per: [email('emailAddress')], max: LIMITS.contactPerHour, windowMs: HOUR },
  ],
  'messages.start': [
    {
      bucket: 'messages:user',
      per: [user],
      max: LIMITS.messagesPerMinute,
      windowMs: MINUTE,
      when: (input) => Boolean(field(input, 'text')),
    },
  ],
  'messages.send': [
    { bucket: 'messages:user', per: [user], max: LIMITS.messagesPerMinute, windowMs: MINUTE },
  ],
  'payments.createOrder': [{ bucket: 'payments:order:user', per: [user], max: 20, windowMs: 10 * MINUTE }],
  'listings.create': [{ bucket: 'listing:create:user', per: [user], max: 30, windowMs: HOUR }],
  // Offers reach another business's inbox and e-mail: a user proposes at most 30 deals and counters 60 an hour.
  'deals.propose': [{ bucket: 'deal:propose:user', per: [user], max: 30, windowMs: HOUR }],
  'deals.counter': [{ bucket: 'deal:counter:user', per: [user], max: 60, windowMs: HOUR }],
  'deals.commissionOrder': [
    { bucket: 'deals:commission:order:user', per: [user], max: 20, windowMs: 10 * MINUTE },
  ],
  // A business submits its details a few times at most; each keeps a certificate until a later decision.
  'businesses.submitVerification': [
    { bucket: 'verification:submit:user', per: [user], max: 10, windowMs: 24 * HOUR },
  ],
  'listings.addPhoto': [{ bucket: 'listing:photo:user', per: [user], max: 60, windowMs: HOUR }],
  'listings.recordViews': [{ bucket: 'listing:views:ip', per: [ip], max: 120, windowMs: MINUTE }],
  'listings.recordContactClick': [{ bucket: 'listing:clicks:ip', per: [ip], max: 60, windowMs: MINUTE }],
};

/**
 * Every upload (listing photos, delivery proofs, GST certificates), counted per account when its request
 * arrives, before its body is read: an upload refused, cut short or abandoned counts like one that succeeds, so
 * nobody can fill the disk or hold descriptors with uploads that never finish. The REST adapter applies it to
 * every multipart row (`enforceUploadRateLimit`), besides each procedure's own rule above.
 */
export const UPLOAD_RATE_LIMIT_RULES: readonly RateLimitRuleRow[] = [
  { bucket: 'upload:user', per: [user], max: 60, windowMs: HOUR },
];

/** The rules of the procedure at `path` (any string a call arrives with), if it has any. */
export function rulesFor(path: string): readonly RateLimitRuleRow[] | undefined {
  return Object.hasOwn(RATE_LIMIT_RULES, path) ? RATE_LIMIT_RULES[path as ProcedurePath] : undefined;
}

/** The store key of a rule for one request, or undefined when a part is missing (the rule does not apply). */
export function ruleKey(rule: RateLimitRuleRow, request: RateLimitRequest): string | undefined {
  const parts: string[] = [];
  for (const part of rule.per) {
    const value = part(request);
    if (value === undefined) return undefined;
    parts.push(value);
  }
  return `${rule.bucket}:${parts.join('|')}`;
}

/** The delay after `failures` failures of a rule (0 while they are free). */
export function failureDelayMs(rule: FailureRule, failures: number): number {
  if (failures <= rule.free) return 0;
  return Math.min(rule.maxDelayMs, rule.firstDelayMs * 2 ** Math.min(30, failures - rule.free - 1));
}
