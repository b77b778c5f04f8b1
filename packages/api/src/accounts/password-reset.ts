import { MESSAGES } from '@barterads/core';
import { emailChallenges, users } from '@barterads/db';
import { TRPCError } from '@trpc/server';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Context } from '../context';
import { EVENT_DISPATCH_JOB, writeEvent } from '../events/outbox';
import { noAccountNotice, PASSWORD_CHANGED_EVENT, passwordChangedData } from './notices';
import { checkEmailCode, sendEmailCode } from './otp';
import { hashPassword } from './passwords';
import { revokeUserSessions } from './sessions';

/**
 * Forgot password, step one: an account's address gets a code; an address without an account gets a mail saying
 * so. The answer is the same either way.
 */
export async function requestPasswordReset(
  ctx: Pick<Context, 'services' | 'meta'>,
  input: { email: string },
) {
  const [user] = await ctx.services.database.db
    .select({ id: users.id })
    .from(users)
    .where(and(sql`lower(${users.email}) = ${input.email}`, isNull(users.deletedAt)))
    .limit(1);
  const sent = await sendEmailCode(ctx, {
    email: input.email,
    purpose: 'password_reset',
    userId: user?.id ?? null,
    notice: user ? undefined : noAccountNotice(ctx.services.config),
  });
  return { otp_token: sent.otp_token, message: MESSAGES.resetCodeSent };
}

/** Step two: the code and a new password; every session of the account is revoked and the owner told. */
export async function resetPassword(
  ctx: Pick<Context, 'services' | 'meta'>,
  input: { otp_token: string; otp: string; newPassword: string },
) {
  const challenge = await checkEmailCode(ctx, input, 'password_reset');
  if (!challenge.userId) throw new TRPCError({ code: 'BAD_REQUEST', message: MESSAGES.otpInvalid });
  const userId = challenge.userId;
  const passwordHash = await hashPassword(input.newPassword);
  const db = ctx.services.database.db;
  const now = new Date();
  await db.transaction(async (tx) => {
    const [spent] = await tx
      .update(emailChallenges)
      .set({ consumedAt: now })
      .where(and(eq(emailChallenges.id, challenge.id), isNull(emailChallenges.consumedAt)))
      .returning({ id: emailChallenges.id });
    if (!spent) throw new TRPCError({ code: 'BAD_REQUEST', message: MESSAGES.otpInvalid });
    // The account must still be the one at the address the code went to.
    const [row] = await tx
      .update(users)
      .set({ passwordHash, updatedAt: now })
      .where(
        and(
          eq(users.id, userId),
          isNull(users.deletedAt),
          sql`lower(${users.email}) = lower(${challenge.email})`,
        ),
      )
      .returning({ id: users.id, email: users.email });
    if (!row) throw new TRPCError({ code: 'BAD_REQUEST', message: MESSAGES.otpInvalid });
    await revokeUserSessions(tx, userId);
    await tx
      .delete(emailChallenges)
      .where(
        and(
          eq(emailChallenges.userId, userId),
          eq(emailChallenges.purpose, 'password_reset'),
          isNull(emailChallenges.consumedAt),
        ),
      );
    await writeEvent(tx, {
      type: PASSWORD_CHANGED_EVENT,
      actor: { kind: 'user', id: userId },
      resourceType: 'user',
      resourceId: userId,
      audience: [userId],
      data: { ...passwordChangedData(row.email, now) },
    });
    return row;
  });
  // The owner's notice was written with the change (the outbox): the dispatcher sends it, retried.
  ctx.services.jobs?.wake(EVENT_DISPATCH_JOB);
  return { message: MESSAGES.passwordReset };
}
