import { plural } from '../text';

/** What a rate is per (spec part two, section 1). */
export const LISTING_UNITS = [
  'day',
  'week',
  'month',
  'spot',
  'insertion',
  'post',
  'event',
  'thousand_impressions',
] as const;
export type ListingUnit = (typeof LISTING_UNITS)[number];

export const UNIT_LABELS: Record<ListingUnit, { one: string; per: string }> = {
  day: { one: 'day', per: 'per day' },
  week: { one: 'week', per: 'per week' },
  month: { one: 'month', per: 'per month' },
  spot: { one: 'spot', per: 'per spot' },
  insertion: { one: 'insertion', per: 'per insertion' },
  post: { one: 'post', per: 'per post' },
  event: { one: 'event', per: 'per event' },
  thousand_impressions: { one: '1,000 impressions', per: 'per 1,000 impressions' },
};

/**
 * What a deal item's quantity counts: a listing's units, or `item` for anything counted in pieces (gift vouchers,
 * sampling boxes), the default of an item described freely.
 */
export const DEAL_ITEM_UNITS = [...LISTING_UNITS, 'item'] as const;
export type DealItemUnit = (typeof DEAL_ITEM_UNITS)[number];

/** A deal item's unit in a picker ("item", "month"). */
export const DEAL_UNIT_LABELS: Record<DealItemUnit, string> = {
  ...Object.fromEntries(LISTING_UNITS.map((unit) => [unit, UNIT_LABELS[unit].one])),
  item: 'item',
} as Record<DealItemUnit, string>;

/** A deal item's quantity in words, by plural category (see `plural` in text.ts): "3 months", "200 items". */
export const DEAL_QUANTITY_FORMS: Record<DealItemUnit, { one: string; other: string }> = {
  day: { one: '# day', other: '# days' },
  week: { one: '# week', other: '# weeks' },
  month: { one: '# month', other: '# months' },
  spot: { one: '# spot', other: '# spots' },
  insertion: { one: '# insertion', other: '# insertions' },
  post: { one: '# post', other: '# posts' },
  event: { one: '# event', other: '# events' },
  thousand_impressions: { one: '# × 1,000 impressions', other: '# × 1,000 impressions' },
  item: { one: '# item', other: '# items' },
};

/** "3 months", "200 items"; an unknown unit as it is stored ("2 × crate"). */
export function dealQuantityText(quantity: number, unit: string): string {
  const forms = (DEAL_QUANTITY_FORMS as Record<string, { one: string; other: string } | undefined>)[unit];
  return forms ? plural(quantity, forms) : `${quantity} × ${unit}`;
}
