import { LIMITS, type ListingStatus, type SearchSort, type UserType } from '@barterads/core';
import {
  type Database,
  type Executor,
  type ListingPhoto,
  listings,
  searchGeneration,
  users,
} from '@barterads/db';
import { TRPCError } from '@trpc/server';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import { withJson } from '../json-answers';
import { coverUrl, toPhotoOutput } from './photos';
import type { BarterFields, ListingOutput, SearchListingsInput } from './schemas';
import { type LiveSearchIndex, type RowCache, type SearchIndex, searchIndexOf } from './search-index';
import { readSearchVersions } from './search-versions';
import { correctTerms, suggestionFor, type TermCorrections } from './spelling';

/** The columns every listing answer needs: the listing and its owner's display name. */
export const listingColumns = {
  id: listings.id,
  title: listings.title,
  description: listings.description,
  location: listings.location,
  category: listings.category,
  image: listings.image,
  photos: listings.photos,
  localLanguage: listings.localLanguage,
  localTitle: listings.localTitle,
  localDescription: listings.localDescription,
  unit: listings.unit,
  rateInr: listings.rateInr,
  minUnits: listings.minUnits,
  availableFrom: listings.availableFrom,
  availableTo: listings.availableTo,
  city: listings.city,
  state: listings.state,
  lat: listings.lat,
  lng: listings.lng,
  monthlyReach: listings.monthlyReach,
  attributes: listings.attributes,
  verified: listings.verified,
  seeking: listings.seeking,
  contactPhone: listings.contactPhone,
  ownerType: listings.ownerType,
  status: listings.status,
  createdAt: listings.createdAt,
  featuredUntil: listings.featuredUntil,
  ownerId: listings.ownerId,
  ownerFirstName: users.firstName,
  ownerLastName: users.lastName,
  /** The company name, only when the owner shows their business page. */
  ownerCompany: sql<string | null>`case when ${users.prefShowProfile} then ${users.companyName} end`,
  ownerVerified: sql<boolean>`(${users.gstVerification} = 'verified')`,
  /** The owner's rating: the mean of their public reviews (null without any), and how many there are. */
  ownerRating: sql<
    string | null
  >`(select avg(r.rating)::text from reviews r where r.subject_id = ${users.id} and r.published_at is not null and r.hidden_at is null)`,
  ownerReviewCount: sql<number>`(select count(*)::int from reviews r where r.subject_id = ${users.id} and r.published_at is not null and r.hidden_at is null)`,
};

export interface ListingSelection {
  id: string;
  title: string;
  description: string;
  location: string;
  category: string | null;
  image: string | null;
  photos: ListingPhoto[];
  localLanguage: string | null;
  localTitle: string | null;
  localDescription: string | null;
  unit: string | null;
  rateInr: number | null;
  minUnits: number;
  availableFrom: string | null;
  availableTo: string | null;
  city: string | null;
  state: string | null;
  lat: number | null;
  lng: number | null;
  monthlyReach: number | null;
  attributes: Record<string, string | number | boolean>;
  verified: boolean;
  seeking: string | null;
  contactPhone: string | null;
  ownerType: UserType;
  status: ListingStatus;
  createdAt: Date;
  /** Featured by its owner until then (shown first with a badge while in the future). */
  featuredUntil: Date | null;
  ownerId: string;
  ownerFirstName: string;
  ownerLastName: string;
  ownerCompany: string | null;
  /** The owner's business is GST verified (an admin checked its GSTIN against its certificate). */
  ownerVerified: boolean;
  ownerRating: string | null;
  ownerReviewCount: number;
}

/**
 * The contract's barter object of a listing row (the columns of `ListingSelection` it needs), its fields in the
 * schema's order (BarterFields): listings.search answers it unparsed, and its JSON must be what parsing gave.
 */
