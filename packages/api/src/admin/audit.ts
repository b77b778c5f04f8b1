import type { AuditAction, AuditTarget } from '@barterads/core';
import { auditLog, type Executor, listings, users } from '@barterads/db';
import { and, count, desc, eq, inArray, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { displayName } from '../accounts/users';
import type { ActivityEntry, ActivityInput } from './schemas';

type AuditValue = Record<string, string | boolean | number | null>;

export interface AuditRecord {
  actorId: string;
  action: AuditAction;
  targetType: AuditTarget;
  targetId: string;
  before: AuditValue;
  after: AuditValue;
  reason?: string | null;
}

/** Writes one audit row; call it with the transaction that makes the change. */
export async function writeAudit(tx: Executor, record: AuditRecord): Promise<void> {
  await tx.insert(auditLog).values({ ...record, reason: record.reason ?? null });
}

/** The Activity page: newest first, filtered by action, target or actor. */
export async function listActivity(
  db: Executor,
  input: ActivityInput,
): Promise<{ entries: ActivityEntry[]; total: number }> {
  const conditions: SQL[] = [];
  if (input.action) conditions.push(eq(auditLog.action, input.action));
  if (input.targetType) conditions.push(eq(auditLog.targetType, input.targetType));
  if (input.targetId) conditions.push(eq(auditLog.targetId, input.targetId));
  if (input.actorId) conditions.push(eq(auditLog.actorId, input.actorId));
  const where = conditions.length ? and(...conditions) : undefined;

  const actor = alias(users, 'actor');
  const targetUser = alias(users, 'target_user');
  const [rows, [totalRow]] = await Promise.all([
    db
      .select({
        entry: auditLog,
        actorFirst: actor.firstName,
        actorLast: actor.lastName,
        actorEmail: actor.email,
        targetUserEmail: targetUser.email,
        targetListingTitle: listings.title,
      })
      .from(auditLog)
      .innerJoin(actor, eq(actor.id, auditLog.actorId))
      .leftJoin(
        targetUser,
        and(inArray(auditLog.targetType, ['user', 'business']), eq(targetUser.id, auditLog.targetId)),
      )
      .leftJoin(listings, and(eq(auditLog.targetType, 'listing'), eq(listings.id, auditLog.targetId)))
      .where(where)
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
      .limit(input.limit)
      .offset(input.offset),
    db.select({ n: count() }).from(auditLog).where(where),
  ]);
  return {
    total: totalRow?.n ?? 0,
    entries: rows.map((r) => ({
      id: r.entry.id,
      action: r.entry.action,
      targetType: r.entry.targetType,
      targetId: r.entry.targetId,
      targetLabel: r.targetUserEmail ?? r.targetListingTitle ?? null,
      actor: {
        _id: r.entry.actorId,
        name: displayName({ firstName: r.actorFirst, lastName: r.actorLast }),
        email: r.actorEmail,
      },
      before: r.entry.before as AuditValue,
      after: r.entry.after as AuditValue,
      reason: r.entry.reason,
      createdAt: r.entry.createdAt.toISOString(),
    })),
  };
}

/** Escapes LIKE wildcards in user-typed search text. */
export function likePattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
