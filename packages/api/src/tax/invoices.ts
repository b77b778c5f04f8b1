import { financialYear, kolkataDate, seriesInvoiceNumber, withSac } from '@barterads/core';
import {
  type Database,
  dealLegs,
  deals,
  type Executor,
  memberInvoiceCounters,
  memberInvoiceSeries,
  type UserRow,
} from '@barterads/db';
import { TRPCError } from '@trpc/server';
import { and, asc, eq, sql } from 'drizzle-orm';
import { isUniqueViolation } from '../accounts/tokens';
import { computedOf, daysBetween, dealOfParty, supplyDates, supplyDatesOf, toLeg } from './legs';
import type { InvoiceSeriesInput, IssueLegInput, Leg } from './schemas';

export const TAX_MESSAGES = {
  legNotFound: 'This leg was not found.',
  alreadyIssued: 'This leg is already issued.',
  notRequired: 'No tax invoice: the supplier has no verified GSTIN. Verify your GSTIN in Settings first.',
  numberUsed: 'This invoice number is already used in your series.',
  noSeries: 'Set your invoice series first (Settings, Tax invoices).',
} as const;

const conflict = (message: string) => new TRPCError({ code: 'CONFLICT', message });

async function counterOf(db: Executor, userId: string, fy: string): Promise<number> {
  const [row] = await db
    .select({ last: memberInvoiceCounters.last })
    .from(memberInvoiceCounters)
    .where(and(eq(memberInvoiceCounters.userId, userId), eq(memberInvoiceCounters.financialYear, fy)));
  return row?.last ?? 0;
}

/** Sets the member's prefix; answers the number its next issue would get. */
export async function setInvoiceSeries(
  db: Database,
  user: UserRow,
  input: InvoiceSeriesInput,
): Promise<{ prefix: string; next: string }> {
  await db
    .insert(memberInvoiceSeries)
    .values({ userId: user.id, prefix: input.prefix })
    .onConflictDoUpdate({
      target: memberInvoiceSeries.userId,
      set: { prefix: input.prefix, updatedAt: new Date() },
    });
  const last = await counterOf(db, user.id, financialYear(new Date()));
  return { prefix: input.prefix, next: seriesInvoiceNumber(input.prefix, last + 1) };
}

/** The member's prefix and the number its next issue would get, or nulls before it set a series. */
export async function getInvoiceSeries(
  db: Executor,
  user: UserRow,
): Promise<{ prefix: string | null; next: string | null }> {
  const [series] = await db
    .select({ prefix: memberInvoiceSeries.prefix })
    .from(memberInvoiceSeries)
    .where(eq(memberInvoiceSeries.userId, user.id));
  if (!series) return { prefix: null, next: null };
  const last = await counterOf(db, user.id, financialYear(new Date()));
  return { prefix: series.prefix, next: seriesInvoiceNumber(series.prefix, last + 1) };
}

/** The next number of the member's series this financial year: the counter row bumped in the caller's transaction. */
async function nextSequence(tx: Executor, userId: string, fy: string): Promise<number> {
  const [row] = await tx
    .insert(memberInvoiceCounters)
    .values({ userId, financialYear: fy, last: 1 })
    .onConflictDoUpdate({
      target: [memberInvoiceCounters.userId, memberInvoiceCounters.financialYear],
      set: { last: sql`${memberInvoiceCounters.last} + 1` },
    })
    .returning({ last: memberInvoiceCounters.last });
  return row!.last;
}

async function numberUsed(tx: Executor, supplierId: string, number: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: dealLegs.id })
    .from(dealLegs)
    .where(and(eq(dealLegs.supplierId, supplierId), eq(dealLegs.invoiceNumber, number)))
    .limit(1);
  return Boolean(row);
}

/**
 * The supplier issues its leg: with a number given, the leg was issued outside BarterAds with it; otherwise the
 * next number of its series is allotted in this transaction (a number already recorded from elsewhere is
 * skipped, so numbers never repeat). 409 for a second issue, a repeating number or an unregistered supplier.
 * Anyone but the supplier gets 404.
 */