export function toBarterFields(
  row: Omit<
    ListingSelection,
    | 'ownerId'
    | 'ownerFirstName'
    | 'ownerLastName'
    | 'ownerCompany'
    | 'ownerVerified'
    | 'ownerRating'
    | 'ownerReviewCount'
  > &
    Partial<Pick<ListingSelection, 'ownerRating' | 'ownerReviewCount'>>,
): BarterFields {
  return {
    _id: row.id,
    title: row.title,
    description: row.description,
    location: row.location,
    category: row.category as BarterFields['category'],
    image: row.photos.length > 0 ? coverUrl(row.photos) : row.image,
    photos: row.photos.map(toPhotoOutput),
    localLanguage: row.localLanguage as BarterFields['localLanguage'],
    localTitle: row.localTitle,
    localDescription: row.localDescription,
    // The owner's public reviews (never the old stored 4.5): null and 0 when there are none ("New").
    rating:
      row.ownerRating !== undefined && row.ownerRating !== null
        ? Math.round(Number(row.ownerRating) * 10) / 10
        : null,
    reviewCount: row.ownerReviewCount ?? 0,
    verified: row.verified,
    unit: row.unit as BarterFields['unit'],
    rateInr: row.rateInr,
    minUnits: row.minUnits,
    availableFrom: row.availableFrom,
    availableTo: row.availableTo,
    city: row.city,
    state: row.state,
    lat: row.lat,
    lng: row.lng,
    monthlyReach: row.monthlyReach,
    attributes: row.attributes,
    seeking: row.seeking,
    contactPhone: row.contactPhone,
    ownerRole: row.ownerType,
    ownerType: row.ownerType,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * The barter object with its owner's id and name, in ListingOutput's order. The owner's fields are added to the
 * barter object itself: a spread copy of it cost a search of 25 listings about 30 KB more garbage per request
 * (sampled heap profile), a tenth of what the request allocates.
 */
export function toListingOutput(row: ListingSelection): ListingOutput {
  return Object.assign(toBarterFields(row), {
    ownerId: row.ownerId,
    featured: row.featuredUntil !== null && row.featuredUntil.getTime() > Date.now(),
    featuredUntil: row.featuredUntil?.toISOString() ?? null,
    ownerName: `${row.ownerFirstName} ${row.ownerLastName}`.trim(),
    ownerCompany: row.ownerCompany,
    ownerVerified: row.ownerVerified,
  });
}

/** A listing its owner featured, still within its 7 days. */
export const isFeatured = sql`(${listings.featuredUntil} is not null and ${listings.featuredUntil} > now())`;
/** How many featured listings the marketplace shows before the newest. */
export const FEATURED_FIRST_MAX = 6;

/**
 * Newest first, spelled like the indexes (`DESC NULLS LAST`): a plain `DESC` means NULLS FIRST, which the
 * indexes cannot serve, and PostgreSQL would sort the whole table instead.
 */
export const newestFirst = [
  sql`${listings.createdAt} desc nulls last`,
  sql`${listings.id} desc nulls last`,
] as const;

const MAX_TERMS = 6;

/** Splits the search text into lowercased words (at most six, duplicates dropped). */
export function searchTerms(q: string | undefined): string[] {
  if (!q) return [];
  const words = q
    .toLowerCase()
    .split(/\s+/)
    .map((w) => w.trim())
    .filter(Boolean);
  return [...new Set(words)].slice(0, MAX_TERMS);
}

function escapeLike(term: string): string {
  return term.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * How a search's values enter its SQL: as themselves (a statement for one search), or as named placeholders (a
 * statement prepared once per search shape and executed with the values, see preparedSearch()).
 */
type Bind = (name: string, value: unknown) => unknown;
const inline: Bind = (_name, value) => value;
export const placeholder: Bind = (name) => sql.placeholder(name);

/** A search word and the listing words it may be a misspelling of (spelling.ts), also looked for. */
export interface TermPlan {
  term: string;
  corrections: string[];
  /**
   * Also match listings with a word close to it by trigram word similarity (`<%`). Costly: PostgreSQL
   * re-evaluates word_similarity() on every candidate row of the index (about 0.1 ms each), so a misspelt word
   * with corrections goes without it (its corrections find what it would, and more: 'radoi' finds radio). A
   * known word kept it until issue 34; the marketplace search (planTerms) no longer sets it (see there), only the
   * words of a saved search's alerts (plainTerms) still have it.
   */
  fuzzy: boolean;
}

/** The search words without the vocabulary: no corrections, every word of 3 characters or more fuzzy. */
export function plainTerms(input: Pick<SearchListingsInput, 'q'>): TermPlan[] {
  return searchTerms(input.q).map((term) => ({ term, corrections: [], fuzzy: term.length >= 3 }));
}

/**
 * One word matches a listing when it or one of its corrections is a substring of its search text
 * (case-insensitive: 'mumbay' corrected to mumbai, 'radoi' to radio), or, for a fuzzy word, when it is close to
 * one of its words by trigram word similarity. All are served by the GIN trigram index.
 */
function termCondition({ term, corrections, fuzzy }: TermPlan, index: number, bind: Bind): SQL {
  const pattern = bind(`pattern${index}`, `%${escapeLike(term)}%`);
  const alternatives: SQL[] = [sql`${listings.searchText} like ${pattern}`];
  if (fuzzy && term.length >= 3)
    alternatives.push(sql`${bind(`term${index}`, term)} <% ${listings.searchText}`);
  corrections.forEach((correction, j) => {
    alternatives.push(
      sql`${listings.searchText} like ${bind(`fix${index}_${j}`, `%${escapeLike(correction)}%`)}`,
    );
  });
  return alternatives.length === 1 ? (alternatives[0] as SQL) : sql`(${sql.join(alternatives, sql` or `)})`;
}

/**
 * The full-text query that ranks a search by relevance: every word and correction as a prefix ('radio':*), any of
 * them ('|'), so a listing with more of the words, and in weightier fields, ranks higher. Null without words.
 */
export function relevanceQuery(terms: readonly TermPlan[]): string | null {
  const tokens = relevanceTokens(terms);
  return tokens.length > 0 ? tokens.map((token) => `'${token}':*`).join(' | ') : null;
}

/** The tokens of relevanceQuery(): every word and correction split at what is not a letter, mark or digit. */
export function relevanceTokens(terms: readonly TermPlan[]): string[] {
  const tokens = new Set<string>();
  for (const { term, corrections } of terms)
    for (const word of [term, ...corrections])
      for (const token of word.match(/[\p{L}\p{M}\p{N}]+/gu) ?? []) tokens.add(token);
  return [...tokens];
}

interface Cursor {
  /** created_at as PostgreSQL prints it, to keep its microseconds. */
  at: string;
  id: string;
}

export function encodeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify([cursor.at, cursor.id]), 'utf8').toString('base64url');
}

const TIMESTAMP =
  /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2}):(\d{2})(\.\d{1,6})?(?:([+-])(\d{2})(?::?(\d{2}))?|Z)?$/;

