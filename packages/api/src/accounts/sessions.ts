import { type Executor, type SessionRow, sessions, type UserRow, users } from '@barterads/db';
import { sha256 } from '@oslojs/crypto/sha2';
import { constantTimeEqual } from '@oslojs/crypto/subtle';
import { encodeBase32LowerCaseNoPadding, encodeHexLowerCase } from '@oslojs/encoding';
import { and, eq, lt, ne } from 'drizzle-orm';

/**
 * Sessions after Lucia's design (lucia-auth.com): the token is `<id>.<secret>`, each part 120 random bits;
 * the database keeps the id and the SHA-256 of the secret, compared in constant time.
 */
export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;
/** Extended when less than half of the TTL is left. */
const SESSION_REFRESH_MS = SESSION_TTL_MS / 2;
/** However active, a session ends 90 days after it began. */
export const SESSION_ABSOLUTE_MS = 90 * 24 * 60 * 60 * 1000;

export interface ValidatedSession {
  session: SessionRow;
  user: UserRow;
  /** True when the expiry was just extended (the cookie should be re-sent). */
  fresh: boolean;
}

function randomPart(): string {
  const bytes = new Uint8Array(15);
  crypto.getRandomValues(bytes);
  return encodeBase32LowerCaseNoPadding(bytes);
}

function hashSecret(secret: string): string {
  return encodeHexLowerCase(sha256(new TextEncoder().encode(secret)));
}

export async function createSession(
  db: Executor,
  userId: string,
  now = new Date(),
): Promise<{ token: string; session: SessionRow }> {
  const id = randomPart();
  const secret = randomPart();
  const [session] = await db
    .insert(sessions)
    .values({
      id,
      secretHash: hashSecret(secret),
      userId,
      expiresAt: new Date(now.getTime() + SESSION_TTL_MS),
      absoluteExpiresAt: new Date(now.getTime() + SESSION_ABSOLUTE_MS),
      createdAt: now,
    })
    .returning();
  return { token: `${id}.${secret}`, session: session! };
}

function parseToken(token: string): { id: string; secret: string } | null {
  const parts = token.split('.');
  if (parts.length !== 2) return null;
  const [id, secret] = parts as [string, string];
  if (!/^[a-z2-7]{24}$/.test(id) || !/^[a-z2-7]{24}$/.test(secret)) return null;
  return { id, secret };
}

export async function validateSessionToken(
  db: Executor,
  token: string,
  now = new Date(),
): Promise<ValidatedSession | null> {
  const parsed = parseToken(token);
  if (!parsed) return null;
  const [row] = await db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.id, parsed.id))
    .limit(1);
  if (!row) return null;
  const expected = new TextEncoder().encode(row.session.secretHash);
  const actual = new TextEncoder().encode(hashSecret(parsed.secret));
  if (!constantTimeEqual(expected, actual)) return null;
  const t = now.getTime();
  if (t >= row.session.expiresAt.getTime() || t >= row.session.absoluteExpiresAt.getTime()) {
    await db.delete(sessions).where(eq(sessions.id, parsed.id));
    return null;
  }
  if (row.user.deletedAt) return null;
  let fresh = false;
  if (row.session.expiresAt.getTime() - t < SESSION_REFRESH_MS) {
    const expiresAt = new Date(Math.min(t + SESSION_TTL_MS, row.session.absoluteExpiresAt.getTime()));
    await db.update(sessions).set({ expiresAt }).where(eq(sessions.id, parsed.id));
    row.session.expiresAt = expiresAt;
    fresh = true;
  }
  return { session: row.session, user: row.user, fresh };
}

/**
 * Whether a session found valid earlier is still live: not revoked, not expired, its user neither deleted nor
 * suspended. Long-lived connections (the live message stream) ask this again while they stay open.
 */
export async function isSessionLive(db: Executor, sessionId: string, now = new Date()): Promise<boolean> {
  const [row] = await db
    .select({
      expiresAt: sessions.expiresAt,
      absoluteExpiresAt: sessions.absoluteExpiresAt,
      status: users.status,
      deletedAt: users.deletedAt,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.id, sessionId))
    .limit(1);
  if (!row) return false;
  const t = now.getTime();
  return (
    t < row.expiresAt.getTime() &&
    t < row.absoluteExpiresAt.getTime() &&
    !row.deletedAt &&
    row.status === 'active'
  );
}

export async function revokeSession(db: Executor, sessionId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, sessionId));
}

/** Revokes every session of the user, or every one but `exceptSessionId`. */
export async function revokeUserSessions(
  db: Executor,
  userId: string,
  exceptSessionId?: string,
): Promise<void> {
  await db
    .delete(sessions)
    .where(
      exceptSessionId
        ? and(eq(sessions.userId, userId), ne(sessions.id, exceptSessionId))
        : eq(sessions.userId, userId),
    );
}

export async function deleteExpiredSessions(db: Executor, now = new Date()): Promise<void> {
  await db.delete(sessions).where(lt(sessions.expiresAt, now));
}