export async function issueLeg(db: Database, user: UserRow, input: IssueLegInput): Promise<Leg> {
  try {
    const row = await db.transaction(async (tx) => {
      await dealOfParty(tx, user, input.id);
      const [leg] = await tx
        .select()
        .from(dealLegs)
        .where(and(eq(dealLegs.id, input.legId), eq(dealLegs.dealId, input.id)))
        .for('update');
      if (!leg || leg.supplierId !== user.id)
        throw new TRPCError({ code: 'NOT_FOUND', message: TAX_MESSAGES.legNotFound });
      if (leg.status === 'issued') throw conflict(TAX_MESSAGES.alreadyIssued);
      if (leg.status === 'not_required') throw conflict(TAX_MESSAGES.notRequired);
      const now = new Date();
      let number: string;
      if (input.invoiceNumber) {
        number = input.invoiceNumber.toUpperCase();
        if (await numberUsed(tx, user.id, number)) throw conflict(TAX_MESSAGES.numberUsed);
      } else {
        const [series] = await tx
          .select({ prefix: memberInvoiceSeries.prefix })
          .from(memberInvoiceSeries)
          .where(eq(memberInvoiceSeries.userId, user.id));
        if (!series) throw conflict(TAX_MESSAGES.noSeries);
        const fy = financialYear(now);
        do {
          number = seriesInvoiceNumber(series.prefix, await nextSequence(tx, user.id, fy));
        } while (await numberUsed(tx, user.id, number));
      }
      const priced =
        input.sac && input.sac !== leg.sac ? withSac(computedOf(leg), input.sac, leg.rateDay) : null;
      const [updated] = await tx
        .update(dealLegs)
        .set({
          status: 'issued',
          invoiceNumber: number,
          issuedAt: now,
          ...(priced
            ? {
                sac: priced.sac,
                ratePct: priced.ratePct,
                igstPaise: priced.igstPaise,
                cgstPaise: priced.cgstPaise,
                sgstPaise: priced.sgstPaise,
              }
            : {}),
        })
        .where(eq(dealLegs.id, leg.id))
        .returning();
      return updated!;
    });
    const dates = await supplyDates(db, input.id);
    return toLeg(input.id, row, dates.get(row.supplierId) ?? null);
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(TAX_MESSAGES.numberUsed);
    throw error;
  }
}

/**
 * The legs the member still has to issue (its drafts), with the deal's number and the days left of the 30-day
 * clock (negative once late; null until the supply date is known), soonest due first: the dashboard's
 * "Invoices to issue". One range scan of the supplier's index.
 */
export async function legsToIssue(db: Executor, user: UserRow, today = kolkataDate(new Date())) {
  const rows = await db
    .select({ leg: dealLegs, dealNumber: deals.number })
    .from(dealLegs)
    .innerJoin(deals, eq(deals.id, dealLegs.dealId))
    .where(and(eq(dealLegs.supplierId, user.id), eq(dealLegs.status, 'draft')))
    .orderBy(asc(dealLegs.rateDay))
    .limit(200);
  const dates = await supplyDatesOf(db, [...new Set(rows.map((r) => r.leg.dealId))]);
  const legs = rows.map((r) => {
    const leg = toLeg(r.leg.dealId, r.leg, dates.get(`${r.leg.dealId}:${r.leg.supplierId}`) ?? null);
    return {
      ...leg,
      dealNumber: r.dealNumber ?? '',
      daysLeft: leg.dueDate ? daysBetween(today, leg.dueDate) : null,
    };
  });
  // Due soonest first; legs whose supply is not finished yet (no clock) after them.
  legs.sort((a, b) => (a.daysLeft ?? Number.POSITIVE_INFINITY) - (b.daysLeft ?? Number.POSITIVE_INFINITY));
  return { legs };
}