/** A timestamp PostgreSQL accepts: the shape, and every part in its range (a crafted "9999-99-99" was a 500). */
function isRealTimestamp(value: string): boolean {
  const m = TIMESTAMP.exec(value);
  if (!m) return false;
  const [year, month, day, hour, minute, second] = m.slice(1, 7).map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const offsetOk = m[9] === undefined || (Number(m[9]) <= 15 && Number(m[10] ?? 0) <= 59);
  return (
    year >= 1 &&
    month >= 1 &&
    month <= 12 &&
    day >= 1 &&
    day <= daysInMonth &&
    hour <= 23 &&
    minute <= 59 &&
    second <= 59 &&
    offsetOk
  );
}
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function decodeCursor(value: string): Cursor {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(value, 'base64url').toString('utf8'));
    if (
      Array.isArray(parsed) &&
      typeof parsed[0] === 'string' &&
      typeof parsed[1] === 'string' &&
      isRealTimestamp(parsed[0]) &&
      UUID.test(parsed[1])
    ) {
      return { at: parsed[0], id: parsed[1] };
    }
  } catch {
    // falls through to the error below
  }
  throw new TRPCError({ code: 'BAD_REQUEST', message: 'Invalid cursor.' });
}

/**
 * The owner's account is active: a suspended user's listings leave the marketplace while the suspension lasts and
 * come back on activation (issue 17). It reads the listing's own copy of the owner's status (`owner_suspended`,
 * kept by applyUserStatus): a subquery on users (`not in`, `not exists`) made the planner drop the index plans of
 * the page and the bounded count for a sequential scan at 100,000 listings.
 */
export const ownerIsActive = eq(listings.ownerSuspended, false);
/** The listing's owner is a GST-verified business (a constant condition: no value to bind). */
const ownerIsVerified = sql`${listings.ownerId} in (select ${users.id} from ${users} where ${users.gstVerification} = 'verified')`;

/** The fields of a search that are not filters: its words, its order and its page. */
type NotAFilter = 'q' | 'sort' | 'cursor' | 'limit';
/** Every filter of the search input (its schema's fields, less the words, order and page). */
export type SearchFilterName = Exclude<keyof SearchListingsInput, NotAFilter>;
type FilterInput = Pick<SearchListingsInput, 'q' | SearchFilterName>;

/** One filter of a search: its value when given, and its condition on listings. */
export interface SearchFilter {
  /** The filter's value in a search, or undefined when the search does not use it. */
  value(input: Pick<SearchListingsInput, SearchFilterName>): string | number | true | undefined;
  /**
   * The condition, given the value as bound (itself, or a placeholder named after the filter). A constant
   * condition (no value in its SQL) sets `constant` and is given undefined.
   */
  where(bound: unknown): SQL;
  constant?: true;
}

/** The filter table's type: one entry for every filter field of the schema (a field added there fails the build). */
export type SearchFilterTable = { readonly [K in SearchFilterName]: SearchFilter };

/**
 * The filters of a search, in the order their conditions are written: the one table that the WHERE
 * (searchConditions), the statements' bound values (searchValues), the prepared statements' cache key
 * (searchShape) and the answers' cache keys (filterValues) are all derived from.
 */
export const SEARCH_FILTERS: SearchFilterTable = {
  ownerRole: { value: (input) => input.ownerRole, where: (v) => sql`${listings.ownerType} = ${v}` },
  category: { value: (input) => input.category, where: (v) => sql`${listings.category} = ${v}` },
  city: { value: (input) => input.city, where: (v) => sql`${listings.city} = ${v}` },
  rateMin: { value: (input) => input.rateMin, where: (v) => sql`${listings.rateInr} >= ${v}::int` },
  rateMax: { value: (input) => input.rateMax, where: (v) => sql`${listings.rateInr} <= ${v}::int` },
  // Available at some time in the asked window: the listing's availability (open-ended where not given)
  // overlaps it.
  availableTo: {
    value: (input) => input.availableTo,
    where: (v) => sql`(${listings.availableFrom} is null or ${listings.availableFrom} <= ${v}::date)`,
  },
  availableFrom: {
    value: (input) => input.availableFrom,
    where: (v) => sql`(${listings.availableTo} is null or ${listings.availableTo} >= ${v}::date)`,
  },
  verifiedOnly: {
    value: (input) => (input.verifiedOnly ? true : undefined),
    where: () => ownerIsVerified,
    constant: true,
  },
};

const FILTER_NAMES = Object.keys(SEARCH_FILTERS) as SearchFilterName[];

/** The filters a search uses, in the table's order, with their values. */
function givenFilters(
  input: Pick<SearchListingsInput, SearchFilterName>,
): Array<{ name: SearchFilterName; filter: SearchFilter; value: string | number | true }> {
  const given = [];
  for (const name of FILTER_NAMES) {
    const filter = SEARCH_FILTERS[name];
    const value = filter.value(input);
    if (value !== undefined && value !== '') given.push({ name, filter, value });
  }
  return given;
}

/** Every filter's value in the table's order (null when not given): what an answer's cache key holds of them. */
export function filterValues(
  input: Pick<SearchListingsInput, SearchFilterName>,
): Array<string | number | true | null> {
  return FILTER_NAMES.map((name) => {
    const value = SEARCH_FILTERS[name].value(input);
    return value === undefined || value === '' ? null : value;
  });
}

/** The WHERE of a search, without the cursor: active listings, the filters and every search word. */
export function searchConditions(
  input: FilterInput,
  bind: Bind = inline,
  terms: readonly TermPlan[] = plainTerms(input),
): SQL {
  const conditions: SQL[] = [eq(listings.status, 'active'), ownerIsActive];
  for (const { name, filter, value } of givenFilters(input))
    conditions.push(filter.where(filter.constant ? undefined : bind(name, value)));
  terms.forEach((term, index) => {
    conditions.push(termCondition(term, index, bind));
  });
  return and(...conditions) as SQL;
}

