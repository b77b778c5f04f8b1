import {
  type ComputedLeg,
  computeLegs,
  DEAL_MESSAGES,
  kolkataDate,
  type LegStatus,
  type LegsInput,
  paiseToRupees,
  type TaxParty,
} from '@barterads/core';
import {
  businessVerifications,
  type DealLegRow,
  type DealRow,
  dealDeliverables,
  dealItems,
  dealLegs,
  deals,
  type Executor,
  listings,
  type UserRow,
  users,
} from '@barterads/db';
import { TRPCError } from '@trpc/server';
import { and, asc, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Leg, TaxPreviewResult } from './schemas';

const DAY_MS = 24 * 60 * 60 * 1000;

function notFound(): TRPCError {
  return new TRPCError({ code: 'NOT_FOUND', message: DEAL_MESSAGES.notFound });
}

/**
 * A party as the tax sees it: its GSTIN when GST verified (the verified submission's), otherwise its address on
 * record: the state of its business address, else of its latest listing that names one.
 */
async function taxParties(db: Executor, ids: readonly [string, string]): Promise<[TaxParty, TaxParty]> {
  const [rows, verified, located] = await Promise.all([
    db
      .select({ id: users.id, gstVerification: users.gstVerification, addressState: users.addressState })
      .from(users)
      .where(inArray(users.id, [...ids])),
    db
      .selectDistinctOn([businessVerifications.businessId], {
        businessId: businessVerifications.businessId,
        gstin: businessVerifications.gstin,
      })
      .from(businessVerifications)
      .where(
        and(
          inArray(businessVerifications.businessId, [...ids]),
          eq(businessVerifications.status, 'verified'),
        ),
      )
      .orderBy(businessVerifications.businessId, desc(businessVerifications.createdAt)),
    db
      .selectDistinctOn([listings.ownerId], { ownerId: listings.ownerId, state: listings.state })
      .from(listings)
      .where(and(inArray(listings.ownerId, [...ids]), isNotNull(listings.state)))
      .orderBy(listings.ownerId, desc(listings.createdAt)),
  ]);
  const party = (id: string): TaxParty => {
    const row = rows.find((r) => r.id === id);
    const registered = row?.gstVerification === 'verified';
    return {
      id,
      gstin: registered ? (verified.find((v) => v.businessId === id)?.gstin ?? null) : null,
      state: row?.addressState ?? located.find((l) => l.ownerId === id)?.state ?? null,
    };
  };
  return [party(ids[0]), party(ids[1])];
}

/** What computeLegs needs for a deal: both parties, the current version's items with their listings. */
export async function legsInputOf(db: Executor, deal: DealRow, at: Date): Promise<LegsInput> {
  const [parties, items] = await Promise.all([
    taxParties(db, [deal.proposerId, deal.counterpartyId]),
    db
      .select({
        giverId: dealItems.giverId,
        title: dealItems.title,
        quantity: dealItems.quantity,
        unit: dealItems.unit,
        valueInr: dealItems.valueInr,
        category: listings.category,
        propertyState: listings.state,
      })
      .from(dealItems)
      .leftJoin(listings, eq(listings.id, dealItems.listingId))
      .where(and(eq(dealItems.dealId, deal.id), eq(dealItems.version, deal.version)))
      .orderBy(asc(dealItems.position)),
  ]);
  return { parties, items, day: kolkataDate(at) };
}

/** What a computed leg and a stored row share: its parties, place of supply, SAC, rate, lines and paise. */
type LegFields = Omit<ComputedLeg, 'key' | 'status'>;

/**
 * The one list of a leg's fields, from a computed leg or a stored row: storing (`rowValues`), reading back for a
 * new SAC (`computedOf`) and answering (`toLeg`) all take it from here.
 */
function legFields(leg: LegFields): LegFields {
  return {
    supplierId: leg.supplierId,
    recipientId: leg.recipientId,
    supplierGstin: leg.supplierGstin,
    recipientGstin: leg.recipientGstin,
    supplierState: leg.supplierState,
    placeOfSupply: leg.placeOfSupply,
    placeOfSupplyBasis: leg.placeOfSupplyBasis,
    sac: leg.sac,
    ratePct: leg.ratePct,
    description: leg.description,
    lines: leg.lines,
    taxablePaise: leg.taxablePaise,
    igstPaise: leg.igstPaise,
    cgstPaise: leg.cgstPaise,
    sgstPaise: leg.sgstPaise,
  };
}

function rowValues(dealId: string, leg: ComputedLeg, position: number, day: string) {
  return { dealId, key: leg.key, position, ...legFields(leg), status: leg.status, rateDay: day };
}

/** A stored row as computeLegs' leg again (to price it under another SAC). */
export function computedOf(row: DealLegRow): ComputedLeg {
  return {
    key: row.key,
    ...legFields(row),
    status: row.status === 'not_required' ? 'not_required' : 'draft',
  };
}

