import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgSequence,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { circles } from './circles';
import { createdAt, id, timestamps, tz } from './columns';
import { conversations } from './conversations';
import { dealStatus, paymentStatus } from './enums';
import { listings } from './listings';
import { users } from './users';

/** Gives accepted deals their numbers (`BA-2026-000123`): never reused, never rolled back into a duplicate. */
export const dealNumberSeq = pgSequence('deal_number_seq', { startWith: 1, increment: 1 });

/**
 * One barter between two businesses (product-spec-2 section 2). The row holds the deal's current state; its
 * terms are the versions (`deal_versions`, never changed once written) with their items. Every transition locks
 * this row (SELECT … FOR UPDATE) and changes it in the same transaction as the version it writes.
 */
export const deals = pgTable(
  'deals',
  {
    id: id(),
    /** `BA-YYYY-NNNNNN`, given at acceptance. */
    number: text('number'),
    status: dealStatus('status').notNull().default('proposed'),
    /** The listing the deal was proposed from (what the proposer gets). */
    listingId: uuid('listing_id').references(() => listings.id, { onDelete: 'set null' }),
    proposerId: uuid('proposer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    counterpartyId: uuid('counterparty_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    /** The deal's own thread in Messages (a conversation with `deal_id` set to this deal). */
    conversationId: uuid('conversation_id').references(() => conversations.id, { onDelete: 'set null' }),
    /** The latest version's number (1 to 10). */
    version: integer('version').notNull().default(1),
    /** Whose turn it is while `proposed`; null otherwise. */
    turnUserId: uuid('turn_user_id').references(() => users.id, { onDelete: 'restrict' }),
    /** When the latest offer closes; an offer not answered by then is expired. */
    expiresAt: tz('expires_at').notNull(),
    /** The version whose "closes in 24 hours" reminder was sent (the expiry job sends each once). */
    expiryRemindedVersion: integer('expiry_reminded_version'),
    declineReason: text('decline_reason'),
    acceptedAt: tz('accepted_at'),
    /** Who accepted (the other party made the accepted version). */
    acceptedBy: uuid('accepted_by').references(() => users.id, { onDelete: 'restrict' }),
    completedAt: tz('completed_at'),
    /** When the deal left `proposed` without an acceptance (declined, withdrawn, expired). */
    closedAt: tz('closed_at'),
    /** Commission fixed at acceptance, per party: the plan's rate in basis points and the rupees owed. */
    proposerCommissionBp: integer('proposer_commission_bp'),
    proposerCommissionInr: integer('proposer_commission_inr'),
    proposerCommissionPaid: boolean('proposer_commission_paid').notNull().default(false),
    counterpartyCommissionBp: integer('counterparty_commission_bp'),
    counterpartyCommissionInr: integer('counterparty_commission_inr'),
    counterpartyCommissionPaid: boolean('counterparty_commission_paid').notNull().default(false),
    /** The circle deal of three this deal is one leg of (created with the other two when all three accepted). */
    circleId: uuid('circle_id').references(() => circles.id, { onDelete: 'restrict' }),
    /** The trade-desk broker who prepared the deal (or its circle), or null. */
    brokerId: uuid('broker_id').references(() => users.id, { onDelete: 'set null' }),
    /**
     * A broker's draft for two members while it is open: the parties who have accepted its current version (each
     * must, neither is taken to accept by the draft). Null for every other deal, and once a party counters (the
     * counter is that party's own offer, answered as any other).
     */
    draftAcceptedBy: uuid('draft_accepted_by').array(),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('deals_number_unique').on(t.number),
    check('deals_parties_differ', sql`${t.proposerId} <> ${t.counterpartyId}`),
    check('deals_version_range', sql`${t.version} between 1 and 10`),
    // An open offer has a turn, except a broker's draft (each party answers it); nothing else has one.
    check(
      'deals_turn_while_proposed',
      sql`(${t.status} = 'proposed' and ${t.draftAcceptedBy} is null) = (${t.turnUserId} is not null)`,
    ),
    check(
      'deals_turn_is_party',
      sql`${t.turnUserId} is null or ${t.turnUserId} in (${t.proposerId}, ${t.counterpartyId})`,
    ),
    check('deals_number_when_accepted', sql`(${t.number} is not null) = (${t.acceptedAt} is not null)`),
    check(
      'deals_accepted_states',
      sql`${t.status} not in ('accepted', 'completed', 'disputed') or ${t.acceptedAt} is not null`,
    ),
    index('deals_proposer_updated_idx').on(t.proposerId, t.updatedAt.desc(), t.id.desc()),
    /** The expiry job's scan: open offers by closing time. */
    index('deals_open_expires_idx').on(t.expiresAt).where(sql`${t.status} = 'proposed'`),
    index('deals_counterparty_updated_idx').on(t.counterpartyId, t.updatedAt.desc(), t.id.desc()),
    /** A party's accepted deals in a month (the plan limit counts them). */
    index('deals_proposer_accepted_idx')
      .on(t.proposerId, t.acceptedAt)
      .where(sql`${t.acceptedAt} is not null`),
    index('deals_circle_idx').on(t.circleId).where(sql`${t.circleId} is not null`),
    index('deals_counterparty_accepted_idx')
      .on(t.counterpartyId, t.acceptedAt)
      .where(sql`${t.acceptedAt} is not null`),
  ],
);

/** One numbered offer of a deal: written once, never changed. Its author accepts its terms by making it. */
export const dealVersions = pgTable(
  'deal_versions',
  {
    id: id(),
    dealId: uuid('deal_id')
      .notNull()
      .references(() => deals.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    authorId: uuid('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    message: text('message'),
    openDays: integer('open_days').notNull(),
    expiresAt: tz('expires_at').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('deal_versions_deal_version_unique').on(t.dealId, t.version),
    check('deal_versions_version_range', sql`${t.version} between 1 and 10`),
    check('deal_versions_open_days', sql`${t.openDays} in (3, 7, 14, 30)`),
  ],
);

/** What one party gives in one version: a listing of theirs or a free description, quantity, dates, value. */
export const dealItems = pgTable(
  'deal_items',
  {
    id: id(),
    dealId: uuid('deal_id')
      .notNull()
      .references(() => deals.id, { onDelete: 'cascade' }),
    versionId: uuid('version_id')
      .notNull()
      .references(() => dealVersions.id, { onDelete: 'cascade' }),
    /** The version's number, copied so a deal's current items are found without the versions table. */
    version: integer('version').notNull(),
    position: integer('position').notNull(),
    giverId: uuid('giver_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    listingId: uuid('listing_id').references(() => listings.id, { onDelete: 'set null' }),
    title: text('title').notNull(),
    quantity: integer('quantity').notNull(),
    unit: text('unit').notNull(),
    startDate: date('start_date', { mode: 'string' }),
    endDate: date('end_date', { mode: 'string' }),
    valueInr: integer('value_inr').notNull(),
  },
  (t) => [
    index('deal_items_deal_version_idx').on(t.dealId, t.version, t.position),
    check('deal_items_value_range', sql`${t.valueInr} between 1 and 100000000`),
    check('deal_items_quantity_positive', sql`${t.quantity} >= 1`),
    check(
      'deal_items_dates',
      sql`${t.startDate} is null or ${t.endDate} is null or ${t.endDate} >= ${t.startDate}`,
    ),
  ],
);

/**
 * A Razorpay order for one party's commission on an accepted deal: the amount is the server's (the commission
 * fixed at acceptance, in paise), stored before it is returned; paid once, by checkout's signature or the webhook.
 */
export const dealCommissionOrders = pgTable(
  'deal_commission_orders',
  {
    id: id(),
    dealId: uuid('deal_id')
      .notNull()
      .references(() => deals.id, { onDelete: 'restrict' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    razorpayOrderId: text('razorpay_order_id').notNull(),
    receipt: text('receipt').notNull(),
    amountPaise: integer('amount_paise').notNull(),
    status: paymentStatus('status').notNull().default('created'),
    razorpayPaymentId: text('razorpay_payment_id'),
    paidAt: tz('paid_at'),
    ...timestamps(),
  },
  (t) => [
    check('deal_commission_orders_amount_positive', sql`${t.amountPaise} > 0`),
    uniqueIndex('deal_commission_orders_razorpay_unique').on(t.razorpayOrderId),
    uniqueIndex('deal_commission_orders_receipt_unique').on(t.receipt),
    index('deal_commission_orders_deal_user_idx').on(t.dealId, t.userId),
  ],
);

export type DealRow = typeof deals.$inferSelect;
export type DealCommissionOrderRow = typeof dealCommissionOrders.$inferSelect;
export type DealVersionRow = typeof dealVersions.$inferSelect;
export type DealItemRow = typeof dealItems.$inferSelect;
