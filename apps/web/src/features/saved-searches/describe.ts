import { MEDIA_CATEGORIES, type MediaCategoryId, type UserType } from '@barterads/core';

/** A saved search's filters: the marketplace's URL state without paging, sort or display. */
export interface SavedQuery {
  q?: string | undefined;
  category?: MediaCategoryId | undefined;
  ownerRole?: UserType | undefined;
  city?: string | undefined;
  verifiedOnly?: boolean | undefined;
  rateMin?: number | undefined;
  rateMax?: number | undefined;
  availableFrom?: string | undefined;
  availableTo?: string | undefined;
}

const ROLE_WORDS: Record<UserType, string> = { media_owner: 'Media owners', advertiser: 'Advertisers' };

/** The filters in words, for the list and the default name: `"hoarding" · Outdoor · Pune`. */
export function describeQuery(query: SavedQuery): string {
  const parts: string[] = [];
  if (query.q) parts.push(`"${query.q}"`);
  if (query.category)
    parts.push(MEDIA_CATEGORIES.find((c) => c.id === query.category)?.title ?? query.category);
  if (query.city) parts.push(query.city);
  if (query.ownerRole) parts.push(ROLE_WORDS[query.ownerRole]);
  if (query.verifiedOnly) parts.push('Verified businesses');
  if (query.rateMin !== undefined || query.rateMax !== undefined)
    parts.push(`₹${query.rateMin ?? 0}–${query.rateMax !== undefined ? `₹${query.rateMax}` : 'any'}`);
  if (query.availableFrom || query.availableTo)
    parts.push(`available ${query.availableFrom ?? '…'} to ${query.availableTo ?? '…'}`);
  return parts.length > 0 ? parts.join(' · ') : 'All listings';
}
