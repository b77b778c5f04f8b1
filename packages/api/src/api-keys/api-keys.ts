import { type ApiKeyScope, MESSAGES } from '@barterads/core';
import { type ApiKeyRow, apiKeys, type Executor, type UserRow, users } from '@barterads/db';
import { sha256 } from '@oslojs/crypto/sha2';
import { constantTimeEqual } from '@oslojs/crypto/subtle';
import { encodeBase32LowerCaseNoPadding, encodeHexLowerCase } from '@oslojs/encoding';
import { TRPCError } from '@trpc/server';
import { and, count, desc, eq, isNull } from 'drizzle-orm';
import type { ValidatedSession } from '../accounts/sessions';
import { entitlementsOf } from '../entitlements/entitlements';
import type { ApiKey, CreateApiKeyInput } from './schemas';

/**
 * REST API keys after the sessions' design (accounts/sessions.ts): the key is `bak_<id>_<secret>`, each part 120
 * random bits; the database keeps the id, a visible prefix and the SHA-256 of the secret, compared in constant time.
 */
export const API_KEY_PREFIX = 'bak_';
/** Active (not revoked) keys an account may hold. */
export const MAX_ACTIVE_API_KEYS = 20;
/** How often last-used is written at most (each request would otherwise write a row). */
const LAST_USED_GRANULARITY_MS = 60_000;

function randomPart(): string {
  const bytes = new Uint8Array(15);
  crypto.getRandomValues(bytes);
  return encodeBase32LowerCaseNoPadding(bytes);
}

function hashSecret(secret: string): string {
  return encodeHexLowerCase(sha256(new TextEncoder().encode(secret)));
}

export function isApiKeyToken(token: string | undefined): token is string {
  return token?.startsWith(API_KEY_PREFIX) === true;
}

function parseKey(token: string): { id: string; secret: string } | null {
  const match = /^bak_([a-z2-7]{24})_([a-z2-7]{24})$/.exec(token);
  return match ? { id: match[1]!, secret: match[2]! } : null;
}

export function toApiKey(row: ApiKeyRow): ApiKey {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    scope: row.scope,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  };
}

/** Whether the account's current plan (or the free tier) includes API access. */
export async function hasApiAccess(db: Executor, userId: string): Promise<boolean> {
  return (await entitlementsOf(db, userId)).apiAccess;
}

export async function listApiKeys(db: Executor, userId: string): Promise<ApiKeyRow[]> {
  return db
    .select()
    .from(apiKeys)
    .where(and(eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt)))
    .orderBy(desc(apiKeys.createdAt));
}

export async function createApiKey(
  db: Executor,
  userId: string,
  input: CreateApiKeyInput,
): Promise<{ row: ApiKeyRow; secret: string }> {
  if (!(await hasApiAccess(db, userId))) {
    throw new TRPCError({ code: 'FORBIDDEN', message: MESSAGES.apiKeyPlanRequired });
  }
  const [active] = await db
    .select({ n: count() })
    .from(apiKeys)
    .where(and(eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt)));
  if ((active?.n ?? 0) >= MAX_ACTIVE_API_KEYS) {
    throw new TRPCError({ code: 'FORBIDDEN', message: MESSAGES.apiKeyLimitReached });
  }
  const id = randomPart();
  const secret = randomPart();
  const [row] = await db
    .insert(apiKeys)
    .values({
      id,
      userId,
      name: input.name,
      scope: input.scope,
      prefix: `${API_KEY_PREFIX}${id.slice(0, 8)}`,
      secretHash: hashSecret(secret),
    })
    .returning();
  return { row: row!, secret: `${API_KEY_PREFIX}${id}_${secret}` };
}

export async function revokeApiKey(
  db: Executor,
  userId: string,
  id: string,
  now = new Date(),
): Promise<void> {
  const revoked = await db
    .update(apiKeys)
    .set({ revokedAt: now })
    .where(and(eq(apiKeys.id, id), eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt)))
    .returning({ id: apiKeys.id });
  if (revoked.length === 0) throw new TRPCError({ code: 'NOT_FOUND', message: MESSAGES.apiKeyNotFound });
}

export interface ValidatedApiKey {
  key: ApiKeyRow;
  user: UserRow;
}

/** Revokes every live key of the account (its deletion or suspension, in that change's transaction). */
export async function revokeUserApiKeys(db: Executor, userId: string, now = new Date()): Promise<void> {
  await db
    .update(apiKeys)
    .set({ revokedAt: now })
    .where(and(eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt)));
}

/**
 * The key's row and owner, or the error a REST client sees: 401 for an unknown, malformed or revoked key and for
 * a key whose account is deleted or suspended (a dead credential, like that account's sessions: deletion and
 * suspension also revoke the keys); 403 when the owner's plan no longer includes API access (the credential is
 * sound, the plan does not allow its use: buying the plan again brings the key back). Records last-used.
 */
export async function validateApiKey(
  db: Executor,
  token: string,
  now = new Date(),
): Promise<ValidatedApiKey> {
  const parsed = parseKey(token);
  if (!parsed) throw new TRPCError({ code: 'UNAUTHORIZED', message: MESSAGES.apiKeyInvalid });
  const [row] = await db
    .select({ key: apiKeys, user: users })
    .from(apiKeys)
    .innerJoin(users, eq(users.id, apiKeys.userId))
    .where(eq(apiKeys.id, parsed.id))
    .limit(1);
  const expected = new TextEncoder().encode(row?.key.secretHash ?? '');
  const actual = new TextEncoder().encode(hashSecret(parsed.secret));
  if (!row || !constantTimeEqual(expected, actual)) {
    throw new TRPCError({ code: 'UNAUTHORIZED', message: MESSAGES.apiKeyInvalid });
  }
  if (row.user.deletedAt || row.user.status !== 'active') {
    throw new TRPCError({ code: 'UNAUTHORIZED', message: MESSAGES.apiKeyAccountClosed });
  }
  if (row.key.revokedAt) throw new TRPCError({ code: 'UNAUTHORIZED', message: MESSAGES.apiKeyRevoked });
  if (!(await hasApiAccess(db, row.user.id))) {
    throw new TRPCError({ code: 'FORBIDDEN', message: MESSAGES.apiKeyNoPlan });
  }
  const last = row.key.lastUsedAt?.getTime() ?? 0;
  if (now.getTime() - last >= LAST_USED_GRANULARITY_MS) {
    await db.update(apiKeys).set({ lastUsedAt: now }).where(eq(apiKeys.id, row.key.id));
    row.key.lastUsedAt = now;
  }
  return row;
}

/**
 * The session the procedures see for a request made with a key: the key's owner, never a stored session (the
 * session-only rows, which use the session's own row, refuse keys before this is used).
 */
export function apiKeySession(validated: ValidatedApiKey): ValidatedSession {
  const { key, user } = validated;
  return {
    session: {
      id: `apikey:${key.id}`,
      secretHash: '',
      userId: user.id,
      expiresAt: new Date(8.64e15),
      absoluteExpiresAt: new Date(8.64e15),
      createdAt: key.createdAt,
    },
    user,
    fresh: false,
  };
}

export type { ApiKeyScope };
