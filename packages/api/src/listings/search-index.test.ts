import { LIMITS, type SearchSort } from '@barterads/core';
import { describe, expect, it } from 'vitest';
import {
  firstOf,
  type IndexAnswer,
  type IndexQuery,
  type LoadedRow,
  lexemeShare,
  parseTsvector,
  RowCache,
  SearchIndex,
  timestampMicros,
} from './search-index';

/** A small deterministic PRNG (mulberry32). */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Broad words (in a share of every listing), and many rare names. */
const BROAD = ['hoarding', 'radio', 'metro', 'bus'];
const NAMES = Array.from({ length: 400 }, (_, i) => `name${i.toString(36)}x`);
const CITIES = ['Pune', 'Mumbai', 'Delhi', 'Nagpur', 'Kochi'];
const CATEGORIES = ['outdoor', 'digital', 'influencer'];
/** Listings at the start (the tunings below make each way of searching taken at this size). */
const LISTINGS = 5_000;
const T0 = Date.parse('2026-01-01T00:00:00Z');
const NOW = Date.parse('2026-06-01T00:00:00Z');

function uuid(n: number): string {
  return `00000000-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;
}

function makeRow(n: number, rand: () => number, status = 'active'): LoadedRow {
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rand() * list.length)] as T;
  const title = [pick(BROAD), pick(NAMES)];
  const place = [pick(NAMES), rand() < 0.5 ? pick(BROAD) : pick(NAMES)];
  const description = [pick(NAMES), pick(NAMES), rand() < 0.3 ? pick(BROAD) : 'at'];
  const weights: Array<[string, string]> = [
    ...title.map((w) => [w, 'A'] as [string, string]),
    ...place.map((w) => [w, 'B'] as [string, string]),
    ...description.map((w) => [w, 'C'] as [string, string]),
  ];
  const byLexeme = new Map<string, string[]>();
  weights.forEach(([w, weight], i) => {
    byLexeme.set(w, [...(byLexeme.get(w) ?? []), `${i + 1}${weight === 'D' ? '' : weight}`]);
  });
  const vector = [...byLexeme]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([w, positions]) => `'${w}':${positions.join(',')}`)
    .join(' ');
  // A few listings share a creation time (ties broken by id).
  const at = T0 + Math.floor(rand() * 4000) * 60_000;
  const featured = rand() < 0.03 ? NOW + (rand() < 0.8 ? 1 : -1) * Math.floor(rand() * 1e8) : null;
  return {
    id: uuid(n),
    atUs: String(at * 1000 + (n % 7)),
    ownerId: uuid(1_000_000 + (n % 40)),
    ownerType: rand() < 0.5 ? 'media_owner' : 'advertiser',
    category: rand() < 0.1 ? null : pick(CATEGORIES),
    city: rand() < 0.1 ? null : pick(CITIES),
    rateInr: rand() < 0.1 ? null : 100 * (1 + Math.floor(rand() * 50)),
    availableFrom: rand() < 0.5 ? null : `2026-0${1 + Math.floor(rand() * 6)}-1${Math.floor(rand() * 9)}`,
    availableTo: rand() < 0.5 ? null : `2026-0${4 + Math.floor(rand() * 6)}-1${Math.floor(rand() * 9)}`,
    featuredMs: featured,
    searchText: `${title.join(' ')} ${place.join(', ')} ${description.join(' ')}`.toLowerCase(),
    vector,
    status,
    suspended: false,
    verified: n % 40 < 10,
  };
}

/** The answer by the definition (search-index.ts's header), over every listing, without any index. */
function reference(
  rows: ReadonlyMap<string, LoadedRow>,
  verified: ReadonlyMap<string, boolean>,
  q: IndexQuery,
): IndexAnswer {
  const cap = LIMITS.searchTotalCap + 1;
  const input = q.input;
  const newer = (a: LoadedRow, b: LoadedRow) =>
    Number(b.atUs) - Number(a.atUs) || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);
  const byRate = (sign: number) => (a: LoadedRow, b: LoadedRow) => {
    if (a.rateInr !== b.rateInr) {
      if (a.rateInr === null) return 1;
      if (b.rateInr === null) return -1;
      return sign * (a.rateInr - b.rateInr);
    }
    return newer(a, b);
  };
  const matches = [...rows.values()]
    .filter((row) => row.status === 'active' && !row.suspended)
    .filter(
      (row) =>
        (input.ownerRole === undefined || row.ownerType === input.ownerRole) &&
        (input.category === undefined || row.category === input.category) &&
        (!input.city || row.city === input.city) &&
        (input.rateMin === undefined || (row.rateInr !== null && row.rateInr >= input.rateMin)) &&
        (input.rateMax === undefined || (row.rateInr !== null && row.rateInr <= input.rateMax)) &&
        (!input.availableTo || row.availableFrom === null || row.availableFrom <= input.availableTo) &&
        (!input.availableFrom || row.availableTo === null || row.availableTo >= input.availableFrom) &&
        (!input.verifiedOnly || verified.get(row.ownerId) === true) &&
        q.words.every((alternatives) => alternatives.some((a) => (row.searchText ?? '').includes(a))),
    )
    .sort(newer);
  const pageSize = input.limit + 1;
  const isFeatured = (row: LoadedRow) => row.featuredMs !== null && row.featuredMs > q.now;
  const ids = (list: LoadedRow[]) => list.map((row) => row.id);
  if (q.sort === 'relevance') {
    const candidates = matches.slice(0, cap);
    const size = Math.max(1, q.tokens.length);
    const ranked = candidates.map((row) => {
      let rank = 0;
      for (const { lexeme, weights } of parseTsvector(row.vector))
        if (q.tokens.some((token) => lexeme.startsWith(token))) rank += lexemeShare(weights);
      return { row, rank: Math.fround(rank / size) };
    });
    ranked.sort((a, b) => b.rank - a.rank || newer(a.row, b.row));
    return {
      page: ranked.slice(q.offset, q.offset + pageSize).map(({ row }) => row.id),
      featured: [],
      matched: candidates.length,
    };
  }
  const counted = Math.min(matches.length, cap);
  if (q.sort === 'newest') {
    let after = matches;
    if (q.cursor) {
      const at = timestampMicros(q.cursor.at);
      const probe = { atUs: String(at), id: q.cursor.id } as LoadedRow;
      after = matches.filter((row) => newer(row, probe) > 0);
    }
    const page = after.filter((row) => !isFeatured(row)).slice(0, pageSize);
    const top = q.cursor
      ? []
      : matches
          .filter(isFeatured)
          .sort(
            (a, b) =>
              (b.featuredMs as number) - (a.featuredMs as number) || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0),
          )
          .slice(0, 6);
    const needsCount = q.cursor !== undefined || page.length > input.limit;
    return { page: ids(page), featured: ids(top), matched: needsCount ? counted : page.length };
  }
  const page = [...matches].sort(byRate(q.sort === 'rate_asc' ? 1 : -1)).slice(q.offset, q.offset + pageSize);
  const needsCount = q.offset > 0 || page.length > input.limit;
  return { page: ids(page), featured: [], matched: needsCount ? counted : page.length };
}

function makeQuery(rand: () => number, rows: readonly LoadedRow[]): IndexQuery {
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rand() * list.length)] as T;
  const words: string[][] = [];
  const kind = rand();
  // Broad words, rare names, a name's part (a substring), a short string, a word no listing has, corrections.
  const word = () => {
    const r = rand();
    if (r < 0.35) return [pick(BROAD)];
    if (r < 0.6) return [pick(NAMES)];
    if (r < 0.7) return [pick(NAMES).slice(0, 5)];
    if (r < 0.75) return ['me'];
    if (r < 0.8) return ['zzzq'];
    return [pick(NAMES), pick(BROAD)];
  };
  const count = kind < 0.1 ? 0 : kind < 0.7 ? 1 : kind < 0.95 ? 2 : 3;
  for (let i = 0; i < count; i++) words.push(word());
  const sorts: SearchSort[] = ['newest', 'relevance', 'rate_asc', 'rate_desc'];
  const sort = words.length === 0 ? pick(sorts.filter((s) => s !== 'relevance')) : pick(sorts);
  const input: IndexQuery['input'] = {
    ownerRole: undefined,
    limit: pick([1, 5, 20]),
    verifiedOnly: rand() < 0.1,
  };
  if (rand() < 0.3) input.city = pick([...CITIES, 'Agra']);
  if (rand() < 0.3) input.category = pick(CATEGORIES) as IndexQuery['input']['category'];
  if (rand() < 0.2) input.ownerRole = pick(['media_owner', 'advertiser']) as IndexQuery['input']['ownerRole'];
  if (rand() < 0.2) input.rateMin = 100 * Math.floor(rand() * 40);
  if (rand() < 0.2) input.rateMax = 100 * Math.floor(rand() * 50);
  if (rand() < 0.1) input.availableFrom = '2026-05-01';
  if (rand() < 0.1) input.availableTo = '2026-03-15';
  const query: IndexQuery = {
    words,
    tokens: [...new Set(words.flat().flatMap((w) => w.match(/[\p{L}\p{M}\p{N}]+/gu) ?? []))],
    input,
    sort,
    offset: sort !== 'newest' && rand() < 0.3 ? pick([1, 20, 500, 1200]) : 0,
    now: NOW,
  };
  if (sort === 'newest' && rand() < 0.3) {
    const row = pick(rows);
    const us = Number(row.atUs);
    const date = new Date(Math.floor(us / 1000)).toISOString().replace('T', ' ').replace('Z', '');
    query.cursor = { at: `${date}${String(us % 1000).padStart(3, '0')}+00`, id: row.id };
  }
  return query;
}

describe('SearchIndex', () => {
  it.each([
    ['as tuned', undefined],
    ['walking an order or collecting from a bitset for every word', { collectBelow: 0, gatherBelow: 0 }],
    ['collecting from a bitset for every word', { collectBelow: 0, gatherBelow: Number.POSITIVE_INFINITY }],
    [
      'collecting from the postings for every word',
      { collectBelow: Number.POSITIVE_INFINITY, gatherBelow: 0 },
    ],
  ])(
    'answers every search as the definition does, %s, before and after changes and a compaction',
    (_, tuning) => {
      const rand = random(34);
      const rows = new Map<string, LoadedRow>();
      const verified = new Map<string, boolean>();
      const index = new SearchIndex(tuning);
      for (let n = 1; n <= LISTINGS; n++) {
        const row = makeRow(n, rand, rand() < 0.05 ? 'archived' : 'active');
        rows.set(row.id, row);
        verified.set(row.ownerId, row.verified);
        index.put(row, false);
      }
      index.sortAll();
      const check = (round: string, queries: number) => {
        const list = [...rows.values()];
        for (let i = 0; i < queries; i++) {
          const query = makeQuery(rand, list);
          const expected = reference(rows, verified, query);
          const got = index.search(query);
          if (JSON.stringify(got) !== JSON.stringify(expected))
            expect({ round, i, query, got }).toEqual({ round, i, query, got: expected });
        }
      };
      check('built', 300);
      // Changes as the catch-up applies them: new listings, edits (a new slot), archived ones, an owner verified;
      // searches between them (what a search kept, its words' bitsets, is not kept across a change).
      for (let k = 0; k < 3_000; k++) {
        if (k % 30 === 0) check(`change ${k}`, 3);
        const r = rand();
        if (r < 0.3) {
          const row = makeRow(20_000 + k, rand);
          rows.set(row.id, row);
          verified.set(row.ownerId, row.verified);
          index.put(row);
        } else if (r < 0.7) {
          const n = 1 + Math.floor(rand() * LISTINGS);
          const row = { ...makeRow(n, rand), id: uuid(n) };
          rows.set(row.id, row);
          verified.set(row.ownerId, row.verified);
          index.put(row);
        } else if (r < 0.98) {
          const id = uuid(1 + Math.floor(rand() * LISTINGS));
          rows.delete(id);
          index.remove(id);
        } else {
          const owner = uuid(1_000_000 + Math.floor(rand() * 40));
          const value = rand() < 0.5;
          verified.set(owner, value);
          for (const row of rows.values()) if (row.ownerId === owner) row.verified = value;
          index.setVerified(owner, value);
        }
      }
      check('changed', 300);
      index.compactIfNeeded();
      check('compacted', 200);
      expect(index.size).toBe([...rows.values()].filter((row) => row.status === 'active').length);
    },
  );
});

describe('firstOf', () => {
  it('gives what sorting the whole list and taking the first k gives', () => {
    const rand = random(7);
    for (let round = 0; round < 300; round++) {
      const n = Math.floor(rand() * 200);
      const k = Math.floor(rand() * 60);
      // Many equal keys, broken by the value itself: a total order, as the index's orders are.
      const key = Array.from({ length: n + 1 }, () => Math.floor(rand() * 10));
      const compare = (a: number, b: number) => (key[a] as number) - (key[b] as number) || b - a;
      const list = Array.from({ length: n }, (_, i) => i).sort(() => rand() - 0.5);
      const expected = [...list].sort(compare).slice(0, k);
      expect(firstOf([...list], k, compare)).toEqual(expected);
    }
  });
});

describe('RowCache', () => {
  const row = (id: string, ownerId = 'o1') => ({ id, ownerId });

  it('keeps the most recently used rows, forgets by listing and owner, and refuses rows read before a forget', () => {
    const cache = new RowCache<{ id: string; ownerId: string }>(3);
    cache.keep([row('a'), row('b'), row('c', 'o2')], cache.epoch);
    expect(cache.get('a')).toEqual(row('a'));
    cache.keep([row('d', 'o2')], cache.epoch);
    // b was the least recently used (a was read after it).
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBeDefined();
    const before = cache.epoch;
    cache.forget(['a'], ['o2']);
    expect([cache.get('a'), cache.get('c'), cache.get('d')]).toEqual([undefined, undefined, undefined]);
    cache.keep([row('e')], before);
    expect(cache.get('e')).toBeUndefined();
    cache.keep([row('e')], cache.epoch);
    expect(cache.get('e')).toEqual(row('e'));
  });
});
