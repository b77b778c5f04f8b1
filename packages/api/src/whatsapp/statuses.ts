import { type Executor, whatsappMessages, whatsappPendingStatuses } from '@barterads/db';
import { and, eq, lt, sql } from 'drizzle-orm';
import { UNREACHABLE_CODES } from './client';
import { markUnreachable } from './numbers';

/** A status never goes back: delivered after read (callbacks arrive unordered) changes nothing; failed is final. */
const RANK: Record<string, number> = { sent: 1, delivered: 2, read: 3, failed: 4 };

interface StatusCallback {
  id: string;
  status: string;
  recipient_id?: string;
  errors?: Array<{ code?: number; title?: string }>;
}

/**
 * A status callback: the message's state moves forward (never back). A callback for an id with no row yet (Meta
 * may call before the send's transaction has committed) is kept in `whatsapp_pending_statuses` and applied when
 * the row appears: here at once if it committed meanwhile, or by `applyPendingStatuses` after the writer commits.
 */
export async function applyStatus(db: Executor, status: StatusCallback, now: Date): Promise<void> {
  if (!RANK[status.status]) return;
  const found = await updateStatus(db, status, now);
  if (found) return;
  const error = status.errors?.[0];
  await db
    .insert(whatsappPendingStatuses)
    .values({
      wamid: status.id,
      status: status.status as WhatsappStatus,
      errorCode: error?.code ?? null,
      errorTitle: error?.title ?? null,
      receivedAt: now,
    })
    .onConflictDoNothing();
  // Callbacks for ids never recorded (another sender on the number) are not kept for ever.
  await db
    .delete(whatsappPendingStatuses)
    .where(lt(whatsappPendingStatuses.receivedAt, new Date(now.getTime() - PENDING_STATUS_TTL_MS)));
  // The row may have committed between the update above and this insert: its writer then found nothing to apply.
  await applyPendingStatuses(db, status.id);
}

type WhatsappStatus = 'sent' | 'delivered' | 'read' | 'failed';

/** How long a status callback for an unknown message id is kept. */
const PENDING_STATUS_TTL_MS = 24 * 60 * 60 * 1000;

/** Moves the message forward to `status`; false when no message has that id (yet). */
async function updateStatus(db: Executor, status: StatusCallback, now: Date): Promise<boolean> {
  const rank = RANK[status.status];
  if (!rank) return true;
  const error = status.errors?.[0];
  const [message] = await db
    .update(whatsappMessages)
    .set({
      status: status.status as WhatsappStatus,
      statusAt: now,
      ...(status.status === 'failed'
        ? { errorCode: error?.code ?? null, errorTitle: error?.title ?? 'Failed' }
        : {}),
    })
    .where(
      and(
        eq(whatsappMessages.wamid, status.id),
        sql`(case ${whatsappMessages.status} when 'sent' then 1 when 'delivered' then 2 when 'read' then 3 else 4 end) < ${rank}`,
      ),
    )
    .returning({ phoneNumber: whatsappMessages.phoneNumber });
  if (!message) {
    const [exists] = await db
      .select({ id: whatsappMessages.id })
      .from(whatsappMessages)
      .where(eq(whatsappMessages.wamid, status.id))
      .limit(1);
    return Boolean(exists);
  }
  if (status.status === 'failed' && error?.code !== undefined && UNREACHABLE_CODES.has(error.code)) {
    await markUnreachable(
      db,
      message.phoneNumber,
      error.title ?? 'WhatsApp cannot deliver to this number.',
      now,
    );
  }
  return true;
}

/**
 * Applies the status callbacks kept for `wamid` before its message row was visible, once the row is (each writer of
 * a message row calls this after its commit; the webhook after keeping one). The kept callbacks are taken (deleted)
 * and applied in one transaction: a reader never sees the message moved on while its callbacks still wait, and of
 * two applies at once each callback is taken by one. Idempotent: a state only moves forward.
 */
export async function applyPendingStatuses(db: Executor, wamid: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [message] = await tx
      .select({ id: whatsappMessages.id })
      .from(whatsappMessages)
      .where(eq(whatsappMessages.wamid, wamid))
      .limit(1);
    // Not visible yet: the callbacks stay for the writer's own apply after its commit.
    if (!message) return;
    const kept = await tx
      .delete(whatsappPendingStatuses)
      .where(eq(whatsappPendingStatuses.wamid, wamid))
      .returning();
    kept.sort((a, b) => (RANK[a.status] ?? 0) - (RANK[b.status] ?? 0));
    for (const status of kept) {
      await updateStatus(
        tx,
        {
          id: wamid,
          status: status.status,
          errors:
            status.status === 'failed'
              ? [{ code: status.errorCode ?? undefined, title: status.errorTitle ?? undefined }]
              : undefined,
        },
        status.receivedAt,
      );
    }
  });
}
