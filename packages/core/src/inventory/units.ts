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
