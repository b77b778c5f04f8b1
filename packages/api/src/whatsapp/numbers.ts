import { type Language, LIMITS } from '@barterads/core';
import {
  type Executor,
  type UserRow,
  type WhatsappNumberRow,
  whatsappChallenges,
  whatsappMessages,
  whatsappNumbers,
} from '@barterads/db';
import { TRPCError } from '@trpc/server';
import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import { parseRowToken, randomDigits, randomSecret, sameHash, sha256Hex } from '../accounts/tokens';
import type { Context } from '../context';
import { sendWhatsapp, type WhatsappConfig, WhatsappSendError } from './client';
import type { UpdateWhatsappInput, WhatsappView } from './schemas';
import { applyPendingStatuses } from './statuses';
import { buildTemplate } from './templates';

type SignedIn = Context & { user: UserRow };

const CODE_TTL_MS = LIMITS.otpTtlMinutes * 60 * 1000;
/** Codes a member may have sent in an hour (each costs a message). */
const CODES_PER_HOUR = 5;

export const WHATSAPP_OFF = 'WhatsApp messages are not available on this server yet.';
const CODE_INVALID = 'That code is not valid any more. Ask for a new one.';

/** The member's settings as the API answers them (a member who never gave a number: their profile phone, off). */
export function whatsappView(row: WhatsappNumberRow | undefined, profilePhone: string | null): WhatsappView {
  if (!row) {
    return {
      phoneNumber: profilePhone,
      confirmed: false,
      dealUpdates: false,
      matchAlerts: false,
      failure: null,
    };
  }
  return {
    phoneNumber: `+${row.phoneNumber}`,
    confirmed: row.confirmedAt !== null,
    dealUpdates: row.dealUpdates,
    matchAlerts: row.matchAlerts,
    failure: row.unreachableAt
      ? (row.unreachableReason ?? 'WhatsApp could not deliver to this number.')
      : null,
  };
}

export async function numberOf(db: Executor, userId: string): Promise<WhatsappNumberRow | undefined> {
  const [row] = await db.select().from(whatsappNumbers).where(eq(whatsappNumbers.userId, userId)).limit(1);
  return row;
}

export function requireWhatsapp(ctx: Pick<Context, 'services'>): WhatsappConfig {
  const config = ctx.services.config.whatsapp;
  if (!config) throw new TRPCError({ code: 'CONFLICT', message: WHATSAPP_OFF });
  return config;
}

/** The member's state, with the latest messages and their delivery states. */
export async function whatsappState(ctx: SignedIn) {
  const db = ctx.services.database.db;
  const row = await numberOf(db, ctx.user.id);
  const messages = await db
    .select()
    .from(whatsappMessages)
    .where(eq(whatsappMessages.userId, ctx.user.id))
    .orderBy(desc(whatsappMessages.createdAt))
    .limit(10);
  return {
    enabled: ctx.services.config.whatsapp !== undefined,
    whatsapp: whatsappView(row, ctx.user.phoneNumber),
    messages: messages.map((m) => ({
      template: m.template,
      status: m.status,
      error: m.errorTitle ? `${m.errorTitle}${m.errorCode ? ` (${m.errorCode})` : ''}` : null,
      createdAt: m.createdAt.toISOString(),
    })),
  };
}

/**
 * Saves the number and the two opt-ins. A number not yet confirmed (new, changed, or one WhatsApp could not deliver
 * to) gets a code over WhatsApp (the authentication template) and nothing else is sent to it until the code comes
 * back. Both opt-ins off is the one-click opt-out: nothing more is sent, and no code is needed.
 */
