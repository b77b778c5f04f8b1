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

/** The words of a description, in the page's language (English by default). */
export interface QueryWords {
  roles: Record<UserType, string>;
  verified: string;
  any: string;
  available: (from: string, to: string) => string;
  all: string;
  /** A category's title in the page's language. */
  category: (title: string) => string;
}

const ENGLISH_WORDS: QueryWords = {
  roles: { media_owner: 'Media owners', advertiser: 'Advertisers' },
  verified: 'Verified businesses',
  any: 'any',
  available: (from, to) => `available ${from} to ${to}`,
  all: 'All listings',
  category: (title) => title,
};

/** The filters in words, for the list and the default name: `"hoarding" · Outdoor · Pune`. */
export function describeQuery(query: SavedQuery, words: QueryWords = ENGLISH_WORDS): string {
  const parts: string[] = [];
  if (query.q) parts.push(`"${query.q}"`);
  if (query.category) {
    const title = MEDIA_CATEGORIES.find((c) => c.id === query.category)?.title;
    parts.push(title ? words.category(title) : query.category);
  }
  if (query.city) parts.push(query.city);
  if (query.ownerRole) parts.push(words.roles[query.ownerRole]);
  if (query.verifiedOnly) parts.push(words.verified);
  if (query.rateMin !== undefined || query.rateMax !== undefined)
    parts.push(`₹${query.rateMin ?? 0}–${query.rateMax !== undefined ? `₹${query.rateMax}` : words.any}`);
  if (query.availableFrom || query.availableTo)
    parts.push(words.available(query.availableFrom ?? '…', query.availableTo ?? '…'));
  return parts.length > 0 ? parts.join(' · ') : words.all;
}
