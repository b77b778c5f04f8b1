/**
 * The legs of a barter (product-spec-3 section 1): each party's side of an accepted deal is a taxable supply of
 * its own, valued at the open market value its rate card shows. One pure function computes them, for the preview
 * before acceptance, the rows stored at acceptance and the legs of older deals computed on first read, so the
 * screen shows exactly what the server stores. Money in paise; the rounding is `gstOnTaxable` (gst.ts) only.
 */
import { gstOnTaxable } from '../gst';
import { dealQuantityText } from '../inventory/units';
import { gstRateOn, sacEntry, suggestedSac } from './sac';

/** GST state codes and the state or union territory each names (the names the city list uses). */
export const GST_STATE_NAMES: Readonly<Record<string, string>> = {
  '01': 'Jammu and Kashmir',
  '02': 'Himachal Pradesh',
  '03': 'Punjab',
  '04': 'Chandigarh',
  '05': 'Uttarakhand',
  '06': 'Haryana',
  '07': 'Delhi',
  '08': 'Rajasthan',
  '09': 'Uttar Pradesh',
  '10': 'Bihar',
  '11': 'Sikkim',
  '12': 'Arunachal Pradesh',
  '13': 'Nagaland',
  '14': 'Manipur',
  '15': 'Mizoram',
  '16': 'Tripura',
  '17': 'Meghalaya',
  '18': 'Assam',
  '19': 'West Bengal',
  '20': 'Jharkhand',
  '21': 'Odisha',
  '22': 'Chhattisgarh',
  '23': 'Madhya Pradesh',
  '24': 'Gujarat',
  '25': 'Daman and Diu',
  '26': 'Dadra and Nagar Haveli and Daman and Diu',
  '27': 'Maharashtra',
  '28': 'Andhra Pradesh',
  '29': 'Karnataka',
  '30': 'Goa',
  '31': 'Lakshadweep',
  '32': 'Kerala',
  '33': 'Tamil Nadu',
  '34': 'Puducherry',
  '35': 'Andaman and Nicobar Islands',
  '36': 'Telangana',
  '37': 'Andhra Pradesh',
  '38': 'Ladakh',
  '97': 'Other Territory',
};

/** The state a GSTIN is registered in (its first two digits), or null for an unknown code. */
export function stateOfGstin(gstin: string): string | null {
  return GST_STATE_NAMES[gstin.slice(0, 2)] ?? null;
}

/** The state code of a state name (the first code that names it), for the e-invoice. */
export function stateCodeOf(state: string): string | null {
  const entry = Object.entries(GST_STATE_NAMES).find(([, name]) => name === state);
  return entry ? entry[0] : null;
}

export interface TaxParty {
  id: string;
  /** The party's GSTIN when GST verified; null otherwise (the party is treated as unregistered). */
  gstin: string | null;
  /** The party's address on record when it has no verified GSTIN (the state of its listings), or null. */
  state: string | null;
}

export interface TaxItem {
  giverId: string;
  title: string;
  quantity: number;
  unit: string;
  /** The item's value frozen with its listing's rate card at acceptance (whole rupees). */
  valueInr: number;
  /** The listing's media category, or null for a free description. */
  category: string | null;
  /** The listing's state: where the property is, for outdoor sites and hotel rooms. */
  propertyState: string | null;
}

export type PlaceOfSupplyBasis = 'recipient' | 'property';
export type LegStatus = 'draft' | 'issued' | 'not_required';

export interface LegLine {
  title: string;
  quantity: number;
  unit: string;
  valueInr: number;
}

export interface ComputedLeg {
  /** Stable within a deal: supplier, SAC and place of supply (a side may be more than one leg). */
  key: string;
  supplierId: string;
  recipientId: string;
  supplierGstin: string | null;
  recipientGstin: string | null;
  supplierState: string | null;
  placeOfSupply: string | null;
  placeOfSupplyBasis: PlaceOfSupplyBasis;
  sac: string;
  ratePct: number;
  description: string;
  lines: LegLine[];
  taxablePaise: number;
  igstPaise: number;
  cgstPaise: number;
  sgstPaise: number;
  /** `not_required` when the supplier has no verified GSTIN: no tax invoice, no tax, no credit. */
  status: Extract<LegStatus, 'draft' | 'not_required'>;
}