export async function updateWhatsapp(ctx: SignedIn, input: UpdateWhatsappInput) {
  const db = ctx.services.database.db;
  const existing = await numberOf(db, ctx.user.id);
  const now = new Date();
  const optingOut = !input.dealUpdates && !input.matchAlerts;
  if (!optingOut) requireWhatsapp(ctx);
  const sameNumber = existing?.phoneNumber === input.phoneNumber && !existing.unreachableAt;
  const confirmedAt = sameNumber ? (existing?.confirmedAt ?? null) : null;
  const [row] = await db
    .insert(whatsappNumbers)
    .values({
      userId: ctx.user.id,
      phoneNumber: input.phoneNumber,
      confirmedAt,
      dealUpdates: input.dealUpdates,
      matchAlerts: input.matchAlerts,
      optedOutAt: optingOut ? now : null,
      updatedAt: now,
    })
    .onConflictDoUpdate({
      target: whatsappNumbers.userId,
      set: {
        phoneNumber: input.phoneNumber,
        confirmedAt,
        dealUpdates: input.dealUpdates,
        matchAlerts: input.matchAlerts,
        optedOutAt: optingOut ? now : null,
        unreachableAt: sameNumber ? sql`${whatsappNumbers.unreachableAt}` : null,
        unreachableReason: sameNumber ? sql`${whatsappNumbers.unreachableReason}` : null,
        updatedAt: now,
      },
    })
    .returning();
  let otpToken: string | undefined;
  if (!optingOut && !row!.confirmedAt) otpToken = await sendCode(ctx, row!.phoneNumber);
  return { whatsapp: whatsappView(row, ctx.user.phoneNumber), ...(otpToken ? { otp_token: otpToken } : {}) };
}

/** Sends a 6-digit code to the number with the authentication template; answers the opaque otp_token. */
async function sendCode(ctx: SignedIn, phoneNumber: string): Promise<string> {
  const config = requireWhatsapp(ctx);
  const db = ctx.services.database.db;
  const now = new Date();
  const [recent] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(whatsappChallenges)
    .where(
      and(
        eq(whatsappChallenges.userId, ctx.user.id),
        gt(whatsappChallenges.createdAt, new Date(now.getTime() - 60 * 60 * 1000)),
      ),
    );
  if ((recent?.n ?? 0) >= CODES_PER_HOUR) {
    throw new TRPCError({
      code: 'TOO_MANY_REQUESTS',
      message: 'Too many codes were sent to WhatsApp in the last hour. Please try again later.',
    });
  }
  const code = randomDigits(6);
  const secret = randomSecret();
  const id = crypto.randomUUID();
  await db.insert(whatsappChallenges).values({
    id,
    userId: ctx.user.id,
    phoneNumber,
    tokenHash: sha256Hex(secret),
    codeHash: sha256Hex(`${id}:${code}`),
    expiresAt: new Date(now.getTime() + CODE_TTL_MS),
    createdAt: now,
  });
  const language = ctx.user.language as Language;
  try {
    const { wamid } = await sendWhatsapp(
      config,
      buildTemplate('barterads_confirm_code', language, phoneNumber, { code }),
    );
    await db.insert(whatsappMessages).values({
      wamid,
      userId: ctx.user.id,
      phoneNumber,
      template: 'barterads_confirm_code',
      language,
    });
    // Meta may have called with its status before this row was written.
    await applyPendingStatuses(db, wamid);
  } catch (error) {
    await db.delete(whatsappChallenges).where(eq(whatsappChallenges.id, id));
    if (error instanceof WhatsappSendError) {
      ctx.services.logger.warn({ status: error.status, code: error.code }, 'WhatsApp code not sent');
      if (error.unreachable) {
        await markUnreachable(db, phoneNumber, 'WhatsApp cannot deliver to this number.', now);
        throw new TRPCError({
          code: 'BAD_REQUEST',
          message: 'WhatsApp cannot deliver to this number. Please check it, or use another one.',
        });
      }
      throw new TRPCError({
        code: 'SERVICE_UNAVAILABLE',
        message: 'The code could not be sent over WhatsApp just now. Please try again in a minute.',
      });
    }
    throw error;
  }
  return `${id}.${secret}`;
}

