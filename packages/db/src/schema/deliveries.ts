import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  smallint,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, id, timestamps, tz } from './columns';
import { dealItems, deals } from './deals';
import { deliverableEventKind, deliverableStatus, disputeReason } from './enums';
import { users } from './users';

/**
 * What a giver owes on an accepted deal (product-spec-2 section 3): one row per item of the accepted version,
 * written in the acceptance's transaction. Every change locks the deal's row first, so the deal's state
 * (`accepted`, `disputed`, `completed`) always agrees with its deliverables.
 */
export const dealDeliverables = pgTable(
  'deal_deliverables',
  {
    id: id(),
    dealId: uuid('deal_id')
      .notNull()
      .references(() => deals.id, { onDelete: 'cascade' }),
    itemId: uuid('item_id')
      .notNull()
      .references(() => dealItems.id, { onDelete: 'cascade' }),
    giverId: uuid('giver_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    receiverId: uuid('receiver_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    status: deliverableStatus('status').notNull().default('pending'),
    /** Deliveries made (a redelivery ordered by an admin starts the next round). */
    round: integer('round').notNull().default(0),
    note: text('note'),
    link: text('link'),
    deliveredAt: tz('delivered_at'),
    /** The receiver's reminders sent for the current delivery (0, 3 or 6: the day of the last one). */
    remindedDay: smallint('reminded_day').notNull().default(0),
    acceptedAt: tz('accepted_at'),
    autoAccepted: boolean('auto_accepted').notNull().default(false),
    disputeReason: disputeReason('dispute_reason'),
    disputeDetails: text('dispute_details'),
    disputedAt: tz('disputed_at'),
    /** The admin's note of the last decision on a dispute. */
    resolutionNote: text('resolution_note'),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('deal_deliverables_item_unique').on(t.itemId),
    index('deal_deliverables_deal_idx').on(t.dealId),
    /** The auto-acceptance job's scan: delivered items by delivery time. */
    index('deal_deliverables_delivered_idx').on(t.deliveredAt).where(sql`${t.status} = 'delivered'`),
    check('deal_deliverables_parties_differ', sql`${t.giverId} <> ${t.receiverId}`),
    check(
      'deal_deliverables_delivered_has_time',
      sql`${t.status} = 'pending' or ${t.deliveredAt} is not null`,
    ),
    check(
      'deal_deliverables_accepted_has_time',
      sql`(${t.status} = 'accepted') = (${t.acceptedAt} is not null)`,
    ),
    check(
      'deal_deliverables_disputed_has_reason',
      sql`${t.status} <> 'disputed' or ${t.disputeReason} is not null`,
    ),
  ],
);

/**
 * One proof file of a delivery, or one evidence file of a dispute (`purpose`): stored under a private key (never under `public/`), served only to the parties
 * and admins by the deal's authorized route. The file is stored before its row and deleted when the row is not
 * written.
 */
export const deliverableProofs = pgTable(
  'deliverable_proofs',
  {
    id: id(),
    deliverableId: uuid('deliverable_id')
      .notNull()
      .references(() => dealDeliverables.id, { onDelete: 'cascade' }),
    dealId: uuid('deal_id')
      .notNull()
      .references(() => deals.id, { onDelete: 'cascade' }),
    round: integer('round').notNull(),
    /** Its place among the delivery's files, as uploaded. */
    position: smallint('position').notNull(),
    key: text('key').notNull(),
    contentType: text('content_type').notNull(),
    /** `photo` or `document`. */
    kind: text('kind').notNull(),
    /** `delivery`: the giver's proof; `dispute`: the receiver's evidence for a dispute of that round. */
    purpose: text('purpose').notNull().default('delivery'),
    filename: text('filename').notNull(),
    bytes: integer('bytes').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('deliverable_proofs_key_unique').on(t.key),
    index('deliverable_proofs_deliverable_idx').on(t.deliverableId, t.round),
    check('deliverable_proofs_kind', sql`${t.kind} in ('photo', 'document')`),
    check('deliverable_proofs_purpose', sql`${t.purpose} in ('delivery', 'dispute')`),
  ],
);

/** A deliverable's timeline: every transition, who made it and its note. */
export const deliverableEvents = pgTable(
  'deliverable_events',
  {
    id: id(),
    deliverableId: uuid('deliverable_id')
      .notNull()
      .references(() => dealDeliverables.id, { onDelete: 'cascade' }),
    dealId: uuid('deal_id')
      .notNull()
      .references(() => deals.id, { onDelete: 'cascade' }),
    kind: deliverableEventKind('kind').notNull(),
    /** Null for the automatic acceptance. */
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    note: text('note'),
    createdAt: createdAt(),
  },
  (t) => [index('deliverable_events_deal_idx').on(t.dealId, t.createdAt)],
);

/**
 * A party's review of the other after a completed deal: one per party per deal. Hidden (`published_at` null) until
 * both are written or 14 days after completion; an admin may hide it with a reason.
 */
export const reviews = pgTable(
  'reviews',
  {
    id: id(),
    dealId: uuid('deal_id')
      .notNull()
      .references(() => deals.id, { onDelete: 'cascade' }),
    authorId: uuid('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    /** The reviewed business (its owner's user id). */
    subjectId: uuid('subject_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    rating: smallint('rating').notNull(),
    text: text('text').notNull(),
    publishedAt: tz('published_at'),
    reply: text('reply'),
    repliedAt: tz('replied_at'),
    hiddenAt: tz('hidden_at'),
    hiddenReason: text('hidden_reason'),
    hiddenBy: uuid('hidden_by').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('reviews_deal_author_unique').on(t.dealId, t.authorId),
    /** A business page's public reviews, newest first. */
    index('reviews_subject_public_idx')
      .on(t.subjectId, t.publishedAt.desc(), t.id.desc())
      .where(sql`${t.publishedAt} is not null and ${t.hiddenAt} is null`),
    index('reviews_unpublished_idx').on(t.dealId).where(sql`${t.publishedAt} is null`),
    check('reviews_rating_range', sql`${t.rating} between 1 and 5`),
    check('reviews_author_not_subject', sql`${t.authorId} <> ${t.subjectId}`),
    check('reviews_reply_when_public', sql`${t.reply} is null or ${t.publishedAt} is not null`),
  ],
);

/** A member's report of a review (one per member per review); the admin's queue lists reported reviews. */
export const reviewReports = pgTable(
  'review_reports',
  {
    id: id(),
    reviewId: uuid('review_id')
      .notNull()
      .references(() => reviews.id, { onDelete: 'cascade' }),
    reporterId: uuid('reporter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reason: text('reason').notNull(),
    createdAt: createdAt(),
    /** An admin kept the review and dismissed this report (audit-logged): it leaves the queue. */
    dismissedAt: tz('dismissed_at'),
    dismissedBy: uuid('dismissed_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [uniqueIndex('review_reports_unique').on(t.reviewId, t.reporterId)],
);

export type DealDeliverableRow = typeof dealDeliverables.$inferSelect;
export type DeliverableProofRow = typeof deliverableProofs.$inferSelect;
export type DeliverableEventRow = typeof deliverableEvents.$inferSelect;
export type ReviewRow = typeof reviews.$inferSelect;
