import {
  MEDIA_CATEGORY_IDS,
  type MediaCategoryId,
  SEARCH_SORTS,
  type SearchSort,
  USER_TYPES,
  type UserType,
} from '@barterads/core';

/**
 * The routes' URL state (`validateSearch`), read value by value: a value that is missing or not valid reads as
 * absent, so a bad or old link still opens its page, with that filter off. The server checks every value again
 * with its own zod schemas; these readers only decide what the page shows.
 *
 * Hand-written rather than zod schemas: a route's search reader is part of the main bundle that every page loads,
 * and zod's core (15 KB compressed, even through zod/mini) was the landing page's largest part that it never used.
 *
 * The router parses each value as JSON first (`?rateMin=5000` is a number, `?verifiedOnly=true` a boolean), so a
 * text field also takes a number a link carried bare (`?q=2024`).
 */
export type SearchValues = Record<string, unknown>;

/** Text, trimmed, of `min` to `max` characters. */
export function readText(value: unknown, max: number, min = 0): string | undefined {
  const text =
    typeof value === 'string' ? value.trim() : typeof value === 'number' ? String(value) : undefined;
  return text !== undefined && text.length >= min && text.length <= max ? text : undefined;
}

/** One of `values`. */
export function readChoice<const T extends string>(value: unknown, values: readonly T[]): T | undefined {
  return typeof value === 'string' && (values as readonly string[]).includes(value)
    ? (value as T)
    : undefined;
}

/** A whole number from `min` to `max`. */
export function readWholeNumber(value: unknown, min: number, max: number): number | undefined {
  return typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max
    ? value
    : undefined;
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
/** A calendar date written YYYY-MM-DD. */
export function readIsoDate(value: unknown): string | undefined {
  return typeof value === 'string' && ISO_DATE.test(value) ? value : undefined;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** A record's id (a UUID). */
export function readId(value: unknown): string | undefined {
  return typeof value === 'string' && UUID.test(value) ? value : undefined;
}

/** Only `true` turns a switch on. */
export function readSwitch(value: unknown): boolean | undefined {
  return typeof value === 'boolean' ? value : undefined;
}

/** The highest rate a filter takes, in whole rupees (₹100 crore). */
const MAX_RUPEES = 1_000_000_000;

/** The marketplace's URL state: search text, owner view (spec: `view`), category, verified businesses only,
 * city, rate range, availability dates and the order: every filter, so a link or a reload shows the same results. */
export interface MarketplaceSearch {
  q?: string | undefined;
  view?: UserType | undefined;
  category?: MediaCategoryId | undefined;
  /** "Verified businesses only": listings of GST-verified businesses. */
  verifiedOnly?: boolean | undefined;
  /** A city of the checked-in list by its name ("Pune"); the server refuses others. */
  city?: string | undefined;
  /** The cash rate card per unit, in whole rupees, from and up to. */
  rateMin?: number | undefined;
  rateMax?: number | undefined;
  /** Available at some time between these dates (YYYY-MM-DD). */
  availableFrom?: string | undefined;
  availableTo?: string | undefined;
  /** newest, relevance (best match for the words), rate_asc, rate_desc. */
  sort?: SearchSort | undefined;
  /** The results as cards (the default) or pins on a map. */
  display?: 'list' | 'map' | undefined;
}

export function readMarketplaceSearch(search: SearchValues): MarketplaceSearch {
  return {
    q: readText(search.q, 200),
    view: readChoice(search.view, USER_TYPES),
    category: readChoice(search.category, MEDIA_CATEGORY_IDS),
    verifiedOnly: readSwitch(search.verifiedOnly),
    city: readText(search.city, 80, 1),
    rateMin: readWholeNumber(search.rateMin, 0, MAX_RUPEES),
    rateMax: readWholeNumber(search.rateMax, 0, MAX_RUPEES),
    availableFrom: readIsoDate(search.availableFrom),
    availableTo: readIsoDate(search.availableTo),
    sort: readChoice(search.sort, SEARCH_SORTS),
    display: readChoice(search.display, ['list', 'map']),
  };
}

/** Where to go after signing in: only same-site paths are followed (the sign-in page checks). */
export interface RedirectSearch {
  redirect?: string | undefined;
}

export function readRedirectSearch(search: SearchValues): RedirectSearch {
  return { redirect: typeof search.redirect === 'string' ? search.redirect : undefined };
}
