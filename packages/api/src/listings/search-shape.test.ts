import type { Executor } from '@barterads/db';
import { is, Placeholder } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pg-proxy';
import { describe, expect, it } from 'vitest';
import { SearchListingsInput } from './schemas';
import {
  encodeCursor,
  encodeOffsetCursor,
  placeholder,
  SEARCH_FILTERS,
  type SearchFilterName,
  type SearchFilterTable,
  searchKey,
  searchQueries,
  searchShape,
  searchValues,
  type TermPlan,
} from './search';
import { cacheKey } from './search-cache';

/**
 * The prepared statements of a search are kept by its shape (searchShape), and executed with its values
 * (searchValues): the key must change whenever the SQL text does, and the values must be the SQL's placeholders.
 * Both are derived from the filter table that writes the WHERE (SEARCH_FILTERS); these tests check the derivation
 * over every combination of filters, and show that a key or values that miss a filter are caught.
 */

/** A database that only builds SQL (never executed). */
const db = drizzle(async () => ({ rows: [] })) as unknown as Executor;

/** A value of every filter, as a caller sends it. */
const SAMPLES: Record<SearchFilterName, unknown> = {
  ownerRole: 'media_owner',
  category: 'outdoor',
  city: 'Pune',
  rateMin: 100,
  rateMax: 5000,
  availableFrom: '2026-01-01',
  availableTo: '2026-12-31',
  verifiedOnly: true,
};
/** Another value of every filter. */
const OTHERS: Record<SearchFilterName, unknown> = {
  ownerRole: 'advertiser',
  category: 'digital',
  city: 'Mumbai',
  rateMin: 200,
  rateMax: 6000,
  availableFrom: '2026-02-01',
  availableTo: '2026-11-30',
  verifiedOnly: false,
};
const NAMES = Object.keys(SAMPLES) as SearchFilterName[];

const WORDS: Record<string, TermPlan[]> = {
  none: [],
  known: [{ term: 'radio', corrections: [], fuzzy: true }],
  corrected: [{ term: 'radoi', corrections: ['radio', 'radios'], fuzzy: false }],
  short: [{ term: 'fm', corrections: [], fuzzy: false }],
  two: [
    { term: 'radio', corrections: [], fuzzy: true },
    { term: 'mumbay', corrections: ['mumbai'], fuzzy: false },
  ],
};
const SORTS = ['newest', 'relevance', 'rate_asc'] as const;

interface Case {
  input: SearchListingsInput;
  terms: TermPlan[];
}

function searchOf(filters: Partial<Record<SearchFilterName, unknown>>, extra: Record<string, unknown> = {}) {
  return SearchListingsInput.parse({ ...filters, ...extra });
}

function cursorFor(sort: string): string {
  return sort === 'newest'
    ? encodeCursor({ at: '2026-03-01 10:00:00.123456+00', id: '0b7c2a3e-3f4d-4e5f-8a9b-0c1d2e3f4a5b' })
    : encodeOffsetCursor({ offset: 24, sort: sort as (typeof SORTS)[number] });
}

/** Every subset of the filters (2^8), and every order, page and kind of words with none and with all filters. */
function allCases(): Case[] {
  const cases: Case[] = [];
  for (let mask = 0; mask < 1 << NAMES.length; mask++) {
    const filters = Object.fromEntries(
      NAMES.filter((_, i) => mask & (1 << i)).map((name) => [name, SAMPLES[name]]),
    );
    cases.push({ input: searchOf(filters), terms: WORDS.known as TermPlan[] });
  }
  for (const filters of [{}, SAMPLES])
    for (const sort of SORTS)
      for (const cursor of [undefined, cursorFor(sort)])
        for (const terms of Object.values(WORDS)) {
          // Relevance without words is newest first, and pages as it does.
          const paged = cursor && sort === 'relevance' && terms.length === 0 ? cursorFor('newest') : cursor;
          cases.push({ input: searchOf(filters, { sort, cursor: paged, q: 'x' }), terms });
        }
  return cases;
}

const built = new WeakMap<Case, { text: string; placeholders: string[] }>();

