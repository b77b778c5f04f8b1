import { CIRCLE_STATUSES } from '@barterads/core';
import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  pgEnum,
  pgSequence,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, id, timestamps, tz } from './columns';
import { listings } from './listings';
import { users } from './users';

/**
 * A member's "I'd accept" list (product-spec-3 section 4): what they would take in exchange. Nothing outside it is
 * proposed to them (pairs by the matcher, circles by the circle search). Empty categories or cities: any; null
 * dates: any time. A member without a row accepts what the matcher finds, as before lists existed.
 */
export const memberAccepts = pgTable(
  'member_accepts',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    categories: text('categories').array().notNull().default(sql`'{}'::text[]`),
    /** Lower-case city names. */
    cities: text('cities').array().notNull().default(sql`'{}'::text[]`),
    minValueInr: integer('min_value_inr').notNull(),
    maxValueInr: integer('max_value_inr').notNull(),
    availableFrom: date('available_from', { mode: 'string' }),
    availableTo: date('available_to', { mode: 'string' }),
    ...timestamps(),
  },
  (t) => [
    check('member_accepts_value_range', sql`${t.minValueInr} >= 0 and ${t.maxValueInr} >= ${t.minValueInr}`),
    check(
      'member_accepts_dates',
      sql`${t.availableFrom} is null or ${t.availableTo} is null or ${t.availableTo} >= ${t.availableFrom}`,
    ),
    index('member_accepts_categories_idx').using('gin', t.categories),
    index('member_accepts_cities_idx').using('gin', t.cities),
  ],
);

/**
 * Members whose circles must be searched again: a listing of theirs or their accept list changed (filled by a
 * trigger on listings and by saving a list), drained by the circle job. Claimed like the match queue.
 */
export const circleQueue = pgTable('circle_queue', {
  userId: uuid('user_id').primaryKey(),
  queuedAt: tz('queued_at').notNull().default(sql`now()`),
  claimedUntil: tz('claimed_until'),
});

export const circleStatus = pgEnum('circle_status', CIRCLE_STATUSES);

/** Gives circles their numbers (`C-000012`), shown on each of its deals. */
export const circleNumberSeq = pgSequence('circle_number_seq', { startWith: 1, increment: 1 });

/**
 * A circle deal of three (A gives B, B gives C, C gives A), proposed all or nothing: its three members answer
 * within 72 hours; the third accept creates its three deals in one transaction (deals.circle_id), one decline or
 * the deadline lapses it. Every answer locks this row (SELECT … FOR UPDATE).
 */
export const circles = pgTable(
  'circles',
  {
    id: id(),
    number: integer('number').notNull().default(sql`nextval('circle_number_seq')`),
    status: circleStatus('status').notNull().default('proposed'),
    /** The three listings, sorted and joined: one circle of the same listings is proposed once. */
    key: text('key').notNull(),
    /** The largest leg's value minus the smallest, in rupees (settled outside or waived). */
    spreadInr: integer('spread_inr').notNull(),
    expiresAt: tz('expires_at').notNull(),
    /** The reminders sent (hours after the proposal: 24, 60), so each goes once. */
    remindedHours: integer('reminded_hours').notNull().default(0),
    acceptedAt: tz('accepted_at'),
    lapsedAt: tz('lapsed_at'),
    /** `declined` (by whom: lapsedBy) or `expired`. */
    lapseReason: text('lapse_reason'),
    lapsedBy: uuid('lapsed_by').references(() => users.id, { onDelete: 'set null' }),
    /** The broker who drafted it at the trade desk ("prepared by the BarterAds trade desk"); null when found by the search. */
    brokerId: uuid('broker_id').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('circles_number_unique').on(t.number),
    uniqueIndex('circles_key_unique').on(t.key),
    index('circles_broker_created_idx').on(t.brokerId, t.createdAt).where(sql`${t.brokerId} is not null`),
    index('circles_open_expires_idx').on(t.expiresAt).where(sql`${t.status} = 'proposed'`),
    check(
      'circles_lapse_reason',
      sql`${t.lapseReason} is null or ${t.lapseReason} in ('declined', 'expired')`,
    ),
  ],
);

/**
 * One member of a circle and the leg it gives: its listing to `receiverId`, worth `valueInr`, with why the
 * receiver's list takes it, in words as written at the proposal (packages/core's acceptReasonWords). Its answer and, once all accepted, the
 * deal of its leg.
 */
export const circleMembers = pgTable(
  'circle_members',
  {
    circleId: uuid('circle_id')
      .notNull()
      .references(() => circles.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    /** 0, 1, 2: legs go from position i to i + 1 (mod 3). */
    position: integer('position').notNull(),
    receiverId: uuid('receiver_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    listingId: uuid('listing_id').references(() => listings.id, { onDelete: 'set null' }),
    title: text('title').notNull(),
    valueInr: integer('value_inr').notNull(),
    reasons: text('reasons').array().notNull(),
    acceptedAt: tz('accepted_at'),
    declinedAt: tz('declined_at'),
    /** The deal of this member's leg, once all three accepted. */
    dealId: uuid('deal_id'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.circleId, t.userId] }),
    uniqueIndex('circle_members_position_unique').on(t.circleId, t.position),
    index('circle_members_user_idx').on(t.userId, t.createdAt.desc()),
    check('circle_members_position_range', sql`${t.position} between 0 and 2`),
  ],
);

export type MemberAcceptsRow = typeof memberAccepts.$inferSelect;
export type CircleRow = typeof circles.$inferSelect;
export type CircleMemberRow = typeof circleMembers.$inferSelect;
