/** Deals (product-spec-2 section 2): the rules' numbers and the texts the server and the apps share. */

/** How long an offer stays open, in days; 7 by default. */
export const DEAL_OPEN_DAYS = [3, 7, 14, 30] as const;
export type DealOpenDays = (typeof DEAL_OPEN_DAYS)[number];
export const DEFAULT_DEAL_OPEN_DAYS: DealOpenDays = 7;

export const DEAL_LIMITS = {
  /** Versions a deal may have; the last can only be accepted or declined. */
  maxVersions: 10,
  /** Items on one version (both sides together). */
  maxItems: 20,
  valueMinInr: 1,
  /** 10,00,00,000 rupees. */
  valueMaxInr: 100_000_000,
  quantityMax: 1_000_000,
  titleMax: 200,
  messageMax: 2000,
  reasonMax: 500,
} as const;

export const DEAL_MESSAGES = {
  notFound: 'Deal not found.',
  listingNotFound: 'Listing not found.',
  selfDeal: 'You cannot make a deal with yourself.',
  listingArchived: 'This listing is archived, so it cannot take offers.',
  ownerUnavailable: "This listing's owner cannot take offers right now.",
  partyUnavailable: 'The other party cannot take part in deals right now.',
  emailNotVerified: 'Please verify your e-mail address before making deals.',
  notYourTurn: 'It is not your turn: the other party is answering this offer.',
  staleVersion: 'The terms changed. Review the latest version.',
  notOpen: 'This deal is no longer open.',
  expired: 'This offer expired.',
  tooManyVersions: 'This deal has 10 versions: the last one can only be accepted or declined.',
  withdrawNotYours: 'Only the party who made the latest offer can withdraw it.',
  bothSides: 'Each side needs at least one item.',
  giverNotParty: 'Every item must be given by one of the two parties.',
  itemListingNotGivers: "An item's listing must be an active listing of the party who gives it.",
  endBeforeStart: 'The end date cannot be before the start date.',
  letterBeforeAcceptance: 'The deal letter exists once the deal is accepted.',
  cancelReasonRequired: 'Give the reason for cancelling the deal.',
  cannotCancel: 'Only an open, accepted or disputed deal can be cancelled.',
  commissionBeforeAcceptance: 'Commission is owed once the deal is accepted.',
  commissionNothingToPay: 'Your commission on this deal is paid (or nothing is owed).',
  counterUnchanged:
    'Nothing changed from the current version. Accept it, or change an item before sending a counter.',
} as const;

/** What makes two versions' items the same terms (order aside; a message or the open period is not a term). */
export interface DealTermsItem {
  giverId: string;
  listingId?: string | null | undefined;
  title: string;
  quantity: number;
  unit: string;
  startDate?: string | null | undefined;
  endDate?: string | null | undefined;
  valueInr: number;
}

const termsKey = (item: DealTermsItem) =>
  JSON.stringify([
    item.giverId,
    item.listingId ?? null,
    item.title.trim(),
    item.quantity,
    item.unit,
    item.startDate || null,
    item.endDate || null,
    item.valueInr,
  ]);

/** Whether a counter's items are the current version's terms again: such a counter changes nothing. */
export function sameTerms(a: readonly DealTermsItem[], b: readonly DealTermsItem[]): boolean {
  if (a.length !== b.length) return false;
  const left = a.map(termsKey).sort();
  const right = b.map(termsKey).sort();
  return left.every((key, i) => key === right[i]);
}

/** The message naming plan, limit and reset date when a party has used its month's deals. */
export function dealLimitMessage(planName: string, limit: number, resetsOn: string): string {
  return `Your ${planName} plan allows ${limit} accepted deal${limit === 1 ? '' : 's'} a month, and this month's are used. It resets on ${resetsOn}. See /pricing to upgrade.`;
}

/** The refusal of a party whose commission is unpaid 7 days after a deal's acceptance. */
export function commissionOverdueMessage(dealNumber: string): string {
  return `Your commission on deal ${dealNumber} is unpaid 7 days after acceptance. Pay it from the deal's page to start new deals.`;
}

/** India Standard Time is UTC+05:30 all year (no daylight saving). */
const IST_OFFSET_MS = (5 * 60 + 30) * 60 * 1000;

/** The Asia/Kolkata calendar month holding `at`: its first instant and the first instant of the next month. */
export function kolkataMonth(at: Date): { start: Date; next: Date } {
  const local = new Date(at.getTime() + IST_OFFSET_MS);
  const y = local.getUTCFullYear();
  const m = local.getUTCMonth();
  return {
    start: new Date(Date.UTC(y, m, 1) - IST_OFFSET_MS),
    next: new Date(Date.UTC(y, m + 1, 1) - IST_OFFSET_MS),
  };
}

/** The Asia/Kolkata calendar year of `at` (a deal number's year). */
export function kolkataYear(at: Date): number {
  return new Date(at.getTime() + IST_OFFSET_MS).getUTCFullYear();
}

/** `YYYY-MM-DD` of `at` in Asia/Kolkata. */
export function kolkataDate(at: Date): string {
  return new Date(at.getTime() + IST_OFFSET_MS).toISOString().slice(0, 10);
}

/** A deal's number from its sequence value: `BA-2026-000123`. */
export function dealNumber(year: number, sequence: number): string {
  return `BA-${year}-${String(sequence).padStart(6, '0')}`;
}

/** The commission on `valueInr` at `bp` basis points, rounded to the rupee. */
export function commissionInr(valueInr: number, bp: number): number {
  return Math.round((valueInr * bp) / 10_000);
}