export interface SearchResult {
  barters: ListingOutput[];
  nextCursor: string | null;
  /** Exact up to LIMITS.searchTotalCap matches; past it the cap itself. */
  total: number;
  /** More than LIMITS.searchTotalCap listings match: `total` is a lower bound. */
  totalCapped: boolean;
  /** "Did you mean": the words with misspelt ones corrected, or null. */
  suggestion: string | null;
}

/** A later page of a sort other than newest: how many listings come before it, and the sort it belongs to. */
interface OffsetCursor {
  offset: number;
  sort: SearchSort;
}

export function encodeOffsetCursor(cursor: OffsetCursor): string {
  return Buffer.from(JSON.stringify(['o', cursor.offset, cursor.sort]), 'utf8').toString('base64url');
}

function decodeOffsetCursor(value: string, sort: SearchSort): OffsetCursor {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(value, 'base64url').toString('utf8'));
    if (
      Array.isArray(parsed) &&
      parsed[0] === 'o' &&
      Number.isInteger(parsed[1]) &&
      parsed[1] > 0 &&
      parsed[1] <= 1_000_000 &&
      parsed[2] === sort
    ) {
      return { offset: parsed[1] as number, sort };
    }
  } catch {
    // falls through to the error below
  }
  throw new TRPCError({ code: 'BAD_REQUEST', message: 'Invalid cursor.' });
}

/**
 * The order a search is answered in: relevance needs words to rank by (without any it is newest first).
 * Newest first pages by keyset (created_at, id); the other orders page by offset (their keys are not unique,
 * and a rank is not stored).
 */
export function effectiveSort(input: Pick<SearchListingsInput, 'sort'>, tsquery: string | null): SearchSort {
  return input.sort === 'relevance' && !tsquery ? 'newest' : input.sort;
}

function orderFor(sort: SearchSort, bind: Bind, tsquery: string | null): SQL[] {
  switch (sort) {
    case 'rate_asc':
      return [sql`${listings.rateInr} asc nulls last`, ...newestFirst];
    case 'rate_desc':
      return [sql`${listings.rateInr} desc nulls last`, ...newestFirst];
    case 'relevance':
      return [
        sql`ts_rank(${listings.searchVector}, to_tsquery('simple', ${bind('tsquery', tsquery)})) desc`,
        ...newestFirst,
      ];
    default:
      return [...newestFirst];
  }
}

/**
 * True when a search by relevance ranks only its newest LIMITS.searchTotalCap + 1 matches (the ones its bounded
 * total counts) instead of every match. Ranking every match made such a search grow with its matches: "hording"
 * (corrected to hoarding) matches 11,000 of 100,000 listings, and its page and total were ~56 ms of PostgreSQL
 * time against ~18 ms for the newest 1,001 ranked (docs/benchmarks-log.md). Its pages end with those 1,001, as its total
 * says ("1,000+"); sorting by newest pages through every match. A word matched by trigram similarity (`<%`, a
 * known word) keeps ranking every match: PostgreSQL would walk the newest-first index evaluating the similarity on
 * each listing until 1,001 match, slower than the trigram index's bitmap it uses for every match.
 */
export function rankedAmongNewest(terms: readonly TermPlan[], sort: SearchSort): boolean {
  return sort === 'relevance' && !terms.some(({ term, fuzzy }) => fuzzy && term.length >= 3);
}

/** How many listings match `where`, counting at most LIMITS.searchTotalCap + 1 of them. */
function boundedCount(db: Executor, where: SQL) {
  return db.select({ total: sql<number>`count(*)::int` }).from(
    db
      .select({ one: sql`1`.as('one') })
      .from(listings)
      .where(where)
      .limit(LIMITS.searchTotalCap + 1)
      .as('matches'),
  );
}

/**
 * The two statements of a search: one page (one row more than asked, to know if there is a next) and the total.
 * The total counts at most LIMITS.searchTotalCap + 1 matches (a `limit` subquery): an exact count of every match
 * grows with the table (10 times the matches, 10 times the time), a bounded one does not.
 */
