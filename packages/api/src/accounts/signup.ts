import { countryFromPhone, MESSAGES } from '@barterads/core';
import { users } from '@barterads/db';
import { TRPCError } from '@trpc/server';
import { sql } from 'drizzle-orm';
import type { Context } from '../context';
import { consumeSignupProof } from './otp';
import { hashPassword } from './passwords';
import type { SignupInput } from './schemas';
import { createSession } from './sessions';
import { isUniqueViolation } from './tokens';
import { toPublicUser } from './users';

/**
 * Creates the account of a verified e-mail: the proof_token of verify-otp (input, or the bearer token of a
 * REST call) is spent once, for that e-mail only. Opens a session like login does.
 */
export async function signup(ctx: Context, input: SignupInput) {
  const proofToken = input.proofToken ?? ctx.meta.bearerToken;
  const passwordHash = await hashPassword(input.password);
  const db = ctx.services.database.db;
  const user = await db
    .transaction(async (tx) => {
      if (!(await consumeSignupProof(tx, proofToken, input.email))) {
        throw new TRPCError({ code: 'UNAUTHORIZED', message: MESSAGES.otpRequired });
      }
      const [taken] = await tx
        .select({ id: users.id })
        .from(users)
        .where(sql`lower(${users.email}) = ${input.email}`)
        .limit(1);
      if (taken) throw new TRPCError({ code: 'CONFLICT', message: MESSAGES.emailTaken });
      const [row] = await tx
        .insert(users)
        .values({
          email: input.email,
          passwordHash,
          firstName: input.firstName,
          lastName: input.lastName,
          phoneNumber: input.phoneNumber,
          companyName: input.companyName,
          description: input.description,
          role: 'user',
          userType: input.userType,
          ...(input.language ? { language: input.language } : {}),
          emailVerified: true,
          status: 'active',
          country: countryFromPhone(input.phoneNumber),
        })
        .returning();
      return row!;
    })
    .catch((error: unknown) => {
      if (isUniqueViolation(error)) throw new TRPCError({ code: 'CONFLICT', message: MESSAGES.emailTaken });
      throw error;
    });
  const { token, session } = await createSession(db, user.id);
  ctx.meta.setSessionCookie(token, { expires: session.expiresAt });
  return { token, user: toPublicUser(user), message: MESSAGES.signupSuccess };
}
