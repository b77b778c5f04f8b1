import { type Database, users } from '@barterads/db';
import { eq, sql } from 'drizzle-orm';
import { hashPassword } from './passwords';
import { normalizeEmail } from './users';

/** Creates or updates the configured admin account; running it again changes nothing else. */
export async function ensureAdmin(
  db: Database,
  credentials: { email: string; password: string },
): Promise<void> {
  const email = normalizeEmail(credentials.email);
  const passwordHash = await hashPassword(credentials.password);
  await db.transaction(async (tx) => {
    const [existing] = await tx
      .select({ id: users.id })
      .from(users)
      .where(sql`lower(${users.email}) = ${email}`)
      .limit(1);
    if (existing) {
      await tx
        .update(users)
        .set({ passwordHash, role: 'admin', status: 'active', deletedAt: null })
        .where(eq(users.id, existing.id));
      return;
    }
    await tx.insert(users).values({
      email,
      passwordHash,
      firstName: 'Admin',
      lastName: '',
      role: 'admin',
      status: 'active',
      emailVerified: true,
      country: 'IN',
    });
  });
}
