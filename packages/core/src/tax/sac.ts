/**
 * The checked-in SAC list a supplier may choose from for a barter leg, and the one table of GST rates with their
 * effective dates (product-spec-3 section 1): a rate change is one new row (close the old row's `to`, add a row).
 */

export interface SacEntry {
  sac: string;
  description: string;
  /**
   * Place of supply is where the property is (IGST Act section 12(3)): rights to use immovable property such as
   * a hoarding site, and hotel rooms. Otherwise it is the recipient's state (section 12(2)).
   */
  property: boolean;
}

export const SAC_LIST: readonly SacEntry[] = [
  { sac: '998361', description: 'Advertising services provided by advertising agencies', property: false },
  {
    sac: '998363',
    description: 'Sale of advertising space in print media (except on commission)',
    property: false,
  },
  { sac: '998364', description: 'Sale of TV and radio advertising time', property: false },
  { sac: '998365', description: 'Sale of Internet advertising space', property: false },
  {
    sac: '998366',
    description: 'Sale of other advertising space or time (except on commission)',
    property: false,
  },
  { sac: '998397', description: 'Sponsorship services and brand promotion services', property: false },
  {
    sac: '997212',
    description: 'Rental or leasing services involving own or leased non-residential property (site rights)',
    property: true,
  },
  { sac: '996311', description: 'Room or unit accommodation services (hotel rooms)', property: true },
];

export interface SacRate {
  sac: string;
  ratePct: number;
  /** First day the rate applies (`YYYY-MM-DD`, Asia/Kolkata). */
  from: string;
  /** Last day it applies, or null while current. */
  to: string | null;
}

/** GST rates by SAC and date. GST began on 2017-07-01. */
export const SAC_RATES: readonly SacRate[] = [
  { sac: '998361', ratePct: 18, from: '2017-07-01', to: null },
  { sac: '998363', ratePct: 5, from: '2017-07-01', to: null },
  { sac: '998364', ratePct: 18, from: '2017-07-01', to: null },
  { sac: '998365', ratePct: 18, from: '2017-07-01', to: null },
  { sac: '998366', ratePct: 18, from: '2017-07-01', to: null },
  { sac: '998397', ratePct: 18, from: '2017-07-01', to: null },
  { sac: '997212', ratePct: 18, from: '2017-07-01', to: null },
  // Hotel rooms with a value of supply up to ₹7,500 a unit a day: 12% until 21 September 2025, 5% (without
  // input tax credit) from 22 September 2025, on the GST Council's 56th meeting (3 September 2025). Checked
  // against Notification No. 15/2025-Central Tax (Rate), 17 September 2025 (G.S.R. 663(E), Gazette
  // CG-DL-E-17092025-266220), which amends 11/2017-Central Tax (Rate), serial 7 item (i): central tax "2.5"
  // (so 5% with the state's half) with the condition that input tax credit has not been taken, from
  // 22 September 2025. Rooms above ₹7,500 stay at 18% and are not in this list.
  { sac: '996311', ratePct: 12, from: '2017-07-01', to: '2025-09-21' },
  { sac: '996311', ratePct: 5, from: '2025-09-22', to: null },
];

/** The SAC suggested for a listing's category: print 998363, every other advertising space 998366. */
export function suggestedSac(category: string | null): string {
  return category === 'print' ? '998363' : '998366';
}

export function sacEntry(sac: string): SacEntry | null {
  return SAC_LIST.find((entry) => entry.sac === sac) ?? null;
}

export function isKnownSac(sac: string): boolean {
  return sacEntry(sac) !== null;
}

/** The rate of a SAC on a day (`YYYY-MM-DD`); throws for a SAC outside the list (the API answers 400 first). */
export function gstRateOn(sac: string, day: string): number {
  const row = SAC_RATES.find((r) => r.sac === sac && r.from <= day && (r.to === null || day <= r.to));
  if (!row) throw new RangeError(`No GST rate for SAC ${sac} on ${day}`);
  return row.ratePct;
}
