import { type Language, LIMITS, MESSAGES, otpWrongCode } from '@barterads/core';
import { type EmailChallengeRow, type Executor, emailChallenges, users } from '@barterads/db';
import { TRPCError } from '@trpc/server';
import { and, eq, gt, isNull, lt, lte, sql } from 'drizzle-orm';
import { type Context, messageLanguage } from '../context';
import { MailDeliveryError } from '../mail/mailer';
import { existingAccountNotice } from './notices';
import { parseRowToken, randomDigits, randomSecret, sameHash, sha256Hex } from './tokens';

const MINUTE = 60 * 1000;
export const OTP_TTL_MS = LIMITS.otpTtlMinutes * MINUTE;
/** A verified code gives a proof that sign-up accepts for this long. */
export const PROOF_TTL_MS = 30 * MINUTE;

export type ChallengePurpose = EmailChallengeRow['purpose'];

function codeHash(challengeId: string, code: string): string {
  return sha256Hex(`${challengeId}:${code}`);
}

function invalidCode(): TRPCError {
  return new TRPCError({ code: 'BAD_REQUEST', message: MESSAGES.otpInvalid });
}

const PURPOSE_TEXT: Record<Language, Record<ChallengePurpose, string>> = {
  en: {
    signup: 'finish creating your BarterAds account',
    email_change: 'confirm your new e-mail address',
    password_reset: 'choose a new password for your BarterAds account',
  },
  hi: {
    signup: 'अपना BarterAds खाता बनाना पूरा करने',
    email_change: 'अपना नया ई-मेल पता पक्का करने',
    password_reset: 'अपने BarterAds खाते का नया पासवर्ड चुनने',
  },
  mr: {
    signup: 'तुमचे BarterAds खाते उघडणे पूर्ण करण्यासाठी',
    email_change: 'तुमचा नवीन ई-मेल पत्ता निश्चित करण्यासाठी',
    password_reset: 'तुमच्या BarterAds खात्याचा नवीन पासवर्ड निवडण्यासाठी',
  },
};

/** The code's e-mail in the language of the request (the page the member is on) or of their profile. */
function mailFor(code: string, purpose: ChallengePurpose, language: Language) {
  const what = PURPOSE_TEXT[language][purpose];
  const minutes = LIMITS.otpTtlMinutes;
  if (language === 'hi')
    return {
      subject: `आपका BarterAds कोड: ${code}`,
      text: [
        `आपका BarterAds सत्यापन कोड ${code} है`,
        '',
        `${what} के लिए इसे लिखें। यह ${minutes} मिनट तक मान्य है और एक ही बार काम करता है।`,
        'अगर आपने यह नहीं माँगा था, तो इस ई-मेल को अनदेखा कर दें।',
      ].join('\n'),
    };
  if (language === 'mr')
    return {
      subject: `तुमचा BarterAds कोड: ${code}`,
      text: [
        `तुमचा BarterAds पडताळणी कोड ${code} आहे`,
        '',
        `${what} तो लिहा. तो ${minutes} मिनिटे वैध आहे आणि एकदाच चालतो.`,
        'तुम्ही तो मागितला नसल्यास या ई-मेलकडे दुर्लक्ष करा.',
      ].join('\n'),
    };
  return {
    subject: `Your BarterAds code: ${code}`,
    text: [
      `Your BarterAds verification code is ${code}`,
      '',
      `Enter it to ${what}. It is valid for ${minutes} minutes and works once.`,
      'If you did not ask for it, you can ignore this e-mail.',
    ].join('\n'),
  };
}

/**
 * Mails a fresh 6-digit code to `email` and answers an opaque otp_token bound to it. Earlier codes stay valid. With `notice`,
 * the address gets that mail instead of the code (an address that cannot be used: the answer, an otp_token whose code
 * nobody knows, is the same, so it never tells whether the address has an account). A sign-up code asked for an
 * address that has an account gets the "you already have an account" notice: only the mailbox's owner learns it.
 */
export async function sendEmailCode(
  ctx: Pick<Context, 'services' | 'meta'>,
  input: {
    email: string;
    purpose: ChallengePurpose;
    userId?: string | null;
    notice?: { subject: string; text: string };
  },
): Promise<{ otp_token: string; message: string }> {
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
    // A resend never kills a live code (a stranger's request for the address must not void the owner's): every
    // code stays valid until used or expired. The sending limits (per address and IP, per address) bound how
    // many are live at once. Expired open challenges of the address are removed here.
    await tx
      .delete(emailChallenges)
      .where(
        and(
          sql`lower(${emailChallenges.email}) = ${input.email}`,
          isNull(emailChallenges.consumedAt),
          lte(emailChallenges.expiresAt, now),
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
  // Sent here, in the request, not through the outbox (events/dispatcher.ts) as every other member mail is: the
  // member is waiting for this code, and if it cannot be sent they must be told now (503, and the challenge is
  // removed) rather than have it retried minutes later, when it may have expired or been asked for again.
  try {
    const notice = input.notice ?? (registered ? existingAccountNotice(ctx.services.config) : undefined);
    await ctx.services.mailer.send(
      notice
        ? { to: input.email, ...notice, devHint: 'notice' }
        : { to: input.email, ...mailFor(code, input.purpose, messageLanguage(ctx)), devHint: `code ${code}` },
    );
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
  if (!parsed) throw invalidCode();
  const db = ctx.services.database.db;
  const [row] = await db.select().from(emailChallenges).where(eq(emailChallenges.id, parsed.id)).limit(1);
  if (!row || row.purpose !== purpose || !sameHash(row.tokenHash, sha256Hex(parsed.secret)))
    throw invalidCode();
  const now = new Date();
  // Each try takes one attempt atomically before the code is compared: of parallel guesses, only as many as
  // attempts are left are ever checked.
  const [counted] = await db
    .update(emailChallenges)
    .set({ attempts: sql`${emailChallenges.attempts} + 1` })
    .where(
      and(
        eq(emailChallenges.id, row.id),
        lt(emailChallenges.attempts, LIMITS.otpMaxAttempts),
        isNull(emailChallenges.verifiedAt),
        isNull(emailChallenges.consumedAt),
        gt(emailChallenges.expiresAt, now),
      ),
    )
    .returning({ attempts: emailChallenges.attempts });
  if (!counted) throw invalidCode();
  if (!sameHash(row.codeHash, codeHash(row.id, input.otp))) {
    // The person holds this challenge's token: telling them how many tries remain reveals nothing new.
    throw new TRPCError({
      code: 'BAD_REQUEST',
      message: otpWrongCode(LIMITS.otpMaxAttempts - counted.attempts),
    });
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
