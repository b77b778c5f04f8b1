import type { UserStatus } from '@barterads/core';
import { type Database, type Executor, listings, type UserRow, users } from '@barterads/db';
import { and, asc, eq, isNull } from 'drizzle-orm';
import { revokeUserApiKeys } from '../api-keys/api-keys';
import { revokeUserSessions } from './sessions';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The one place a user's status changes: suspension also revokes every session and API key of that user and hides the
 * user's listings from the marketplace (activation shows them again). Runs on the
 * caller's executor, so callers that audit or lock (the admin domain) keep it inside their transaction.
 * Answers the updated row, or null for an unknown id.
 */
export async function applyUserStatus(
  tx: Executor,
  userId: string,
  status: UserStatus,
): Promise<UserRow | null> {
  if (!UUID.test(userId)) return null;
  const [user] = await tx.update(users).set({ status }).where(eq(users.id, userId)).returning();
  if (!user) return null;
  // A suspended owner's listings leave the marketplace while it lasts (search reads this copy of the status).
  await tx
    .update(listings)
    .set({ ownerSuspended: status === 'suspended' })
    .where(eq(listings.ownerId, userId));
  if (status === 'suspended') {
    await revokeUserSessions(tx, userId);
    await revokeUserApiKeys(tx, userId);
  }
  return user;
}

/** Suspends or re-activates a user in its own transaction (see applyUserStatus). */
export function setUserStatus(db: Database, userId: string, status: UserStatus): Promise<UserRow | null> {
  return db.transaction((tx) => applyUserStatus(tx, userId, status));
}

/**
 * Locks every active admin row, always in id order, and answers their ids. Every change that can take away an
 * active admin (a suspension, an account deletion) calls it first inside its transaction, so two such changes
 * run one after the other (never deadlocked) and the second sees the first's result: the last active admin
 * can never be removed, however the requests interleave.
 */
export async function lockActiveAdmins(tx: Executor): Promise<string[]> {
  const rows = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, 'admin'), eq(users.status, 'active'), isNull(users.deletedAt)))
    .orderBy(asc(users.id))
    .for('no key update');
  return rows.map((row) => row.id);
}
