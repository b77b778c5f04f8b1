import { MEDIA_CATEGORIES, type MediaCategoryId, type UserType } from '@barterads/core';
import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';

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

const ROLE_WORDS = { media_owner: msg`Media owners`, advertiser: msg`Advertisers` } as const;

/**
 * The filters in words, for the list and the default name: `"hoarding" · Outdoor · Pune`, in the page's language
 * (`core` translates the category names of packages/core).
 */
export function describeQuery(query: SavedQuery, i18n: I18n, core: (english: string) => string): string {
  const parts: string[] = [];
  if (query.q) parts.push(`"${query.q}"`);
  if (query.category) {
    const title = MEDIA_CATEGORIES.find((c) => c.id === query.category)?.title;
    parts.push(title ? core(title) : query.category);
  }
  if (query.city) parts.push(query.city);
  if (query.ownerRole) parts.push(i18n._(ROLE_WORDS[query.ownerRole]));
  if (query.verifiedOnly) parts.push(i18n._(msg`Verified businesses`));
  if (query.rateMin !== undefined || query.rateMax !== undefined) {
    const min = `₹${query.rateMin ?? 0}`;
    parts.push(query.rateMax !== undefined ? `${min}–₹${query.rateMax}` : i18n._(msg`${min}–any`));
  }
  if (query.availableFrom || query.availableTo) {
    const from = query.availableFrom ?? '…';
    const to = query.availableTo ?? '…';
    parts.push(i18n._(msg`available ${from} to ${to}`));
  }
  return parts.length > 0 ? parts.join(' · ') : i18n._(msg`All listings`);
}