export function searchQueries(
  db: Executor,
  input: SearchListingsInput,
  bind: Bind = inline,
  terms: readonly TermPlan[] = plainTerms(input),
) {
  const where = searchConditions(input, bind, terms);
  const tsquery = relevanceQuery(terms);
  const sort = effectiveSort(input, tsquery);
  const cursor = input.cursor && sort === 'newest' ? decodeCursor(input.cursor) : undefined;
  const offset = input.cursor && sort !== 'newest' ? decodeOffsetCursor(input.cursor, sort) : undefined;
  // Newest first: the featured listings come in their own block before the first page (searchListings), so the
  // pages of the newest order leave them out and none is shown twice.
  const listed = sort === 'newest' ? (and(where, sql`not ${isFeatured}`) as SQL) : where;
  const pageWhere = cursor
    ? and(
        listed,
        sql`(${listings.createdAt}, ${listings.id}) < (${bind('cursorAt', cursor.at)}::timestamptz, ${bind('cursorId', cursor.id)}::uuid)`,
      )
    : listed;
  const limit = bind('limit', input.limit + 1) as number;
  const ranked = rankedAmongNewest(terms, sort);
  const page = ranked
    ? (() => {
        // The newest LIMITS.searchTotalCap + 1 matches (what the bounded total counts), ranked: the rank is
        // computed for them only, and their count comes with the page (`matched`), so no second statement.
        // The page's rows are ranked and cut (limit, offset) before the listings and their owners are joined:
        // joining all 1,001 candidates first made PostgreSQL hash-join a scan of every listing (78 ms for
        // "hoarding" at 10,000 listings, against ~5 ms; issue 34).
        const candidates = db
          .select({
            candidateId: sql<string>`${listings.id}`.as('candidate_id'),
            candidateAt: sql<Date>`${listings.createdAt}`.as('candidate_at'),
            rank: sql<number>`ts_rank(${listings.searchVector}, to_tsquery('simple', ${bind('tsquery', tsquery)}))`.as(
              'rank',
            ),
          })
          .from(listings)
          .where(where)
          .orderBy(...newestFirst)
          .limit(LIMITS.searchTotalCap + 1)
          .as('candidates');
        const top = db
          .select({
            topId: sql<string>`${candidates.candidateId}`.as('top_id'),
            topRank: sql<number>`${candidates.rank}`.as('top_rank'),
            matched: sql<number>`(count(*) over ())::int`.as('matched'),
          })
          .from(candidates)
          .orderBy(
            sql`${candidates.rank} desc`,
            sql`${candidates.candidateAt} desc nulls last`,
            sql`${candidates.candidateId} desc nulls last`,
          )
          .limit(limit);
        const cut = (offset ? top.offset(bind('offset', offset.offset) as number) : top).as('top');
        return db
          .select({
            ...listingColumns,
            cursorAt: sql<string>`${listings.createdAt}::text`,
            matched: sql<number | null>`${cut.matched}`,
          })
          .from(cut)
          .innerJoin(listings, eq(listings.id, cut.topId))
          .innerJoin(users, eq(users.id, listings.ownerId))
          .orderBy(sql`${cut.topRank} desc`, ...newestFirst);
      })()
    : db
        .select({
          ...listingColumns,
          cursorAt: sql<string>`${listings.createdAt}::text`,
          matched: sql<number | null>`null::int`,
        })
        .from(listings)
        .innerJoin(users, eq(users.id, listings.ownerId))
        .where(pageWhere)
        .orderBy(...orderFor(sort, bind, tsquery))
        .limit(limit);
  return {
    page: offset && !ranked ? page.offset(bind('offset', offset.offset) as number) : page,
    count: boundedCount(db, where),
    /**
     * The bounded count without the trigram-similarity alternatives (`<%`), or null when no word has them. A
     * common word has more than LIMITS.searchTotalCap substring matches on its own, and then the answer is the
     * cap either way: this count finds them without evaluating the similarity on every listing that lacks the
     * word (~25 µs each: 200 ms for "hoarding" at 1,000,000 listings, against ~15 ms without).
     */
    substringCount: terms.some(({ term, fuzzy }) => fuzzy && term.length >= 3)
      ? boundedCount(
          db,
          searchConditions(
            input,
            bind,
            terms.map((term) => ({ ...term, fuzzy: false })),
          ),
        )
      : null,
  };
}

/** The answer's `total` and `totalCapped` from a bounded count (at most LIMITS.searchTotalCap + 1). */
export function boundedTotal(counted: number): { total: number; totalCapped: boolean } {
  return counted > LIMITS.searchTotalCap
    ? { total: LIMITS.searchTotalCap, totalCapped: true }
    : { total: counted, totalCapped: false };
}

/**
 * True when a search needs the `enable_seqscan = off` hint: a word shorter than 3 characters has no trigram, so
 * the trigram index cannot serve it, and for its bounded total PostgreSQL then prefers `Limit → Seq Scan` (scan
 * until 1,001 matches) to walking the status index. Every other search shape gets index plans unaided
 * (docs/benchmarks-log.md, "Search plans"), so it runs without the transaction and its BEGIN/SET/COMMIT round trips.
 */
export function searchNeedsIndexHint(input: Pick<SearchListingsInput, 'q'>): boolean {
  return searchTerms(input.q).some((term) => term.length < 3);
}

