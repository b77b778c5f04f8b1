import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import {
  DEAL_IN_DELIVERY,
  DELIVERABLE_TRANSITIONS,
  DELIVERY_LIMITS,
  DELIVERY_MESSAGES,
  type DeliverableAction,
  type DeliverableEventKind,
  type DisputeOutcome,
} from '@barterads/core';
import {
  type Database,
  type DealDeliverableRow,
  type DealRow,
  dealDeliverables,
  dealItems,
  deals,
  deliverableEvents,
  deliverableProofs,
  type Executor,
  messages,
  type UserRow,
} from '@barterads/db';
import { TRPCError } from '@trpc/server';
import { and, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { writeAudit } from '../admin/audit';
import { writeDealEvent } from '../deals/deals';
import { actorOf, type EventActor, SYSTEM_ACTOR } from '../events/outbox';
import { lockDeliverableFor } from '../lifecycle/transition';
import { extensionOf, IMAGE_TYPES } from '../storage/sniff';
import type { FileStorage } from '../storage/storage';
import { keyColumnFiles, type StagedFiles, storeThenCommit } from '../storage/stored-files';
import type { UploadedFile } from '../storage/uploads';
import type {
  DeliverableIdInput,
  DeliverInput,
  DisputeEvidenceInput,
  DisputeInput,
  ResolveDisputeInput,
  StoredDeliverableView,
  TimelineEntry,
} from './schemas';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The authorized address of a proof file. */
export function proofUrl(dealId: string, proofId: string): string {
  return `/api/deals/${dealId}/proofs/${proofId}`;
}

const PROOF_PREFIX = 'proofs/';

/** Where a proof file is stored: a private key (never under `public/`) with a random part. */
function proofKey(dealId: string, deliverableId: string, ext: string): string {
  return `${PROOF_PREFIX}${dealId}/${deliverableId}/${randomUUID()}.${ext}`;
}

/** Delivery proofs for the storage sweeper: referenced while their proof row exists. */
export const PROOF_FILES = keyColumnFiles(
  'delivery proofs',
  PROOF_PREFIX,
  deliverableProofs,
  deliverableProofs.key,
);

// ---- reading ----

/**
 * A deliverable's current round of files, as the reading queries select it (one JSON array per row): the giver's
 * proof and, in a dispute, the receiver's evidence (`purpose`).
 */
interface ProofSummary {
  id: string;
  dealId: string;
  kind: string;
  contentType: string;
  filename: string;
  round: number;
  purpose?: string;
}

/**
 * The columns that read a deliverable with its current proof in the same row (a correlated JSON array), so a
 * query over `deal_deliverables` (or joining it, unaliased) reads both at once. The outer columns are written out
 * qualified: Drizzle renders a column of a one-table select without its table, which inside the subquery would
 * name the proof's own `id` and `round`.
 */
export const deliverableWithProof = {
  deliverable: dealDeliverables,
  proof: sql<ProofSummary[]>`coalesce((
    select json_agg(json_build_object('id', p.id, 'dealId', p.deal_id, 'kind', p.kind,
      'contentType', p.content_type, 'filename', p.filename, 'round', p.round, 'purpose', p.purpose)
      order by p.position)
    from ${deliverableProofs} p
    where p.deliverable_id = deal_deliverables.id and p.round = deal_deliverables.round), '[]'::json)`,
};

const toProofView = (p: ProofSummary) => ({
  _id: p.id,
  url: proofUrl(p.dealId, p.id),
  kind: p.kind === 'photo' ? ('photo' as const) : ('document' as const),
  contentType: p.contentType,
  filename: p.filename,
  round: p.round,
});

/** A deliverable row and its current round's files (proof, and a dispute's evidence) as the API's object. */
export function toDeliverableView(
  row: typeof dealDeliverables.$inferSelect,
  files: ProofSummary[],
): StoredDeliverableView {
  const proofs = files.filter((f) => f.purpose !== 'dispute');
  const evidence = files.filter((f) => f.purpose === 'dispute');
  return {
    _id: row.id,
    status: row.status,
    round: row.round,
    deliveredAt: row.deliveredAt?.toISOString() ?? null,
    autoAcceptAt:
      row.status === 'delivered' && row.deliveredAt
        ? new Date(row.deliveredAt.getTime() + DELIVERY_LIMITS.answerDays * DAY_MS).toISOString()
        : null,
    acceptedAt: row.acceptedAt?.toISOString() ?? null,
    autoAccepted: row.autoAccepted,
    note: row.note,
    link: row.link,
    disputeReason: row.disputeReason,
    disputeDetails: row.disputeDetails,
    disputedAt: row.disputedAt?.toISOString() ?? null,
    resolutionNote: row.resolutionNote,
    proof: proofs.map(toProofView),
    evidence: evidence.map(toProofView),
  };
}

/** Each item's deliverable with its current proof, by item id (one query). */
export async function loadDeliverables(
  db: Executor,
  dealIds: readonly string[],
): Promise<Map<string, StoredDeliverableView>> {
  const byItem = new Map<string, StoredDeliverableView>();
  if (dealIds.length === 0) return byItem;
  const rows = await db
    .select(deliverableWithProof)
    .from(dealDeliverables)
    .where(inArray(dealDeliverables.dealId, [...dealIds]));
  for (const { deliverable, proof } of rows)
    byItem.set(deliverable.itemId, toDeliverableView(deliverable, proof));
  return byItem;
}

/** A deliverable's events as the deal page's items query selects them (one JSON array per row). */
interface EventSummary {
  id: string;
  at: string;
  kind: string;
  itemId: string;
  actorId: string | null;
  note: string | null;
}

/**
 * A deliverable's events in the same row as the deliverable (a correlated JSON array, like its proof), so the deal
 * page reads its timeline without a query of its own.
 */
export const deliverableEventsColumn = sql<EventSummary[]>`coalesce((
  select json_agg(json_build_object('id', e.id, 'at', e.created_at, 'kind', e.kind, 'itemId', deal_deliverables.item_id,
    'actorId', e.actor_id, 'note', e.note))
  from ${deliverableEvents} e where e.deliverable_id = deal_deliverables.id), '[]'::json)`;

/** Every deliverable's events as one timeline, oldest first (ties in id order). */
export function toTimeline(events: readonly EventSummary[]): TimelineEntry[] {
  return events
    .map((e) => ({ ...e, time: new Date(e.at).getTime() }))
    .sort((a, b) => a.time - b.time || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
    .map((e) => ({
      at: new Date(e.time).toISOString(),
      kind: e.kind,
      itemId: e.itemId,
      actorId: e.actorId,
      note: e.note,
    }));
}

/**
 * A proof file for `viewer`: the deal's parties or an admin; anyone else gets 404, as for an unknown id, so
 * proofs cannot be found by trying ids.
 */
export async function readProof(
  db: Executor,
  storage: FileStorage,
  viewer: Pick<UserRow, 'id' | 'role'>,
  dealId: string,
  proofId: string,
): Promise<{ body: Readable; contentType: string; size: number; filename: string }> {
  const [row] = await db
    .select({
      key: deliverableProofs.key,
      contentType: deliverableProofs.contentType,
      filename: deliverableProofs.filename,
      proposerId: deals.proposerId,
      counterpartyId: deals.counterpartyId,
    })
    .from(deliverableProofs)
    .innerJoin(deals, eq(deals.id, deliverableProofs.dealId))
    .where(and(eq(deliverableProofs.id, proofId), eq(deliverableProofs.dealId, dealId)))
    .limit(1);
  const allowed =
    row && (row.proposerId === viewer.id || row.counterpartyId === viewer.id || viewer.role === 'admin');
  if (!row || !allowed) throw new TRPCError({ code: 'NOT_FOUND', message: DELIVERY_MESSAGES.proofNotFound });
  const stored = await storage.get(row.key);
  if (!stored) throw new TRPCError({ code: 'NOT_FOUND', message: DELIVERY_MESSAGES.proofNotFound });
  return { body: stored.body, contentType: row.contentType, size: stored.size, filename: row.filename };
}

// ---- writing ----

/** At acceptance: every item of the accepted version becomes a pending deliverable owed by its giver. */
export async function createDeliverables(tx: Executor, row: DealRow): Promise<void> {
  const items = await tx
    .select({ id: dealItems.id, giverId: dealItems.giverId })
    .from(dealItems)
    .where(and(eq(dealItems.dealId, row.id), eq(dealItems.version, row.version)));
  if (items.length === 0) return;
  await tx.insert(dealDeliverables).values(
    items.map((item) => ({
      dealId: row.id,
      itemId: item.id,
      giverId: item.giverId,
      receiverId: item.giverId === row.proposerId ? row.counterpartyId : row.proposerId,
    })),
  );
}

/**
 * The deal's state from its deliverables (the deal's row locked by the caller): `disputed` while any is disputed,
 * `completed` once all are accepted, `accepted` otherwise. Only a deal in delivery moves. Answers the new state.
 */
export async function settleDeal(tx: Executor, row: DealRow, now: Date): Promise<DealRow['status']> {
  if (!DEAL_IN_DELIVERY.includes(row.status)) return row.status;
  const [counts] = await tx
    .select({
      total: sql<number>`count(*)::int`,
      accepted: sql<number>`count(*) filter (where ${dealDeliverables.status} = 'accepted')::int`,
      disputed: sql<number>`count(*) filter (where ${dealDeliverables.status} = 'disputed')::int`,
    })
    .from(dealDeliverables)
    .where(eq(dealDeliverables.dealId, row.id));
  const total = counts?.total ?? 0;
  const next: DealRow['status'] =
    (counts?.disputed ?? 0) > 0
      ? 'disputed'
      : total > 0 && counts?.accepted === total
        ? 'completed'
        : 'accepted';
  if (next !== row.status) {
    await tx
      .update(deals)
      .set({ status: next, completedAt: next === 'completed' ? now : null })
      .where(eq(deals.id, row.id));
  }
  return next;
}

async function recordEvent(
  tx: Executor,
  deliverable: DealDeliverableRow,
  kind: DeliverableEventKind,
  actorId: string | null,
  note: string | null,
  now: Date,
): Promise<void> {
  await tx.insert(deliverableEvents).values({
    deliverableId: deliverable.id,
    dealId: deliverable.dealId,
    kind,
    actorId,
    note,
    createdAt: now,
  });
}

/**
 * Writes a deliverable action's event (the deliverable table's `event`) in its transaction: the deal as the API
 * answers it, and which item.
 */
async function writeDeliverableEvent(
  tx: Executor,
  deliverable: DealDeliverableRow,
  action: DeliverableAction,
  actor: EventActor,
  extra: Pick<DeliverableEventData, 'automatic' | 'outcome' | 'note'> = {},
): Promise<void> {
  const type = DELIVERABLE_TRANSITIONS.find((t) => t.action === action)?.event;
  if (!type) return;
  const [item] = await tx
    .select({ title: dealItems.title })
    .from(dealItems)
    .where(eq(dealItems.id, deliverable.itemId))
    .limit(1);
  const data: DeliverableEventData = {
    itemId: deliverable.itemId,
    status: deliverable.status,
    round: deliverable.round,
    title: item?.title ?? 'An item',
    giverId: deliverable.giverId,
    receiverId: deliverable.receiverId,
    ...extra,
  };
  await writeDealEvent(tx, deliverable.dealId, type, actor, { deliverable: data });
}

/**
 * A deliverable event's `data.deliverable` (beside the deal): which item, its state and parties, and for the
 * notices, whether it was accepted automatically or how a dispute was decided.
 */
export interface DeliverableEventData {
  itemId: string;
  status: DealDeliverableRow['status'];
  round: number;
  title: string;
  giverId: string;
  receiverId: string;
  automatic?: boolean;
  outcome?: DisputeOutcome;
  note?: string;
  /** `deliverable.due`: the item's last day (its end date), as an ISO day. */
  dueDate?: string;
  /** `deliverable.reminder`: the days since delivery (3 or 6). */
  reminderDay?: number;
}

/** What a transition tells whom, once it has committed. */
export interface DeliveryOutcome {
  dealId: string;
  itemId: string;
  itemTitle: string;
  giverId: string;
  receiverId: string;
  dealStatus: DealRow['status'];
  dealNumber: string | null;
  round: number;
  proposerId: string;
  counterpartyId: string;
}

async function outcomeOf(
  tx: Executor,
  deal: DealRow,
  deliverable: DealDeliverableRow,
  dealStatus: DealRow['status'],
): Promise<DeliveryOutcome> {
  const [item] = await tx
    .select({ title: dealItems.title })
    .from(dealItems)
    .where(eq(dealItems.id, deliverable.itemId))
    .limit(1);
  return {
    dealId: deal.id,
    itemId: deliverable.itemId,
    itemTitle: item?.title ?? 'An item',
    giverId: deliverable.giverId,
    receiverId: deliverable.receiverId,
    dealStatus,
    dealNumber: deal.number,
    round: deliverable.round,
    proposerId: deal.proposerId,
    counterpartyId: deal.counterpartyId,
  };
}

interface StoredProof {
  key: string;
  contentType: string;
  kind: 'photo' | 'document';
  filename: string;
  bytes: number;
}

/** Stores the proof files: photos re-encoded upright without metadata (EXIF, GPS), PDFs as they are. */
async function storeProofs(
  staged: StagedFiles,
  dealId: string,
  deliverableId: string,
  files: readonly UploadedFile[],
): Promise<StoredProof[]> {
  const stored: StoredProof[] = [];
  for (const file of files) {
    if (file.size > DELIVERY_LIMITS.proofMaxBytes) {
      throw new TRPCError({ code: 'PAYLOAD_TOO_LARGE', message: 'Each file must be at most 10 MB.' });
    }
    const filename = file.filename.slice(0, 200) || 'proof';
    if (IMAGE_TYPES.includes(file.contentType)) {
      const base = proofKey(dealId, deliverableId, 'x').replace(/\.x$/, '');
      const image = await staged.image(file, base, [DELIVERY_LIMITS.proofPhotoWidth]);
      image.variants.forEach((variant, i) => {
        stored.push({
          key: variant.key,
          contentType: 'image/webp',
          kind: 'photo',
          filename,
          bytes: image.bytes[i] ?? 0,
        });
      });
    } else {
      const key = proofKey(dealId, deliverableId, extensionOf(file.contentType));
      await staged.file(file, key);
      stored.push({ key, contentType: file.contentType, kind: 'document', filename, bytes: file.size });
    }
  }
  return stored;
}

export interface DeliveryDeps {
  db: Database;
  storage: FileStorage;
}

/**
 * The giver marks a pending item delivered with proof. The files are stored first (after a first check, so a
 * refused caller stores nothing), then the deliverable, its proof rows and the event are written in one
 * transaction that locks the deal; when that transaction does not commit, the stored files are deleted again.
 */
export async function deliverItem(
  deps: DeliveryDeps,
  user: UserRow,
  input: DeliverInput,
): Promise<DeliveryOutcome> {
  const check = await deps.db.transaction(async (tx) => {
    const locked = await lockDeliverableFor(tx, user, input, 'deliver', new Date());
    return locked.deliverable;
  });
  return storeThenCommit(
    deps.storage,
    (staged) => storeProofs(staged, input.id, check.id, input.files),
    (stored) =>
      deps.db.transaction(async (tx) => {
        const now = new Date();
        const locked = await lockDeliverableFor(tx, user, input, 'deliver', now);
        const round = locked.deliverable.round + 1;
        const [updated] = await tx
          .update(dealDeliverables)
          .set({
            status: 'delivered',
            round,
            note: input.note ?? null,
            link: input.link ?? null,
            deliveredAt: now,
            remindedDay: 0,
            acceptedAt: null,
            disputeReason: null,
            disputeDetails: null,
            disputedAt: null,
          })
          .where(eq(dealDeliverables.id, locked.deliverable.id))
          .returning();
        if (stored.length > 0) {
          await tx.insert(deliverableProofs).values(
            stored.map((s, position) => ({
              deliverableId: locked.deliverable.id,
              dealId: locked.deal.id,
              round,
              position,
              key: s.key,
              contentType: s.contentType,
              kind: s.kind,
              filename: s.filename,
              bytes: s.bytes,
              createdAt: now,
            })),
          );
        }
        await recordEvent(tx, updated!, 'delivered', user.id, input.note ?? null, now);
        const status = await settleDeal(tx, locked.deal, now);
        await writeDeliverableEvent(tx, updated!, 'deliver', actorOf(user));
        return outcomeOf(tx, locked.deal, updated!, status);
      }),
  );
}

/** The receiver accepts a delivered item; the deal is completed when every item is accepted. */
export function acceptDeliverable(
  db: Database,
  user: UserRow,
  input: DeliverableIdInput,
): Promise<DeliveryOutcome> {
  return db.transaction(async (tx) => {
    const now = new Date();
    const locked = await lockDeliverableFor(tx, user, input, 'accept_delivery', now);
    const [updated] = await tx
      .update(dealDeliverables)
      .set({ status: 'accepted', acceptedAt: now })
      .where(eq(dealDeliverables.id, locked.deliverable.id))
      .returning();
    await recordEvent(tx, updated!, 'accepted', user.id, null, now);
    const status = await settleDeal(tx, locked.deal, now);
    await writeDeliverableEvent(tx, updated!, 'accept_delivery', actorOf(user));
    return outcomeOf(tx, locked.deal, updated!, status);
  });
}

/**
 * The receiver disputes a delivered item with a reason and details, up to 7 days after delivery (409 after);
 * the deal becomes `disputed`.
 */
export function disputeDeliverable(
  db: Database,
  user: UserRow,
  input: DisputeInput,
): Promise<DeliveryOutcome> {
  return db.transaction(async (tx) => {
    const now = new Date();
    const locked = await lockDeliverableFor(tx, user, input, 'dispute', now);
    const [updated] = await tx
      .update(dealDeliverables)
      .set({
        status: 'disputed',
        disputeReason: input.reason,
        disputeDetails: input.details,
        disputedAt: now,
      })
      .where(eq(dealDeliverables.id, locked.deliverable.id))
      .returning();
    await recordEvent(tx, updated!, 'disputed', user.id, `${input.reason}: ${input.details}`, now);
    const status = await settleDeal(tx, locked.deal, now);
    await writeDeliverableEvent(tx, updated!, 'dispute', actorOf(user));
    return outcomeOf(tx, locked.deal, updated!, status);
  });
}

/**
 * The receiver adds evidence to its open dispute of an item (photos re-encoded without metadata, PDFs), up to
 * DELIVERY_LIMITS.maxProofFiles per dispute; stored first (after a first check), then the rows in a transaction
 * that locks the deal (storeThenCommit: the files deleted again when it does not commit). 409 when the item is not in dispute.
 */
export async function addDisputeEvidence(
  deps: DeliveryDeps,
  user: UserRow,
  input: DisputeEvidenceInput,
): Promise<DeliveryOutcome> {
  const check = await deps.db.transaction(async (tx) => {
    const locked = await lockDeliverableFor(tx, user, input, 'add_evidence', new Date());
    return locked.deliverable;
  });
  return storeThenCommit(
    deps.storage,
    (staged) => storeProofs(staged, input.id, check.id, input.files),
    (stored) =>
      deps.db.transaction(async (tx) => {
        const locked = await lockDeliverableFor(tx, user, input, 'add_evidence', new Date());
        const { deliverable } = locked;
        const [counted] = await tx
          .select({ files: sql<number>`count(*)::int`, last: sql<number>`coalesce(max(position), -1)::int` })
          .from(deliverableProofs)
          .where(
            and(
              eq(deliverableProofs.deliverableId, deliverable.id),
              eq(deliverableProofs.round, deliverable.round),
              eq(deliverableProofs.purpose, 'dispute'),
            ),
          );
        // Photos count once each (a photo is one stored variant).
        if ((counted?.files ?? 0) + input.files.length > DELIVERY_LIMITS.maxProofFiles) {
          throw new TRPCError({
            code: 'PAYLOAD_TOO_LARGE',
            message: `A dispute has at most ${DELIVERY_LIMITS.maxProofFiles} evidence files.`,
          });
        }
        const now = new Date();
        await tx.insert(deliverableProofs).values(
          stored.map((s, i) => ({
            deliverableId: deliverable.id,
            dealId: locked.deal.id,
            round: deliverable.round,
            position: (counted?.last ?? -1) + 1 + i,
            key: s.key,
            contentType: s.contentType,
            kind: s.kind,
            filename: s.filename,
            bytes: s.bytes,
            purpose: 'dispute',
            createdAt: now,
          })),
        );
        return outcomeOf(tx, locked.deal, deliverable, locked.deal.status);
      }),
  );
}

/**
 * An admin decides a disputed item: deliver again (back to `pending`), accept it, or cancel the deal; with a
 * note, audit-logged in the same transaction. 409 when the item is not in dispute.
 */
export function resolveDispute(
  db: Database,
  admin: UserRow,
  input: ResolveDisputeInput,
): Promise<DeliveryOutcome & { outcome: DisputeOutcome }> {
  return db.transaction(async (tx) => {
    const now = new Date();
    const { deal, deliverable } = await lockDeliverableFor(tx, admin, input, `resolve_${input.outcome}`, now);
    let updated: DealDeliverableRow;
    let status: DealRow['status'];
    if (input.outcome === 'cancel_deal') {
      [updated] = (await tx
        .update(dealDeliverables)
        .set({ resolutionNote: input.note })
        .where(eq(dealDeliverables.id, deliverable.id))
        .returning()) as [DealDeliverableRow];
      await tx
        .update(deals)
        .set({ status: 'cancelled', closedAt: now, declineReason: input.note })
        .where(eq(deals.id, deal.id));
      status = 'cancelled';
    } else {
      [updated] = (await tx
        .update(dealDeliverables)
        .set(
          input.outcome === 'accept'
            ? { status: 'accepted', acceptedAt: now, resolutionNote: input.note }
            : { status: 'pending', acceptedAt: null, resolutionNote: input.note },
        )
        .where(eq(dealDeliverables.id, deliverable.id))
        .returning()) as [DealDeliverableRow];
      status = await settleDeal(tx, deal, now);
    }
    await recordEvent(tx, updated, `resolved_${input.outcome}`, admin.id, input.note, now);
    await writeAudit(tx, {
      actorId: admin.id,
      action: 'resolve_dispute',
      targetType: 'deal',
      targetId: deal.id,
      before: { status: deal.status, itemId: deliverable.itemId, deliverable: deliverable.status },
      after: { status, itemId: deliverable.itemId, deliverable: updated.status, outcome: input.outcome },
      reason: input.note,
    });
    await writeDeliverableEvent(tx, updated, `resolve_${input.outcome}`, actorOf(admin, true), {
      outcome: input.outcome,
      note: input.note,
    });
    return { ...(await outcomeOf(tx, deal, updated, status)), outcome: input.outcome };
  });
}

// ---- timed work ----

export interface DeliveryTimerResult {
  reminded: { deliverableId: string; dealId: string; receiverId: string; day: number; round: number }[];
  autoAccepted: DeliveryOutcome[];
}

/**
 * The deliverables' timed work, run every minute by the server (apps/server/src/jobs/deliveries.ts). Its state is
 * in the rows: a reminder is one UPDATE … RETURNING that only matches rows not yet reminded for that day; an
 * automatic acceptance locks the deal's row as every transition does, and only accepts items still delivered
 * 7 days on. A second instance running at once finds the work done.
 */
export async function runDeliveryTimers(db: Database): Promise<DeliveryTimerResult> {
  const reminded: DeliveryTimerResult['reminded'] = [];
  for (const day of [...DELIVERY_LIMITS.reminderDays].reverse()) {
    // The mark and the reminder's event in one transaction: the receiver is told once, and not at all if the
    // mark rolls back.
    const rows = await db.transaction(async (tx) => {
      const marked = await tx
        .update(dealDeliverables)
        .set({ remindedDay: day, updatedAt: sql`${dealDeliverables.updatedAt}` })
        .where(
          and(
            eq(dealDeliverables.status, 'delivered'),
            sql`${dealDeliverables.remindedDay} < ${day}`,
            sql`${dealDeliverables.deliveredAt} <= now() - make_interval(days => ${day})`,
            sql`${dealDeliverables.deliveredAt} > now() - make_interval(days => ${DELIVERY_LIMITS.answerDays})`,
          ),
        )
        .returning();
      for (const row of marked) {
        const [item] = await tx
          .select({ title: dealItems.title })
          .from(dealItems)
          .where(eq(dealItems.id, row.itemId))
          .limit(1);
        const data: DeliverableEventData = {
          itemId: row.itemId,
          status: row.status,
          round: row.round,
          title: item?.title ?? 'An item',
          giverId: row.giverId,
          receiverId: row.receiverId,
          reminderDay: day,
        };
        await writeDealEvent(tx, row.dealId, DELIVERABLE_REMINDER_EVENT, SYSTEM_ACTOR, { deliverable: data });
      }
      return marked;
    });
    for (const row of rows) {
      reminded.push({
        deliverableId: row.id,
        dealId: row.dealId,
        receiverId: row.receiverId,
        round: row.round,
        day,
      });
    }
  }
  const due = await db
    .selectDistinct({ dealId: dealDeliverables.dealId })
    .from(dealDeliverables)
    .where(
      and(
        eq(dealDeliverables.status, 'delivered'),
        sql`${dealDeliverables.deliveredAt} <= now() - make_interval(days => ${DELIVERY_LIMITS.answerDays})`,
      ),
    )
    .limit(500);
  const autoAccepted: DeliveryOutcome[] = [];
  for (const { dealId } of due) {
    const outcomes = await db.transaction(async (tx) => {
      const [deal] = await tx.select().from(deals).where(eq(deals.id, dealId)).for('update');
      if (!deal || !DEAL_IN_DELIVERY.includes(deal.status)) return [];
      const now = new Date();
      const accepted = await tx
        .update(dealDeliverables)
        .set({ status: 'accepted', acceptedAt: now, autoAccepted: true })
        .where(
          and(
            eq(dealDeliverables.dealId, dealId),
            eq(dealDeliverables.status, 'delivered'),
            sql`${dealDeliverables.deliveredAt} <= now() - make_interval(days => ${DELIVERY_LIMITS.answerDays})`,
          ),
        )
        .returning();
      if (accepted.length === 0) return [];
      for (const row of accepted) await recordEvent(tx, row, 'auto_accepted', null, null, now);
      const status = await settleDeal(tx, deal, now);
      for (const row of accepted) {
        await writeDeliverableEvent(tx, row, 'auto_accept', SYSTEM_ACTOR, { automatic: true });
      }
      return Promise.all(accepted.map((row) => outcomeOf(tx, deal, row, status)));
    });
    autoAccepted.push(...outcomes);
  }
  return { reminded, autoAccepted };
}

/**
 * The reminder to a receiver that a delivery awaits their answer (member-only, not a partner event): written with
 * the deliverable's reminder mark, told in the bell and by e-mail (deliveries/notices.ts).
 */
export const DELIVERABLE_REMINDER_EVENT = 'deliverable.reminder';

/** The reminder that a deliverable is due (internal: WhatsApp's `barterads_deliverable_due`; no bell of its own). */
export const DELIVERABLE_DUE_EVENT = 'deliverable.due';

/**
 * Givers whose deliverable is still `pending` on a deal in delivery hear once, from the day before its item's end
 * date (Asia/Kolkata) to that day, that it is due: a `deliverable.due` event, which the dispatcher's WhatsApp channel
 * sends. Once per deliverable: the event itself is the mark (checked again under the deliverable's row lock, so two
 * instances running at once write one). `now` is the run's clock (tests pass their own).
 */
export async function runDeliverableDue(db: Database, now: Date = new Date()): Promise<{ due: number }> {
  const today = now.toLocaleDateString('en-CA', { timeZone: 'Asia/Kolkata' });
  const dueSql = (id: SQL) =>
    sql`not exists (select 1 from events e where e.resource_id = ${dealDeliverables.dealId}
          and e.type = ${DELIVERABLE_DUE_EVENT} and e.data->'deliverable'->>'itemId' = ${id}::text)`;
  const rows = await db
    .select({ id: dealDeliverables.id })
    .from(dealDeliverables)
    .innerJoin(deals, eq(deals.id, dealDeliverables.dealId))
    .innerJoin(dealItems, eq(dealItems.id, dealDeliverables.itemId))
    .where(
      and(
        eq(dealDeliverables.status, 'pending'),
        inArray(deals.status, [...DEAL_IN_DELIVERY]),
        sql`${dealItems.endDate} between ${today}::date and ${today}::date + 1`,
        dueSql(sql`${dealDeliverables.itemId}`),
      ),
    )
    .limit(500);
  let due = 0;
  for (const { id } of rows) {
    const wrote = await db.transaction(async (tx) => {
      const [row] = await tx
        .select({ deliverable: dealDeliverables, title: dealItems.title, endDate: dealItems.endDate })
        .from(dealDeliverables)
        .innerJoin(dealItems, eq(dealItems.id, dealDeliverables.itemId))
        .where(and(eq(dealDeliverables.id, id), eq(dealDeliverables.status, 'pending')))
        .for('update', { of: dealDeliverables });
      if (!row?.endDate) return false;
      const [stillDue] = await tx
        .select({ id: dealDeliverables.id })
        .from(dealDeliverables)
        .where(and(eq(dealDeliverables.id, id), dueSql(sql`${row.deliverable.itemId}`)))
        .limit(1);
      if (!stillDue) return false;
      const d = row.deliverable;
      const data: DeliverableEventData = {
        itemId: d.itemId,
        status: d.status,
        round: d.round,
        title: row.title,
        giverId: d.giverId,
        receiverId: d.receiverId,
        dueDate: row.endDate,
      };
      await writeDealEvent(tx, d.dealId, DELIVERABLE_DUE_EVENT, SYSTEM_ACTOR, { deliverable: data });
      return true;
    });
    if (wrote) due += 1;
  }
  return { due };
}

// ---- the admin's record of a dispute ----

export interface ThreadLine {
  senderId: string;
  body: string;
  createdAt: string;
}

/** The deal's thread in Messages, oldest first (the last 200 lines), for the admin's dispute record. */
export async function dealThread(db: Executor, dealId: string): Promise<ThreadLine[]> {
  const rows = await db
    .select({ senderId: messages.senderId, body: messages.body, createdAt: messages.createdAt })
    .from(messages)
    .innerJoin(deals, eq(deals.conversationId, messages.conversationId))
    .where(eq(deals.id, dealId))
    .orderBy(desc(messages.id))
    .limit(200);
  return rows.reverse().map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
}
