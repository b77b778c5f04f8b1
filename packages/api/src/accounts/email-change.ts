import { MESSAGES } from '@barterads/core';
import { emailChallenges, type UserRow, users } from '@barterads/db';
import { TRPCError } from '@trpc/server';
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Context } from '../context';
import { EVENT_DISPATCH_JOB, writeEvent } from '../events/outbox';
import { addressTakenNotice, EMAIL_CHANGED_EVENT, emailChangedData } from './notices';
import { checkEmailCode, sendEmailCode } from './otp';
import { verifyPassword } from './passwords';
import { isUniqueViolation } from './tokens';
import { toPublicUser } from './users';

type SignedIn = Context & { user: UserRow; session: NonNullable<Context['session']> };

const SAME_EMAIL = 'That is already your e-mail address.';

/**
 * Starts an e-mail change: the current password is required, and a code goes to the new address. The answer
 * is the same whether or not the new address is taken (a taken address gets a mail saying so, with no code).
 */
export async function requestEmailChange(ctx: SignedIn, input: { newEmail: string; password: string }) {
  if (!(await verifyPassword(ctx.user.passwordHash, input.password))) {
    throw new TRPCError({ code: 'BAD_REQUEST', message: MESSAGES.currentPasswordWrong });
  }
  if (input.newEmail === ctx.user.email.toLowerCase()) {
    throw new TRPCError({ code: 'BAD_REQUEST', message: SAME_EMAIL });
  }
  const [taken] = await ctx.services.database.db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = ${input.newEmail}`)
    .limit(1);
  const sent = await sendEmailCode(ctx, {
    email: input.newEmail,
    purpose: 'email_change',
    userId: ctx.user.id,
    notice: taken ? addressTakenNotice(ctx.services.config) : undefined,
  });
  return { otp_token: sent.otp_token, message: MESSAGES.emailChangeSent };
}

/** Finishes an e-mail change with the code sent to the new address; the old address is told. */
export async function confirmEmailChange(ctx: SignedIn, input: { otp_token: string; otp: string }) {
  const challenge = await checkEmailCode(ctx, input, 'email_change');
  if (challenge.userId !== ctx.user.id) {
    throw new TRPCError({ code: 'BAD_REQUEST', message: MESSAGES.otpInvalid });
  }
  const db = ctx.services.database.db;
  const oldEmail = ctx.user.email;
  const newEmail = challenge.email.toLowerCase();
  const now = new Date();
  const user = await db
    .transaction(async (tx) => {
      const [spent] = await tx
        .update(emailChallenges)
        .set({ consumedAt: now })
        .where(and(eq(emailChallenges.id, challenge.id), isNull(emailChallenges.consumedAt)))
        .returning({ id: emailChallenges.id });
      if (!spent) throw new TRPCError({ code: 'BAD_REQUEST', message: MESSAGES.otpInvalid });
      const [row] = await tx
        .update(users)
        .set({ email: newEmail, emailVerified: true, updatedAt: now })
        .where(and(eq(users.id, ctx.user.id), isNull(users.deletedAt)))
        .returning();
      // Other open changes of this account die with this one.
      await tx
        .delete(emailChallenges)
        .where(
          and(
            eq(emailChallenges.userId, ctx.user.id),
            eq(emailChallenges.purpose, 'email_change'),
            isNull(emailChallenges.consumedAt),
            ne(emailChallenges.id, challenge.id),
          ),
        );
      await writeEvent(tx, {
        type: EMAIL_CHANGED_EVENT,
        actor: { kind: 'user', id: ctx.user.id },
        resourceType: 'user',
        resourceId: ctx.user.id,
        audience: [ctx.user.id],
        data: { ...emailChangedData(oldEmail, newEmail, now) },
      });
      return row!;
    })
    .catch((error: unknown) => {
      if (isUniqueViolation(error)) throw new TRPCError({ code: 'CONFLICT', message: MESSAGES.emailTaken });
      throw error;
    });
  // The old address's notice was written with the change (the outbox): the dispatcher sends it, retried.
  ctx.services.jobs?.wake(EVENT_DISPATCH_JOB);
  return { user: toPublicUser(user), message: MESSAGES.emailChanged };
}
