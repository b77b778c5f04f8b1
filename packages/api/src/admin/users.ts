import { MESSAGES, type UserStatus } from '@barterads/core';
import { type Database, type Executor, users } from '@barterads/db';
import { TRPCError } from '@trpc/server';
import { and, count, desc, eq, isNull, or, type SQL, sql } from 'drizzle-orm';
import { applyUserStatus, lockActiveAdmins } from '../accounts/status';
import { type PublicUser, toPublicUser } from '../accounts/users';
import { likePattern, writeAudit } from './audit';
import type { AdminUsersInput } from './schemas';

/** The Users page: search (name, e-mail, phone, company) and filters, newest first, paged on the server. */
export async function listUsers(
  db: Executor,
  input: AdminUsersInput,
): Promise<{ users: PublicUser[]; total: number }> {
  const conditions: SQL[] = [isNull(users.deletedAt)];
  if (input.role) conditions.push(eq(users.role, input.role));
  if (input.status) conditions.push(eq(users.status, input.status));
  if (input.userType) conditions.push(eq(users.userType, input.userType));
  if (input.q) {
    const pattern = likePattern(input.q);
    const digits = input.q.replace(/[^\d]/g, '');
    const matches: SQL[] = [
      sql`lower(${users.firstName} || ' ' || ${users.lastName}) like ${pattern}`,
      sql`lower(${users.email}) like ${pattern}`,
      sql`lower(coalesce(${users.companyName}, '')) like ${pattern}`,
    ];
    if (digits.length >= 3) matches.push(sql`coalesce(${users.phoneNumber}, '') like ${`%${digits}%`}`);
    conditions.push(or(...matches)!);
  }
  const where = and(...conditions);
  const [rows, [totalRow]] = await Promise.all([
    db
      .select()
      .from(users)
      .where(where)
      .orderBy(desc(users.createdAt), desc(users.id))
      .limit(input.limit)
      .offset(input.offset),
    db.select({ n: count() }).from(users).where(where),
  ]);
  return { users: rows.map(toPublicUser), total: totalRow?.n ?? 0 };
}

/**
 * Suspends or reactivates a user. In one transaction: the status change, (on suspension) the
 * revocation of every session of that user, and the audit row. An admin cannot suspend themselves
 * or the last active admin. Setting the status the user already has changes and records nothing.
 */
export async function setUserStatus(
  db: Database,
  actorId: string,
  targetId: string,
  status: UserStatus,
): Promise<PublicUser> {
  if (status === 'suspended' && targetId === actorId) {
    throw new TRPCError({ code: 'FORBIDDEN', message: MESSAGES.adminCannotSuspendSelf });
  }
  return db.transaction(async (tx) => {
    // A suspension first locks every active admin (as account deletion does), so two admins suspending
    // each other, or one deleting their account while another is suspended, are serialized.
    const activeAdmins = status === 'suspended' ? await lockActiveAdmins(tx) : [];
    const [target] = await tx
      .select()
      .from(users)
      .where(and(eq(users.id, targetId), isNull(users.deletedAt)))
      .for('no key update');
    if (!target) throw new TRPCError({ code: 'NOT_FOUND', message: MESSAGES.adminUserNotFound });
    if (target.status === status) return toPublicUser(target);
    if (status === 'suspended' && target.role === 'admin') {
      if (!activeAdmins.some((id) => id !== targetId)) {
        throw new TRPCError({ code: 'FORBIDDEN', message: MESSAGES.adminCannotSuspendLastAdmin });
      }
    }
    const updated = await applyUserStatus(tx, targetId, status);
    await writeAudit(tx, {
      actorId,
      action: status === 'suspended' ? 'suspend' : 'activate',
      targetType: 'user',
      targetId,
      before: { status: target.status },
      after: { status },
    });
    return toPublicUser(updated!);
  });
}