/** The SQL text of a search's statements, and their placeholders' names (built once per case). */
function statementsOf(search: Case): { text: string; placeholders: string[] } {
  let statements = built.get(search);
  if (!statements) {
    statements = buildStatements(search);
    built.set(search, statements);
  }
  return statements;
}

function buildStatements({ input, terms }: Case): { text: string; placeholders: string[] } {
  const queries = searchQueries(db, input, placeholder, terms);
  const sqls = [queries.page, queries.count, queries.substringCount].map((query) => query?.toSQL());
  const placeholders = new Set<string>();
  for (const query of sqls)
    for (const param of query?.params ?? []) if (is(param, Placeholder)) placeholders.add(param.name);
  return { text: sqls.map((query) => query?.sql ?? '-').join('\n'), placeholders: [...placeholders].sort() };
}

/** Pairs of searches that share a key but not their SQL text (a prepared statement reused for the wrong SQL). */
function collisions(
  keyOf: (input: SearchListingsInput, terms: TermPlan[]) => string,
  cases: Case[],
): string[] {
  const textByKey = new Map<string, string>();
  const found: string[] = [];
  for (const search of cases) {
    const key = keyOf(search.input, search.terms);
    const { text } = statementsOf(search);
    const seen = textByKey.get(key);
    if (seen === undefined) textByKey.set(key, text);
    else if (seen !== text) found.push(key);
  }
  return found;
}

/** Searches whose values are not exactly their statements' placeholders. */
function valueMismatches(
  valuesOf: (input: SearchListingsInput, terms: TermPlan[]) => Record<string, unknown>,
  cases: Case[],
): string[] {
  return cases.flatMap((search) => {
    const expected = statementsOf(search).placeholders.join(',');
    const given = Object.keys(valuesOf(search.input, search.terms)).sort().join(',');
    return expected === given ? [] : [`${expected} ≠ ${given}`];
  });
}

const CASES = allCases();

describe('the search statement cache key is derived from the conditions it caches', () => {
  it('one SQL text per key, over every combination of filters, orders, pages and words', () => {
    expect(CASES.length).toBeGreaterThan(256);
    expect(collisions(searchShape, CASES)).toEqual([]);
    // Each subset of filters is its own statement.
    expect(new Set(CASES.slice(0, 256).map((c) => searchShape(c.input, c.terms))).size).toBe(256);
  });

  it('binds exactly the placeholders of the statements', () => {
    expect(valueMismatches(searchValues, CASES)).toEqual([]);
  });

  it('a planted key that misses a filter is caught', () => {
    for (const name of NAMES) {
      const planted = (input: SearchListingsInput, terms: TermPlan[]) =>
        searchShape({ ...input, [name]: name === 'verifiedOnly' ? false : undefined }, terms);
      expect(collisions(planted, CASES), name).not.toEqual([]);
    }
  });

  it('planted values that miss a filter are caught', () => {
    for (const name of NAMES.filter((n) => !SEARCH_FILTERS[n].constant)) {
      const planted = (input: SearchListingsInput, terms: TermPlan[]) => {
        const { [name]: _left, ...values } = searchValues(input, terms);
        return values;
      };
      expect(valueMismatches(planted, CASES), name).not.toEqual([]);
    }
  });

  it('a filter of the schema missing from the table fails the build', () => {
    const { city: _city, ...withoutCity } = SEARCH_FILTERS;
    // @ts-expect-error: the table must have an entry for every filter field of SearchListingsInput.
    const planted: SearchFilterTable = withoutCity;
    expect(Object.keys(planted)).not.toContain('city');
  });

  it('the answers’ cache keys change with every filter’s value', () => {
    for (const name of NAMES) {
      const one = searchOf({ ...SAMPLES }, { q: 'radio' });
      const other = searchOf({ ...SAMPLES, [name]: OTHERS[name] }, { q: 'radio' });
      const none = searchOf({ ...SAMPLES, [name]: undefined }, { q: 'radio' });
      expect(cacheKey(one), name).not.toBe(cacheKey(other));
      expect(searchKey(one), name).not.toBe(searchKey(other));
      expect(cacheKey(one), name).not.toBe(cacheKey(none));
      expect(searchKey(one), name).not.toBe(searchKey(none));
    }
  });
});
