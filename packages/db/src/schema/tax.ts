import type { LegStatus, PlaceOfSupplyBasis } from '@barterads/core';
import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { timestamps, tz } from './columns';
import { deals } from './deals';
import { users } from './users';

/** One line of a leg: an item of the accepted version as it was valued at acceptance. */
export interface DealLegLine {
  title: string;
  quantity: number;
  unit: string;
  valueInr: number;
}

/**
 * A documented supply of a barter (product-spec-3 section 1): one party's side of an accepted deal (per SAC and
 * place of supply), computed by `computeLegs` (packages/core) and stored at acceptance, or on first read for a
 * deal accepted before legs existed. The values are frozen here: later listing or GSTIN changes do not move them,
 * except a supplier's verified GSTIN arriving later (a `not_required` leg is recomputed while not issued).
 */
export const dealLegs = pgTable(
  'deal_legs',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    dealId: uuid('deal_id')
      .notNull()
      .references(() => deals.id, { onDelete: 'cascade' }),
    /** computeLegs' key: supplier, SAC and place of supply. */
    key: text('key').notNull(),
    position: integer('position').notNull(),
    supplierId: uuid('supplier_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    recipientId: uuid('recipient_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    supplierGstin: text('supplier_gstin'),
    recipientGstin: text('recipient_gstin'),
    supplierState: text('supplier_state'),
    placeOfSupply: text('place_of_supply'),
    placeOfSupplyBasis: text('place_of_supply_basis').$type<PlaceOfSupplyBasis>().notNull(),
    sac: text('sac').notNull(),
    ratePct: numeric('rate_pct', { precision: 4, scale: 1, mode: 'number' }).notNull(),
    description: text('description').notNull(),
    lines: jsonb('lines').$type<DealLegLine[]>().notNull(),
    taxablePaise: bigint('taxable_paise', { mode: 'number' }).notNull(),
    igstPaise: bigint('igst_paise', { mode: 'number' }).notNull(),
    cgstPaise: bigint('cgst_paise', { mode: 'number' }).notNull(),
    sgstPaise: bigint('sgst_paise', { mode: 'number' }).notNull(),
    status: text('status').$type<LegStatus>().notNull(),
    /** The day the rates were taken from (the acceptance day, Asia/Kolkata). */
    rateDay: date('rate_day', { mode: 'string' }).notNull(),
    invoiceNumber: text('invoice_number'),
    issuedAt: tz('issued_at'),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('deal_legs_deal_key_unique').on(t.dealId, t.key),
    /** A supplier's invoice numbers never repeat (its own series, or a number used elsewhere). */
    uniqueIndex('deal_legs_supplier_invoice_unique')
      .on(t.supplierId, t.invoiceNumber)
      .where(sql`${t.invoiceNumber} is not null`),
    /** A member's barter statement for a period (by the acceptance day): its outward and inward legs. */
    index('deal_legs_supplier_idx').on(t.supplierId, t.rateDay),
    index('deal_legs_recipient_idx').on(t.recipientId, t.rateDay),
    check('deal_legs_status', sql`${t.status} in ('draft', 'issued', 'not_required')`),
    check('deal_legs_basis', sql`${t.placeOfSupplyBasis} in ('recipient', 'property')`),
    check('deal_legs_issued', sql`(${t.status} = 'issued') = (${t.issuedAt} is not null)`),
    check(
      'deal_legs_amounts',
      sql`${t.taxablePaise} >= 0 and ${t.igstPaise} >= 0 and ${t.cgstPaise} >= 0 and ${t.sgstPaise} >= 0`,
    ),
  ],
);

export type DealLegRow = typeof dealLegs.$inferSelect;

/** A member's own invoice series for its barter legs: the prefix its numbers start with (`HS/25-26/`). */
export const memberInvoiceSeries = pgTable('member_invoice_series', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  prefix: text('prefix').notNull(),
  ...timestamps(),
});

/**
 * The last number allotted in a member's series per financial year: bumped in the issuing transaction (the
 * platform invoices' counter-row technique), so concurrent issues queue on the row and a rollback leaves no gap.
 */
export const memberInvoiceCounters = pgTable(
  'member_invoice_counters',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    financialYear: text('financial_year').notNull(),
    last: integer('last').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.financialYear] })],
);