export interface LegsInput {
  parties: readonly [TaxParty, TaxParty];
  items: readonly TaxItem[];
  /** The day whose rates apply (`YYYY-MM-DD`, Asia/Kolkata): the acceptance day, or today for a preview. */
  day: string;
}

function stateOf(party: TaxParty): string | null {
  return party.gstin ? stateOfGstin(party.gstin) : party.state;
}

/** Taxes and status of a leg from its supplier's registration, SAC, place of supply and taxable value. */
function priced(
  leg: Omit<ComputedLeg, 'ratePct' | 'igstPaise' | 'cgstPaise' | 'sgstPaise' | 'status'>,
  day: string,
): ComputedLeg {
  const ratePct = gstRateOn(leg.sac, day);
  if (!leg.supplierGstin) {
    return { ...leg, ratePct, igstPaise: 0, cgstPaise: 0, sgstPaise: 0, status: 'not_required' };
  }
  const sameState = leg.placeOfSupply === null || leg.placeOfSupply === leg.supplierState;
  const tax = gstOnTaxable(leg.taxablePaise, ratePct, sameState);
  return { ...leg, ratePct, igstPaise: tax.igst, cgstPaise: tax.cgst, sgstPaise: tax.sgst, status: 'draft' };
}

/**
 * The legs of a deal from its items: one per supplier, SAC and place of supply, in the order the items come.
 * Place of supply is the recipient's state (its GSTIN's, else its address on record, else the supplier's: IGST
 * Act 12(2)(b)); for site rights and hotel rooms it is the property's state (12(3)) when the listing names it.
 */
export function computeLegs(input: LegsInput): ComputedLeg[] {
  const [a, b] = input.parties;
  const legs = new Map<
    string,
    Omit<ComputedLeg, 'ratePct' | 'igstPaise' | 'cgstPaise' | 'sgstPaise' | 'status'>
  >();
  for (const item of input.items) {
    const supplier = item.giverId === a.id ? a : item.giverId === b.id ? b : null;
    if (!supplier) throw new RangeError(`Item giver ${item.giverId} is not a party`);
    const recipient = supplier === a ? b : a;
    const sac = suggestedSac(item.category);
    const supplierState = stateOf(supplier);
    const property =
      (item.category === 'outdoor' || sacEntry(sac)?.property === true) && !!item.propertyState;
    const placeOfSupply = property ? item.propertyState : (stateOf(recipient) ?? supplierState);
    const basis: PlaceOfSupplyBasis = property ? 'property' : 'recipient';
    const key = `${supplier.id}:${sac}:${basis}:${placeOfSupply ?? ''}`;
    const line: LegLine = {
      title: item.title,
      quantity: item.quantity,
      unit: item.unit,
      valueInr: item.valueInr,
    };
    const leg = legs.get(key);
    if (leg) {
      leg.lines.push(line);
      leg.taxablePaise += item.valueInr * 100;
      leg.description = describe(leg.lines);
      continue;
    }
    legs.set(key, {
      key,
      supplierId: supplier.id,
      recipientId: recipient.id,
      supplierGstin: supplier.gstin,
      recipientGstin: recipient.gstin,
      supplierState,
      placeOfSupply,
      placeOfSupplyBasis: basis,
      sac,
      description: describe([line]),
      lines: [line],
      taxablePaise: item.valueInr * 100,
    });
  }
  return [...legs.values()].map((leg) => priced(leg, input.day));
}

/** The same leg under another SAC of the list (the supplier's choice): its rate and taxes again. */
export function withSac(leg: ComputedLeg, sac: string, day: string): ComputedLeg {
  const { ratePct: _r, igstPaise: _i, cgstPaise: _c, sgstPaise: _s, status: _st, ...rest } = leg;
  return priced({ ...rest, sac }, day);
}

/** What a leg supplies, as the invoice draft says it: "Hoarding (1 month); Sampling boxes (20 events)". */
function describe(lines: readonly LegLine[]): string {
  return lines.map((l) => `${l.title} (${dealQuantityText(l.quantity, l.unit)})`).join('; ');
}

/** Paise as rupees with two decimals, the number the API answers (`12345` → `123.45`). */
export function paiseToRupees(paise: number): number {
  return Math.round(paise) / 100;
}