/** Confirms the number with the code that went to it; a wrong code uses one of the challenge's tries. */
export async function confirmWhatsapp(ctx: SignedIn, input: { otp_token: string; otp: string }) {
  const parsed = parseRowToken(input.otp_token);
  const invalid = () => new TRPCError({ code: 'BAD_REQUEST', message: CODE_INVALID });
  if (!parsed) throw invalid();
  const db = ctx.services.database.db;
  const now = new Date();
  const [challenge] = await db
    .select()
    .from(whatsappChallenges)
    .where(eq(whatsappChallenges.id, parsed.id))
    .limit(1);
  if (
    !challenge ||
    challenge.userId !== ctx.user.id ||
    !sameHash(challenge.tokenHash, sha256Hex(parsed.secret))
  )
    throw invalid();
  const [counted] = await db
    .update(whatsappChallenges)
    .set({ attempts: sql`${whatsappChallenges.attempts} + 1` })
    .where(
      and(
        eq(whatsappChallenges.id, challenge.id),
        lt(whatsappChallenges.attempts, LIMITS.otpMaxAttempts),
        isNull(whatsappChallenges.verifiedAt),
        gt(whatsappChallenges.expiresAt, now),
      ),
    )
    .returning({ attempts: whatsappChallenges.attempts });
  if (!counted) throw invalid();
  if (!sameHash(challenge.codeHash, sha256Hex(`${challenge.id}:${input.otp}`))) {
    const left = LIMITS.otpMaxAttempts - counted.attempts;
    throw new TRPCError({
      code: 'BAD_REQUEST',
      message:
        left > 0 ? `That code is not right. ${left} ${left === 1 ? 'try' : 'tries'} left.` : CODE_INVALID,
    });
  }
  const row = await db.transaction(async (tx) => {
    const [verified] = await tx
      .update(whatsappChallenges)
      .set({ verifiedAt: now })
      .where(and(eq(whatsappChallenges.id, challenge.id), isNull(whatsappChallenges.verifiedAt)))
      .returning();
    if (!verified) throw invalid();
    // The code confirms the number it went to: if the member changed it since, the new one waits for its own code.
    const [confirmed] = await tx
      .update(whatsappNumbers)
      .set({ confirmedAt: now, unreachableAt: null, unreachableReason: null, updatedAt: now })
      .where(
        and(eq(whatsappNumbers.userId, ctx.user.id), eq(whatsappNumbers.phoneNumber, challenge.phoneNumber)),
      )
      .returning();
    if (!confirmed) throw invalid();
    return confirmed;
  });
  return { whatsapp: whatsappView(row, ctx.user.phoneNumber) };
}

/** STOP (or every opt-in turned off): nothing more goes to the number. */
export async function optOutNumber(db: Executor, phoneNumber: string, now: Date): Promise<number> {
  const rows = await db
    .update(whatsappNumbers)
    .set({ dealUpdates: false, matchAlerts: false, optedOutAt: now, updatedAt: now })
    .where(eq(whatsappNumbers.phoneNumber, phoneNumber))
    .returning({ userId: whatsappNumbers.userId });
  return rows.length;
}

/**
 * Meta said the number cannot receive WhatsApp: recorded once (the first report's reason stays), shown to its
 * owner in settings, and nothing more is sent to it until the owner enters a number again.
 */
export async function markUnreachable(
  db: Executor,
  phoneNumber: string,
  reason: string,
  now: Date,
): Promise<boolean> {
  const rows = await db
    .update(whatsappNumbers)
    .set({ unreachableAt: now, unreachableReason: reason.slice(0, 300), updatedAt: now })
    .where(and(eq(whatsappNumbers.phoneNumber, phoneNumber), isNull(whatsappNumbers.unreachableAt)))
    .returning({ userId: whatsappNumbers.userId });
  return rows.length > 0;
}