/**
 * Stores an accepted deal's legs (in the acceptance's transaction, or on first read of a deal accepted before
 * legs existed): the item values and listings as they are now are the values frozen with the deal.
 */
export async function storeLegs(tx: Executor, deal: DealRow, acceptedAt: Date): Promise<void> {
  const input = await legsInputOf(tx, deal, acceptedAt);
  const legs = computeLegs(input);
  if (legs.length === 0) return;
  await tx
    .insert(dealLegs)
    .values(legs.map((leg, i) => rowValues(deal.id, leg, i, input.day)))
    .onConflictDoNothing({ target: [dealLegs.dealId, dealLegs.key] });
}

/**
 * A supplier that verified its GSTIN after acceptance still gets its draft: its `not_required` legs are computed
 * again from the stored lines with its registration now (the values stay the frozen ones).
 */
async function refreshUnregistered(db: Executor, deal: DealRow, rows: DealLegRow[]): Promise<boolean> {
  const waiting = rows.filter((r) => r.status === 'not_required');
  if (waiting.length === 0) return false;
  const parties = await taxParties(db, [deal.proposerId, deal.counterpartyId]);
  let changed = false;
  for (const row of waiting) {
    const supplier = parties.find((p) => p.id === row.supplierId);
    if (!supplier?.gstin) continue;
    const recipient = parties.find((p) => p.id === row.recipientId);
    if (!recipient) continue;
    const [leg] = computeLegs({
      parties: [supplier, recipient],
      items: row.lines.map((line) => ({
        ...line,
        giverId: row.supplierId,
        category: row.sac === '998363' ? 'print' : null,
        propertyState: row.placeOfSupplyBasis === 'property' ? row.placeOfSupply : null,
      })),
      day: row.rateDay,
    });
    if (!leg) continue;
    const values = rowValues(deal.id, { ...leg, sac: row.sac }, row.position, row.rateDay);
    const { key: _key, ...rest } = values;
    await db
      .update(dealLegs)
      .set({ ...rest, placeOfSupplyBasis: row.placeOfSupplyBasis })
      .where(and(eq(dealLegs.id, row.id), eq(dealLegs.status, 'not_required')));
    changed = true;
  }
  return changed;
}

/** The stored legs of an accepted deal, stored first when it was accepted before legs existed. */
export async function storedLegs(db: Executor, deal: DealRow): Promise<DealLegRow[]> {
  const read = () =>
    db.select().from(dealLegs).where(eq(dealLegs.dealId, deal.id)).orderBy(asc(dealLegs.position));
  let rows = await read();
  if (rows.length === 0 && deal.acceptedAt) {
    await storeLegs(db, deal, deal.acceptedAt);
    rows = await read();
  }
  if (await refreshUnregistered(db, deal, rows)) rows = await read();
  return rows;
}

/** Each supplier's supply date: when its last deliverable was accepted (null while any is not). */
export async function supplyDates(db: Executor, dealId: string): Promise<Map<string, string | null>> {
  const dates = await supplyDatesOf(db, [dealId]);
  return new Map([...dates].map(([key, day]) => [key.slice(dealId.length + 1), day] as const));
}

/** Supply dates of many deals at once, keyed `dealId:giverId` (the statement's legs, one query). */
export async function supplyDatesOf(db: Executor, dealIds: string[]): Promise<Map<string, string | null>> {
  if (dealIds.length === 0) return new Map();
  const rows = await db
    .select({
      dealId: dealDeliverables.dealId,
      giverId: dealDeliverables.giverId,
      pending: sql<number>`count(*) filter (where ${dealDeliverables.status} <> 'accepted')::int`,
      last: sql<Date | string | null>`max(${dealDeliverables.acceptedAt})`,
    })
    .from(dealDeliverables)
    .where(inArray(dealDeliverables.dealId, dealIds))
    .groupBy(dealDeliverables.dealId, dealDeliverables.giverId);
  return new Map(
    rows.map(
      (r) =>
        [
          `${r.dealId}:${r.giverId}`,
          r.pending === 0 && r.last ? kolkataDate(new Date(r.last)) : null,
        ] as const,
    ),
  );
}