/** Runs `work` in a transaction where PostgreSQL plans with the indexes (the setting is local to it). */
export async function withIndexPlans<T>(db: Database, work: (tx: Executor) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_seqscan = off`);
    return work(tx);
  });
}

/** The values of a search for its prepared statements, by placeholder name (what searchQueries() binds). */
export function searchValues(
  input: SearchListingsInput,
  terms: readonly TermPlan[],
): Record<string, unknown> {
  const values: Record<string, unknown> = { limit: input.limit + 1 };
  for (const { name, filter, value } of givenFilters(input)) if (!filter.constant) values[name] = value;
  terms.forEach(({ term, corrections, fuzzy }, index) => {
    values[`pattern${index}`] = `%${escapeLike(term)}%`;
    if (fuzzy && term.length >= 3) values[`term${index}`] = term;
    corrections.forEach((correction, j) => {
      values[`fix${index}_${j}`] = `%${escapeLike(correction)}%`;
    });
  });
  const tsquery = relevanceQuery(terms);
  const sort = effectiveSort(input, tsquery);
  if (sort === 'relevance') values.tsquery = tsquery;
  if (input.cursor) {
    if (sort === 'newest') {
      const cursor = decodeCursor(input.cursor);
      values.cursorAt = cursor.at;
      values.cursorId = cursor.id;
    } else {
      values.offset = decodeOffsetCursor(input.cursor, sort).offset;
    }
  }
  return values;
}

/**
 * A search's shape, the key of its prepared statements: what their SQL text depends on (the filters given, by
 * SEARCH_FILTERS, a cursor, the order and each word's kind).
 */
export function searchShape(input: SearchListingsInput, terms: readonly TermPlan[]): string {
  const words = terms.map(
    ({ term, corrections, fuzzy }) =>
      `${fuzzy && term.length >= 3 ? 'f' : term.length >= 3 ? 'w' : 's'}${corrections.length}`,
  );
  const filters = givenFilters(input)
    .map(({ name }) => name)
    .join(',');
  const page = input.cursor ? 'k' : '';
  return `${filters}:${page}:${effectiveSort(input, relevanceQuery(terms))}:${words.join('')}`;
}

function prepareSearch(db: Database, input: SearchListingsInput, terms: readonly TermPlan[]) {
  const queries = searchQueries(db, input, placeholder, terms);
  return {
    page: queries.page.prepare('listings_search_page'),
    count: queries.count.prepare('listings_search_total'),
    substringCount: queries.substringCount?.prepare('listings_search_substring_total') ?? null,
  };
}

interface CountStatement {
  execute(values?: Record<string, unknown>): Promise<Array<{ total: number }>>;
}

/**
 * A search's bounded count: its substring matches first when it has a similarity alternative (past the cap they
 * decide the answer: the cap), else every match. Either way the same number as the bounded count of every match.
 */
async function countMatches(
  statements: { count: CountStatement; substringCount: CountStatement | null },
  values?: Record<string, unknown>,
): Promise<number> {
  if (statements.substringCount) {
    const [substring] = await statements.substringCount.execute(values);
    if ((substring?.total ?? 0) > LIMITS.searchTotalCap) return substring?.total ?? 0;
  }
  const [count] = await statements.count.execute(values);
  return count?.total ?? 0;
}

/** Filters, orders and words (with their corrections) combine into many shapes; the rare ones are dropped. */
const MAX_SHAPES = 500;

/**
 * The search's statements, built once per database handle and shape and kept (the most recent MAX_SHAPES shapes):
 * building Drizzle's query objects and their SQL text on every request was a measurable part of a search's CPU
 * time (docs/benchmarks-log.md). They are server-side prepared statements too (postgres.js keeps one per SQL text and
 * connection), so PostgreSQL parses and plans each shape once per connection instead of on every request.
 */
const prepared = new WeakMap<Database, LRUCache<string, ReturnType<typeof prepareSearch>>>();

function preparedSearch(
  db: Database,
  input: SearchListingsInput,
  terms: readonly TermPlan[],
): ReturnType<typeof prepareSearch> {
  let byShape = prepared.get(db);
  if (!byShape) {
    byShape = new LRUCache({ max: MAX_SHAPES });
    prepared.set(db, byShape);
  }
  const shape = searchShape(input, terms);
  let statements = byShape.get(shape);
  if (!statements) {
    statements = prepareSearch(db, input, terms);
    byShape.set(shape, statements);
  }
  return statements;
}

/**
 * Which first pages needed their count the last time they were searched (more matches than one page), by words
 * and filters; the oldest forgotten past `capacity`. A search that needed it is likely to again (the same
 * words match the same listings), so its count can start with its page; one that did not is not counted at all.
 */
export class CountMemory {
  private readonly needed: LRUCache<string, boolean>;

  constructor(capacity = 1000) {
    this.needed = new LRUCache({ max: capacity });
  }

  /** True when this search needed its count last time. */
  neededLastTime(key: string): boolean {
    return this.needed.peek(key) === true;
  }

  remember(key: string, needed: boolean): void {
    this.needed.set(key, needed);
  }
}

const countMemories = new WeakMap<Database, CountMemory>();

/** What a first page's matches depend on: its words and filters (not the page size or a cursor). */
export function searchKey(input: SearchListingsInput): string {
  return JSON.stringify([searchTerms(input.q), ...filterValues(input)]);
}

/** The search's words with their corrections (spelling.ts), as searchListings() plans them. */
export async function planTerms(
  db: Executor,
  input: Pick<SearchListingsInput, 'q'>,
): Promise<{ terms: TermPlan[]; corrections: Map<string, TermCorrections> }> {
  const words = searchTerms(input.q);
  const corrections = words.length > 0 ? await correctTerms(db, words) : new Map<string, TermCorrections>();
  const terms: TermPlan[] = words.map((term) => {
    const found = corrections.get(term);
    const fixes = found?.corrections ?? [];
    // Matched as typed and by its corrections (a misspelt word) or variants (a known word of 6 letters or more),
    // never by trigram similarity to every listing's text: with a real vocabulary that found every listing
    // sharing a root ("kamdhenuwear" matched 41 listings of kamdhenu-something for its 2) and cost ~0.2 ms a
    // candidate row, most of a search's time (issue 34). The vocabulary's corrections find the misspellings.
    return { term, corrections: fixes, fuzzy: false };
  });
  return { terms, corrections };
}

/**
 * Active listings, newest first, filtered on the server, one keyset page at a time.
 *
 * The total is taken from the count only when the page cannot tell it: a first page (no cursor) that holds
 * every match (no next page) already knows its total, the rows it returns. A later page (with a cursor) still
 * counts every match, not those after the cursor: the contract's `total` means the whole search on every page.
 *
 * A broad search's bounded count is its slowest part (the trigram index collects every match as a bitmap, so
 * it grows with the matches), and waiting for the page before starting it added the two times up. So the count
 * starts with the page, on a second connection of the pool, when it will be needed: on a later page, and on a
 * first page whose search needed it last time (CountMemory). Any other search runs its page alone and counts
 * afterwards only if the page turns out full, so a narrow search never pays for a count it does not use
 * (docs/benchmarks-log.md, "Search growth — side by side").
 */
export async function searchListings(db: Database, input: SearchListingsInput): Promise<SearchResult> {
  return (await searchListingsPlanned(db, input)).result;
}

const pageStatements = new WeakMap<Database, ReturnType<typeof preparePageByIds>>();

function preparePageByIds(db: Database) {
  return db
    .select({ ...listingColumns, cursorAt: sql<string>`${listings.createdAt}::text` })
    .from(listings)
    .innerJoin(users, eq(users.id, listings.ownerId))
    .where(sql`${listings.id} = any(${sql.placeholder('ids')}::uuid[])`)
    .prepare('listings_search_by_ids');
}

/**
 * A search answered by the in-memory index (search-index.ts): it finds, orders and cuts the page, and PostgreSQL
 * reads the page's (and the featured block's) listings by primary key.
 */
async function indexedSearch(
  db: Database,
  live: LiveSearchIndex,
  index: SearchIndex,
  input: SearchListingsInput,
  terms: readonly TermPlan[],
  corrections: Map<string, TermCorrections>,
): Promise<SearchResult> {
  const tokens = relevanceTokens(terms);
  const sort = effectiveSort(input, tokens.length > 0 ? 'ranked' : null);
  const cursor = input.cursor && sort === 'newest' ? decodeCursor(input.cursor) : undefined;
  const offset = input.cursor && sort !== 'newest' ? decodeOffsetCursor(input.cursor, sort).offset : 0;
  const answer = index.search({
    words: terms.map(({ term, corrections: fixes }) => [term, ...fixes]),
    tokens,
    input,
    sort,
    cursor,
    offset,
    now: Date.now(),
  });
  const ids = [...answer.featured, ...answer.page];
  let statement = pageStatements.get(db);
  if (!statement) {
    statement = preparePageByIds(db);
    pageStatements.set(db, statement);
  }
  // The rows held by the index's row cache, the others read (and kept).
  type Row = Awaited<ReturnType<typeof statement.execute>>[number];
  // The cache holds what this statement read (search-index.ts types it by the two fields it reads itself).
  const cache = live.rows as unknown as RowCache<Row>;
  const byId = new Map<string, Row>();
  const missing: string[] = [];
  for (const id of ids) {
    const held = cache.get(id);
    if (held) byId.set(id, held);
    else missing.push(id);
  }
  if (missing.length > 0) {
    const epoch = cache.epoch;
    const rows = await statement.execute({ ids: missing });
    for (const row of rows) byId.set(row.id, row);
    cache.keep(rows, epoch);
  }
  const pick = (list: string[]) => list.flatMap((id) => byId.get(id) ?? []);
  const page = pick(answer.page.slice(0, input.limit));
  const last = page.at(-1);
  let nextCursor: string | null = null;
  if (answer.page.length > input.limit && last)
    nextCursor =
      sort === 'newest'
        ? encodeCursor({ at: last.cursorAt, id: last.id })
        : encodeOffsetCursor({ offset: offset + input.limit, sort });
  const shown = [...pick(answer.featured), ...page];
  const result: SearchResult = {
    barters: shown.map(toListingOutput),
    nextCursor,
    ...boundedTotal(answer.matched),
    suggestion: suggestionFor(input.q, corrections),
  };
  // Its JSON (for the REST route) from each listing's, kept with the row the row cache holds: the same on every
  // page that shows it.
  return withJson(result, () => {
    const { barters, ...rest } = result;
    const tail = JSON.stringify(rest);
    const listed = barters.map((barter, i) => listingJson(shown[i] as ListingSelection, barter)).join(',');
    return `{"barters":[${listed}]${tail === '{}' ? '}' : `,${tail.slice(1)}`}`;
  });
}

/** A listing row's JSON as an answer shows it, with whether it was featured then (the one part that moves). */
const listingJsons = new WeakMap<ListingSelection, { featured: boolean; json: string }>();

/** JSON.stringify(output), kept with its row (output is toListingOutput(row): the row and the time decide it). */
function listingJson(row: ListingSelection, output: ListingOutput): string {
  const held = listingJsons.get(row);
  if (held && held.featured === output.featured) return held.json;
  const json = JSON.stringify(output);
  listingJsons.set(row, { featured: output.featured, json });
  return json;
}

/**
 * searchListings(), with the words as it planned them (what the answer depends on besides the listings). When
 * the in-memory index of the handle is built, it answers (caught up to the current search generation first, or
 * to `generation` when the caller read it); SQL answers otherwise.
 */
export async function searchListingsPlanned(
  db: Database,
  input: SearchListingsInput,
  generation?: number,
): Promise<{ result: SearchResult; terms: TermPlan[] }> {
  // Read before the words are planned: it also brings the vocabulary to its version (search-versions.ts).
  const current = generation ?? (await readSearchVersions(db)).generation;
  const { terms, corrections } = await planTerms(db, input);
  const live = searchIndexOf(db);
  if (live?.ready && !terms.some(({ term, fuzzy }) => fuzzy && term.length >= 3)) {
    const index = await live.at(current);
    if (index) return { result: await indexedSearch(db, live, index, input, terms, corrections), terms };
  }
  let rows: Awaited<ReturnType<ReturnType<typeof prepareSearch>['page']['execute']>>;
  let counted: number;
  const needsCount = (length: number) => Boolean(input.cursor) || length > input.limit;
  if (searchNeedsIndexHint(input)) {
    [rows, counted] = await withIndexPlans(db, async (tx) => {
      const queries = searchQueries(tx, input, inline, terms);
      const page = await queries.page.prepare('listings_search_page').execute();
      if (!needsCount(page.length)) return [page, page.length] as const;
      if (page[0]?.matched != null) return [page, page[0].matched] as const;
      const total = await countMatches({
        count: queries.count.prepare('listings_search_total'),
        substringCount: queries.substringCount?.prepare('listings_search_substring_total') ?? null,
      });
      return [page, total] as const;
    });
  } else {
    const statements = preparedSearch(db, input, terms);
    const values = searchValues(input, terms);
    let memory = countMemories.get(db);
    if (!memory) {
      memory = new CountMemory();
      countMemories.set(db, memory);
    }
    const key = searchKey(input);
    const counts = !rankedAmongNewest(terms, effectiveSort(input, relevanceQuery(terms)));
    const early =
      counts && (input.cursor || memory.neededLastTime(key)) ? countMatches(statements, values) : undefined;
    // Awaited below only when needed; a failure is then rethrown there, never left unhandled.
    early?.catch(() => {});
    rows = await statements.page.execute(values);
    const needed = needsCount(rows.length);
    if (!input.cursor && counts) memory.remember(key, needed);
    counted = !needed
      ? rows.length
      : (rows[0]?.matched ?? (await (early ?? countMatches(statements, values))));
  }
  const page = rows.slice(0, input.limit);
  const last = page.at(-1);
  const sort = effectiveSort(input, relevanceQuery(terms));
  const offset = input.cursor && sort !== 'newest' ? decodeOffsetCursor(input.cursor, sort).offset : 0;
  let nextCursor: string | null = null;
  if (rows.length > input.limit && last)
    nextCursor =
      sort === 'newest'
        ? encodeCursor({ at: last.cursorAt, id: last.id })
        : encodeOffsetCursor({ offset: offset + input.limit, sort });
  // The first page of the newest order starts with the featured listings that match the search.
  const featured =
    sort === 'newest' && !input.cursor
      ? await db
          .select(listingColumns)
          .from(listings)
          .innerJoin(users, eq(users.id, listings.ownerId))
          .where(and(searchConditions(input, inline, terms), isFeatured))
          // Spelled like listings_featured_idx (NULLS LAST), which finds the few featured listings first.
          .orderBy(sql`${listings.featuredUntil} desc nulls last`, sql`${listings.id} desc nulls last`)
          .limit(FEATURED_FIRST_MAX)
      : [];
  return {
    result: {
      barters: [...featured.map(toListingOutput), ...page.map(toListingOutput)],
      nextCursor,
      ...boundedTotal(counted),
      suggestion: suggestionFor(input.q, corrections),
    },
    terms,
  };
}

/** How many search generations of changes (search_changes) the database keeps: its triggers drop older ones. */
export const SEARCH_CHANGES_KEPT = 1_000;

/**
 * Whether an answer of generation `since` is still the answer at generation `upTo` (or later): every generation
 * in between has its changes logged (a generation bumped without them, by hand, counts as changing everything),
 * none of them is everything, and none touches the answer: no listing changed that matches the search now or
 * matched it before its change (its row then, from the log, under the search's own conditions), and no owner
 * changed whose listing the answer shows, or any owner at all for "verified businesses only". So a write to a
 * listing that no search of a busy marketplace finds costs each cached search one indexed query of a few rows
 * instead of its page and count again (docs/benchmarks-log.md). `terms` must be those the answer was computed with.
 */
export async function answerUnchangedSince(
  db: Executor,
  input: SearchListingsInput,
  terms: readonly TermPlan[],
  answer: SearchResult,
  since: number,
  upTo: number,
): Promise<boolean> {
  if (upTo <= since) return upTo === since;
  if (upTo - since > SEARCH_CHANGES_KEPT / 2) return false;
  const where = searchConditions(input, inline, terms);
  const owners = [...new Set(answer.barters.map((barter) => barter.ownerId))];
  const ownerShown =
    owners.length > 0
      ? sql`c.owner_id in (${sql.join(
          owners.map((owner) => sql`${owner}::uuid`),
          sql`, `,
        )})`
      : sql`false`;
  const anyOwner = input.verifiedOnly ? sql`c.owner_id is not null` : sql`false`;
  // One row (search_generation's) to carry the two answers.
  const [row] = await db
    .select({
      logged: sql<number>`(select count(distinct c.generation)::int from search_changes c
        where c.generation > ${since}::bigint and c.generation <= ${upTo}::bigint)`,
      touched: sql<boolean>`(exists (
        select 1 from search_changes c
        where c.generation > ${since}::bigint
          and ((c.listing_id is null and c.owner_id is null) or ${ownerShown} or ${anyOwner})
      )
      or exists (
        select 1 from search_changes c
          cross join lateral jsonb_populate_record(null::${listings}, c.before) as ${listings}
        where c.generation > ${since}::bigint and c.before is not null and ${where}
      )
      or exists (
        select 1 from ${listings}
        where ${listings.id} in (
          select c.listing_id from search_changes c
          where c.generation > ${since}::bigint and c.listing_id is not null
        ) and ${where}
      ))`,
    })
    .from(searchGeneration)
    .where(eq(searchGeneration.id, 1));
  return row !== undefined && row.logged === upTo - since && !row.touched;
}
