import { LIMITS, MESSAGES, otpWrongCode } from '@barterads/core';
import { type EmailChallengeRow, type Executor, emailChallenges, users } from '@barterads/db';
import { TRPCError } from '@trpc/server';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Context } from '../context';
import { MailDeliveryError } from '../mail/mailer';
import { enforceRateLimits } from '../trpc';
import { parseRowToken, randomDigits, randomSecret, sameHash, sha256Hex } from './tokens';

const MINUTE = 60 * 1000;
export const OTP_TTL_MS = LIMITS.otpTtlMinutes * MINUTE;
/** A verified code gives a proof that sign-up accepts for this long. */
export const PROOF_TTL_MS = 30 * MINUTE;

/** Rate-limit rules of the code flow (per e-mail and IP for sending; per challenge and IP for checking). */
export const OTP_LIMITS = {
  sendPerEmail: { max: 5, windowMs: 60 * MINUTE },
  sendPerIp: { max: 30, windowMs: 60 * MINUTE },
  checkPerChallenge: { max: 10, windowMs: 15 * MINUTE },
  checkPerIp: { max: 60, windowMs: 15 * MINUTE },
} as const;

export type ChallengePurpose = EmailChallengeRow['purpose'];

function codeHash(challengeId: string, code: string): string {
  return sha256Hex(`${challengeId}:${code}`);
}

function invalidCode(): TRPCError {
  return new TRPCError({ code: 'BAD_REQUEST', message: MESSAGES.otpInvalid });
}

function mailFor(code: string, purpose: ChallengePurpose) {
  const what =
    purpose === 'signup' ? 'finish creating your BarterAds account' : 'confirm your new e-mail address';
  return {
    subject: `Your BarterAds code: ${code}`,
    text: [
      `Your BarterAds verification code is ${code}`,
      '',
      `Enter it to ${what}. It is valid for ${LIMITS.otpTtlMinutes} minutes and works once.`,
      'If you did not ask for it, you can ignore this e-mail.',
    ].join('\n'),
  };
}

/**
 * The sign-up mail of an address that already has an account: no code (nothing to finish), but the way in.
 * Only the owner of the mailbox learns that the account exists.
 */
function existingAccountMail(appUrl: string) {
  const base = appUrl.replace(/\/+$/, '');
  return {
    subject: 'You already have a BarterAds account',
    text: [
      'Someone (probably you) asked to create a BarterAds account with this e-mail address, but you already have one.',
      '',
      `Sign in at ${base}/login instead. If you do not remember your password, use "Forgot password?" on that page to reset it.`,
      '',
      'If you did not ask for this, you can ignore this e-mail: nothing was changed.',
    ].join('\n'),
  };
}

/**
 * Mails a fresh 6-digit code to `email` and answers an opaque otp_token bound to it. A new request replaces
 * the previous code. The answer never depends on whether the e-mail has an account: for a sign-up to an
 * address that has one, the challenge is made the same way but the mail says "you already have an account"
 * instead of carrying the code, so the page is no free existence oracle and the owner is still told.
 */
export async function sendEmailCode(
  ctx: Pick<Context, 'services' | 'meta'>,
  input: { email: string; purpose: ChallengePurpose; userId?: string },
): Promise<{ otp_token: string; message: string }> {
  await enforceRateLimits(ctx, [
    { key: `otp-send:ip:${ctx.meta.ip}`, rule: OTP_LIMITS.sendPerIp },
    { key: `otp-send:email:${input.email}`, rule: OTP_LIMITS.sendPerEmail },
  ]);
  const db = ctx.services.database.db;
  const code = randomDigits(LIMITS.otpLength);
  const secret = randomSecret();
  const now = new Date();
  const registered =
    input.purpose === 'signup'
      ? (
          await db
            .select({ id: users.id })
            .from(users)
            .where(sql`lower(${users.email}) = ${input.email}`)
            .limit(1)
        ).length > 0
      : false;
  const challenge = await db.transaction(async (tx) => {
    // A resend replaces the previous code: earlier open challenges of this e-mail (and purpose) die.
    await tx
      .delete(emailChallenges)
      .where(
        and(
          sql`lower(${emailChallenges.email}) = ${input.email}`,
          eq(emailChallenges.purpose, input.purpose),
          isNull(emailChallenges.consumedAt),
        ),
      );
    const id = crypto.randomUUID();
    const [row] = await tx
      .insert(emailChallenges)
      .values({
        id,
        email: input.email,
        purpose: input.purpose,
        userId: input.userId ?? null,
        tokenHash: sha256Hex(secret),
        codeHash: codeHash(id, code),
        expiresAt: new Date(now.getTime() + OTP_TTL_MS),
        createdAt: now,
      })
      .returning();
    return row!;
  });
  try {
    await ctx.services.mailer.send({
      to: input.email,
      ...(registered
        ? { ...existingAccountMail(ctx.services.config.appUrl), devHint: 'already registered' }
        : { ...mailFor(code, input.purpose), devHint: `code ${code}` }),
    });
  } catch (error) {
    await db.delete(emailChallenges).where(eq(emailChallenges.id, challenge.id));
    if (error instanceof MailDeliveryError) {
      ctx.services.logger.warn({ challengeId: challenge.id }, 'one-time code mail could not be delivered');
      throw new TRPCError({ code: 'SERVICE_UNAVAILABLE', message: MESSAGES.otpSendFailed });
    }
    throw error;
  }
  return { otp_token: `${challenge.id}.${secret}`, message: MESSAGES.otpSent };
}