/** Whole days from one `YYYY-MM-DD` to another (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}

function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

export function toLeg(dealId: string, leg: ComputedLeg | DealLegRow, supplyDate: string | null): Leg {
  const stored = 'id' in leg;
  const { taxablePaise, igstPaise, cgstPaise, sgstPaise, ...fields } = legFields(leg);
  return {
    _id: stored ? leg.id : null,
    dealId,
    ...fields,
    taxableValue: paiseToRupees(taxablePaise),
    igst: paiseToRupees(igstPaise),
    cgst: paiseToRupees(cgstPaise),
    sgst: paiseToRupees(sgstPaise),
    status: leg.status,
    supplyDate,
    dueDate: supplyDate ? addDays(supplyDate, 30) : null,
    invoiceNumber: stored ? leg.invoiceNumber : null,
    issuedAt: stored && leg.issuedAt ? leg.issuedAt.toISOString() : null,
  };
}

type Taxed = Pick<ComputedLeg, 'supplierId' | 'recipientId' | 'recipientGstin'> & {
  status: LegStatus;
  igstPaise: number;
  cgstPaise: number;
  sgstPaise: number;
};

/** GST the viewer owes on what it gives and may claim (as a registered recipient) on what it receives. */
function mineOf(viewerId: string, legs: readonly Taxed[]): TaxPreviewResult['mine'] {
  let owe = 0;
  let mayClaim = 0;
  for (const leg of legs) {
    const tax = leg.igstPaise + leg.cgstPaise + leg.sgstPaise;
    if (leg.status === 'not_required') continue;
    if (leg.supplierId === viewerId) owe += tax;
    if (leg.recipientId === viewerId && leg.recipientGstin) mayClaim += tax;
  }
  return { owe: paiseToRupees(owe), mayClaim: paiseToRupees(mayClaim) };
}

/** A deal a party may see (404 otherwise: a deal's existence is not told). */
export async function dealOfParty(db: Executor, viewer: UserRow, id: string): Promise<DealRow> {
  const [row] = await db.select().from(deals).where(eq(deals.id, id)).limit(1);
  if (!row || (row.proposerId !== viewer.id && row.counterpartyId !== viewer.id)) throw notFound();
  return row;
}

/**
 * The deal's legs for a party: the stored ones once accepted, otherwise as they would be if accepted today,
 * from the same computation.
 */
export async function taxPreview(db: Executor, viewer: UserRow, id: string): Promise<TaxPreviewResult> {
  const deal = await dealOfParty(db, viewer, id);
  if (deal.acceptedAt) {
    const [rows, dates] = await Promise.all([storedLegs(db, deal), supplyDates(db, deal.id)]);
    return {
      legs: rows.map((row) => toLeg(deal.id, row, dates.get(row.supplierId) ?? null)),
      stored: true,
      mine: mineOf(viewer.id, rows),
    };
  }
  const legs = computeLegs(await legsInputOf(db, deal, new Date()));
  return { legs: legs.map((leg) => toLeg(deal.id, leg, null)), stored: false, mine: mineOf(viewer.id, legs) };
}

/** One supply of a circle deal (a circle leg): who gives what to whom, and its deal once all three accepted. */
export interface CircleSupply {
  giverId: string;
  receiverId: string;
  listingId: string | null;
  title: string;
  valueInr: number;
  dealId: string | null;
}

/**
 * The GST of a circle member's own supplies (product-spec-3 section 4): each supply's leg from the same
 * computation as a two-party deal's (the stored leg once its deal exists, otherwise as it would be if accepted
 * today), and the viewer's side (GST owed on what it gives, claimable on what it receives).
 */
export async function circleSupplyTax(
  db: Executor,
  viewerId: string,
  supplies: readonly CircleSupply[],
  at = new Date(),
): Promise<{ legs: (Leg | null)[]; mine: TaxPreviewResult['mine'] }> {
  const taxed: Taxed[] = [];
  const legs = await Promise.all(
    supplies.map(async (supply): Promise<Leg | null> => {
      if (supply.dealId) {
        const [deal] = await db.select().from(deals).where(eq(deals.id, supply.dealId)).limit(1);
        if (!deal) return null;
        const [rows, dates] = await Promise.all([storedLegs(db, deal), supplyDates(db, deal.id)]);
        const row = rows.find((r) => r.supplierId === supply.giverId);
        if (!row) return null;
        taxed.push(row);
        return toLeg(deal.id, row, dates.get(row.supplierId) ?? null);
      }
      const [parties, listing] = await Promise.all([
        taxParties(db, [supply.giverId, supply.receiverId]),
        supply.listingId
          ? db
              .select({ category: listings.category, state: listings.state })
              .from(listings)
              .where(eq(listings.id, supply.listingId))
              .limit(1)
          : Promise.resolve([]),
      ]);
      const [leg] = computeLegs({
        parties,
        items: [
          {
            giverId: supply.giverId,
            title: supply.title,
            quantity: 1,
            unit: 'item',
            valueInr: supply.valueInr,
            category: listing[0]?.category ?? null,
            propertyState: listing[0]?.state ?? null,
          },
        ],
        day: kolkataDate(at),
      });
      if (!leg) return null;
      taxed.push(leg);
      return toLeg(supply.dealId ?? '', leg, null);
    }),
  );
  return { legs, mine: mineOf(viewerId, taxed) };
}
