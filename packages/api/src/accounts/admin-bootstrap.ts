import { type Database, users } from '@barterads/db';
import { eq, sql } from 'drizzle-orm';
import { hashPassword } from './passwords';
import { revokeUserSessions } from './sessions';
import { applyUserStatus } from './status';
import { normalizeEmail } from './users';

export type EnsureAdminResult = 'created' | 'exists' | 'held-by-non-admin';

/**
 * Admin bootstrap at start: creates the admin account only when no account holds the address. It never promotes
 * an existing account (whoever holds ADMIN_EMAIL after the admin moved away stays what they are) and never
 * overwrites a password (a changed one survives restarts). Recovery is the explicit `resetAdminPassword`.
 */
export async function ensureAdmin(
  db: Database,
  credentials: { email: string; password: string },
): Promise<EnsureAdminResult> {
  const email = normalizeEmail(credentials.email);
  const [existing] = await db
    .select({ id: users.id, role: users.role })
    .from(users)
    .where(sql`lower(${users.email}) = ${email}`)
    .limit(1);
  if (existing) return existing.role === 'admin' ? 'exists' : 'held-by-non-admin';
  const passwordHash = await hashPassword(credentials.password);
  const inserted = await db
    .insert(users)
    .values({
      email,
      passwordHash,
      firstName: 'Admin',
      lastName: '',
      role: 'admin',
      status: 'active',
      emailVerified: true,
      country: 'IN',
    })
    // Two instances starting at once: the unique address lets one insert win.
    .onConflictDoNothing()
    .returning({ id: users.id });
  return inserted.length > 0 ? 'created' : 'exists';
}

export type ResetAdminPasswordResult = 'reset' | 'not-found' | 'not-admin';

/**
 * `pnpm admin:reset-password`: sets the password of the admin account with this address, reactivates it and
 * signs out every session. An account that is not an admin is refused (this command never promotes).
 */
export async function resetAdminPassword(
  db: Database,
  credentials: { email: string; password: string },
): Promise<ResetAdminPasswordResult> {
  const email = normalizeEmail(credentials.email);
  const passwordHash = await hashPassword(credentials.password);
  return db.transaction(async (tx) => {
    const [user] = await tx
      .select({ id: users.id, role: users.role, deletedAt: users.deletedAt })
      .from(users)
      .where(sql`lower(${users.email}) = ${email}`)
      .limit(1);
    if (!user || user.deletedAt) return 'not-found';
    if (user.role !== 'admin') return 'not-admin';
    await tx.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, user.id));
    // Reactivated the one way a status changes (its listings come back to the marketplace too).
    await applyUserStatus(tx, user.id, 'active');
    await revokeUserSessions(tx, user.id);
    return 'reset';
  });
}