/**
 * Checks a code against its challenge: a wrong code gets a 400 saying how many tries are left; expired,
 * reused or over-tried challenges all get the same 400. After LIMITS.otpMaxAttempts wrong tries the challenge
 * is dead. Answers the verified challenge.
 */
export async function checkEmailCode(
  ctx: Pick<Context, 'services' | 'meta'>,
  input: { otp_token: string; otp: string },
  purpose: ChallengePurpose,
): Promise<EmailChallengeRow> {
  const parsed = parseRowToken(input.otp_token);
  await enforceRateLimits(ctx, [
    { key: `otp-check:ip:${ctx.meta.ip}`, rule: OTP_LIMITS.checkPerIp },
    ...(parsed ? [{ key: `otp-check:challenge:${parsed.id}`, rule: OTP_LIMITS.checkPerChallenge }] : []),
  ]);
  if (!parsed) throw invalidCode();
  const db = ctx.services.database.db;
  const [row] = await db.select().from(emailChallenges).where(eq(emailChallenges.id, parsed.id)).limit(1);
  if (!row || row.purpose !== purpose || !sameHash(row.tokenHash, sha256Hex(parsed.secret)))
    throw invalidCode();
  const now = new Date();
  if (row.verifiedAt || row.consumedAt || row.expiresAt <= now || row.attempts >= LIMITS.otpMaxAttempts) {
    throw invalidCode();
  }
  if (!sameHash(row.codeHash, codeHash(row.id, input.otp))) {
    const [counted] = await db
      .update(emailChallenges)
      .set({ attempts: sql`${emailChallenges.attempts} + 1` })
      .where(eq(emailChallenges.id, row.id))
      .returning({ attempts: emailChallenges.attempts });
    // The person holds this challenge's token: telling them how many tries remain reveals nothing new.
    const left = LIMITS.otpMaxAttempts - (counted?.attempts ?? LIMITS.otpMaxAttempts);
    throw new TRPCError({ code: 'BAD_REQUEST', message: otpWrongCode(left) });
  }
  // Single use: only the first of two racing checks marks it verified.
  const [verified] = await db
    .update(emailChallenges)
    .set({ verifiedAt: now })
    .where(and(eq(emailChallenges.id, row.id), isNull(emailChallenges.verifiedAt)))
    .returning();
  if (!verified) throw invalidCode();
  return verified;
}

/** Verifies a sign-up code and answers a short-lived proof_token that only sign-up accepts, once. */
export async function verifySignupCode(
  ctx: Pick<Context, 'services' | 'meta'>,
  input: { otp_token: string; otp: string },
): Promise<{ proof_token: string; message: string }> {
  const challenge = await checkEmailCode(ctx, input, 'signup');
  const secret = randomSecret();
  await ctx.services.database.db
    .update(emailChallenges)
    .set({ proofHash: sha256Hex(secret), proofExpiresAt: new Date(Date.now() + PROOF_TTL_MS) })
    .where(eq(emailChallenges.id, challenge.id));
  return { proof_token: `${challenge.id}.${secret}`, message: MESSAGES.otpVerified };
}

/**
 * Spends a sign-up proof inside the caller's transaction: true when it is live, unspent and for `email`.
 * The transaction rolling back leaves the proof unspent.
 */
export async function consumeSignupProof(
  tx: Executor,
  proofToken: string | undefined,
  email: string,
): Promise<boolean> {
  const parsed = parseRowToken(proofToken);
  if (!parsed) return false;
  const [row] = await tx.select().from(emailChallenges).where(eq(emailChallenges.id, parsed.id)).limit(1);
  if (!row?.proofHash || !row.proofExpiresAt || row.purpose !== 'signup') return false;
  if (!sameHash(row.proofHash, sha256Hex(parsed.secret))) return false;
  if (row.consumedAt || row.proofExpiresAt <= new Date() || row.email.toLowerCase() !== email) return false;
  const [spent] = await tx
    .update(emailChallenges)
    .set({ consumedAt: new Date() })
    .where(and(eq(emailChallenges.id, row.id), isNull(emailChallenges.consumedAt)))
    .returning({ id: emailChallenges.id });
  return Boolean(spent);
}
