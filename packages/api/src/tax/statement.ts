import { paiseToRupees } from '@barterads/core';
import { type DealLegRow, dealLegs, type Executor, type UserRow, users } from '@barterads/db';
import { TRPCError } from '@trpc/server';
import { and, asc, eq, gte, lte } from 'drizzle-orm';
import { supplyDatesOf, toLeg } from './legs';
import type { Leg, StatementInput, StatementResult } from './schemas';

/** A statement covers at most about a financial year and a half; longer periods are asked in parts. */
const MAX_PERIOD_DAYS = 550;

/**
 * The columns of the barter statement's CSV, in order (documented in the README and the OpenAPI summary): one
 * row per leg, outward (you supplied) then inward (you received), amounts in rupees with two decimals, the way
 * Tally's and Zoho Books' voucher imports map them.
 */
export const STATEMENT_CSV_COLUMNS = [
  'date',
  'direction',
  'invoice_number',
  'counterparty',
  'counterparty_gstin',
  'place_of_supply',
  'sac',
  'rate_pct',
  'taxable_value',
  'igst',
  'cgst',
  'sgst',
  'total',
  'status',
  'deal_id',
] as const;

type Row = { leg: DealLegRow; counterparty: string };

/**
 * A member's legs on one side (`supplier` or `recipient`) accepted in the period, with the other party's name:
 * one range scan of the side's (member, rate day) index.
 */
async function legsOnSide(
  db: Executor,
  memberId: string,
  side: 'supplier' | 'recipient',
  from: string,
  to: string,
) {
  const mine = side === 'supplier' ? dealLegs.supplierId : dealLegs.recipientId;
  const other = side === 'supplier' ? dealLegs.recipientId : dealLegs.supplierId;
  const rows = await db
    .select({
      leg: dealLegs,
      firstName: users.firstName,
      lastName: users.lastName,
      company: users.companyName,
    })
    .from(dealLegs)
    .innerJoin(users, eq(users.id, other))
    .where(and(eq(mine, memberId), gte(dealLegs.rateDay, from), lte(dealLegs.rateDay, to)))
    .orderBy(asc(dealLegs.rateDay), asc(dealLegs.createdAt), asc(dealLegs.position));
  return rows.map(
    (r): Row => ({ leg: r.leg, counterparty: r.company?.trim() || `${r.firstName} ${r.lastName}`.trim() }),
  );
}

function sum(legs: readonly Leg[]) {
  let taxable = 0;
  let igst = 0;
  let cgst = 0;
  let sgst = 0;
  for (const leg of legs) {
    taxable += Math.round(leg.taxableValue * 100);
    igst += Math.round(leg.igst * 100);
    cgst += Math.round(leg.cgst * 100);
    sgst += Math.round(leg.sgst * 100);
  }
  return {
    count: legs.length,
    taxableValue: paiseToRupees(taxable),
    igst: paiseToRupees(igst),
    cgst: paiseToRupees(cgst),
    sgst: paiseToRupees(sgst),
    tax: paiseToRupees(igst + cgst + sgst),
  };
}

function dayNumber(day: string): number {
  return Date.parse(`${day}T00:00:00Z`) / 86_400_000;
}

/**
 * The barter statement of a member for a period (product-spec-3 section 1): the legs it supplied (outward) and
 * received (inward) in deals accepted from `from` to `to` (Asia/Kolkata days, both included), with totals.
 * Only the member's own legs: a stranger's statement never shows another's.
 */
export async function barterStatement(
  db: Executor,
  viewer: UserRow,
  input: StatementInput,
): Promise<Extract<StatementResult, { supplied: unknown }>> {
  const { from, to } = input;
  if (from > to) throw new TRPCError({ code: 'BAD_REQUEST', message: 'The period starts after it ends.' });
  if (dayNumber(to) - dayNumber(from) > MAX_PERIOD_DAYS) {
    throw new TRPCError({
      code: 'BAD_REQUEST',
      message: `A statement covers at most ${MAX_PERIOD_DAYS} days.`,
    });
  }
  const [out, inward] = await Promise.all([
    legsOnSide(db, viewer.id, 'supplier', from, to),
    legsOnSide(db, viewer.id, 'recipient', from, to),
  ]);
  const dates = await supplyDatesOf(db, [...new Set([...out, ...inward].map((r) => r.leg.dealId))]);
  const asLeg = (r: Row) => ({
    ...toLeg(r.leg.dealId, r.leg, dates.get(`${r.leg.dealId}:${r.leg.supplierId}`) ?? null),
    date: r.leg.rateDay,
    counterparty: r.counterparty,
  });
  const supplied = out.map(asLeg);
  const received = inward.map(asLeg);
  return { from, to, supplied, received, totals: { outward: sum(supplied), inward: sum(received) } };
}

function cell(value: string | number | null): string {
  const text = value === null ? '' : typeof value === 'number' ? value.toFixed(2) : value;
  // Quoted when it holds a separator, a quote or a line break; a leading formula character is defused.
  const safe = /^[=+\-@]/.test(text) && typeof value === 'string' ? `'${text}` : text;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** The statement as CSV with the documented columns (RFC 4180, CRLF line ends). */
export function statementCsv(statement: Awaited<ReturnType<typeof barterStatement>>): string {
  const lines = [STATEMENT_CSV_COLUMNS.join(',')];
  const rows = [
    ...statement.supplied.map((leg) => ({ leg, direction: 'outward', gstin: leg.recipientGstin })),
    ...statement.received.map((leg) => ({ leg, direction: 'inward', gstin: leg.supplierGstin })),
  ];
  for (const { leg, direction, gstin } of rows) {
    lines.push(
      [
        cell(leg.date),
        cell(direction),
        cell(leg.invoiceNumber),
        cell(leg.counterparty),
        cell(gstin),
        cell(leg.placeOfSupply),
        cell(leg.sac),
        cell(leg.ratePct),
        cell(leg.taxableValue),
        cell(leg.igst),
        cell(leg.cgst),
        cell(leg.sgst),
        cell(leg.taxableValue + leg.igst + leg.cgst + leg.sgst),
        cell(leg.status),
        cell(leg.dealId),
      ].join(','),
    );
  }
  return `${lines.join('\r\n')}\r\n`;
}
