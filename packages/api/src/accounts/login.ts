import { MESSAGES } from '@barterads/core';
import { users } from '@barterads/db';
import { TRPCError } from '@trpc/server';
import { sql } from 'drizzle-orm';
import type { Context } from '../context';
import { verifyDummyPassword, verifyPassword } from './passwords';
import { createSession } from './sessions';
import { toPublicUser } from './users';

/** Checks the credentials and opens a new session; the same answer for an unknown e-mail and a wrong password. */
export async function login(ctx: Context, input: { email: string; password: string }) {
  const db = ctx.services.database.db;
  const [user] = await db.select().from(users).where(sql`lower(${users.email}) = ${input.email}`).limit(1);
  if (!user || user.deletedAt) {
    await verifyDummyPassword(input.password);
    throw new TRPCError({ code: 'UNAUTHORIZED', message: MESSAGES.invalidCredentials });
  }
  if (!(await verifyPassword(user.passwordHash, input.password))) {
    throw new TRPCError({ code: 'UNAUTHORIZED', message: MESSAGES.invalidCredentials });
  }
  if (user.status !== 'active')
    throw new TRPCError({ code: 'FORBIDDEN', message: MESSAGES.accountSuspended });
  const { token, session } = await createSession(db, user.id);
  ctx.meta.setSessionCookie(token, { expires: session.expiresAt });
  return { token, user: toPublicUser(user), message: MESSAGES.loginSuccess };
}
