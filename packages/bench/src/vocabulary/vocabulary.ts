import {
  BRAND_SUFFIXES,
  CATEGORY_TERMS,
  CITIES,
  LOCALITY_SUFFIXES,
  PUBLICATION_SUFFIXES,
  ROOTS,
  STATION_SUFFIXES,
  VENUE_SUFFIXES,
  words,
} from './words';

/**
 * The benchmark's vocabulary (issue 34): each seeded listing gets a brand (in its title), a locality (in its place),
 * a station, a venue and a publication (in its description), each from its own class of compound names. Listing
 * g's word of a class of N words is the class's word (g × 7919) mod N: over any N consecutive listings every word
 * of the class appears once, so 10,000 listings hold every one of the 21,660 names, and 100,000 about ten times
 * each.
 */
function compounds(suffixes: string): string[] {
  const out: string[] = [];
  for (const suffix of words(suffixes)) for (const root of words(ROOTS)) out.push(`${root}${suffix}`);
  return [...new Set(out)];
}

export interface VocabularyClasses {
  brands: string[];
  localities: string[];
  stations: string[];
  venues: string[];
  publications: string[];
}

export const VOCABULARY: VocabularyClasses = {
  brands: compounds(BRAND_SUFFIXES),
  localities: compounds(LOCALITY_SUFFIXES),
  stations: compounds(STATION_SUFFIXES),
  venues: compounds(VENUE_SUFFIXES),
  publications: compounds(PUBLICATION_SUFFIXES),
};

/** The multiplier that scatters the names over the listings (prime, so coprime with every class size). */
export const SCATTER = 7919;

/** Every generated name (the words that make the vocabulary realistic), and the real word lists. */
export const GENERATED_WORDS: ReadonlySet<string> = new Set(Object.values(VOCABULARY).flat());
export const ALL_WORDS: ReadonlySet<string> = new Set([
  ...GENERATED_WORDS,
  ...words(CITIES),
  ...words(CATEGORY_TERMS),
]);

/** A small deterministic PRNG (mulberry32), so the same run draws the same searches. */
export function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const NEIGHBOURS: Record<string, string> = {
  a: 's',
  b: 'v',
  c: 'x',
  d: 's',
  e: 'r',
  f: 'g',
  g: 'h',
  h: 'j',
  i: 'o',
  j: 'k',
  k: 'l',
  l: 'k',
  m: 'n',
  n: 'm',
  o: 'i',
  p: 'o',
  q: 'w',
  r: 't',
  s: 'a',
  t: 'r',
  u: 'y',
  v: 'b',
  w: 'e',
  x: 'z',
  y: 'u',
  z: 'x',
};

/**
 * A typing mistake in a word of 5 letters or more, one edit, never in its first letter: two neighbours swapped,
 * a letter dropped, or a letter replaced by its neighbour on the keyboard.
 */
export function typo(word: string, rand: () => number): string {
  for (let attempt = 0; attempt < 6; attempt++) {
    const at = 1 + Math.floor(rand() * (word.length - 2));
    const kind = Math.floor(rand() * 3);
    let out: string;
    if (kind === 0) out = word.slice(0, at) + word[at + 1] + word[at] + word.slice(at + 2);
    else if (kind === 1) out = word.slice(0, at) + word.slice(at + 1);
    else out = word.slice(0, at) + (NEIGHBOURS[word[at] ?? ''] ?? 'e') + word.slice(at + 1);
    if (out !== word) return out;
  }
  return `${word.slice(0, -1)}`;
}

/** A seeded listing as the query generator reads it. */
export interface SampleListing {
  title: string;
  location: string;
  description: string;
  city: string | null;
  category: string | null;
  ownerType: string;
  rateInr: number | null;
}

export type SearchSortName = 'newest' | 'relevance' | 'rate_asc' | 'rate_desc';

/** One search of the mix: its words and filters, and the kind it stands for. */
export interface BenchQuery {
  kind:
    | 'word'
    | 'any word'
    | 'typo'
    | 'typo any'
    | 'two words'
    | 'word city'
    | 'word + city filter'
    | 'filters';
  q: string;
  sort?: SearchSortName;
  city?: string;
  category?: string;
  ownerRole?: string;
  rateMin?: number;
  rateMax?: number;
  /** The word a typo stands for (what the first page should show). */
  intended?: string;
}

function tokens(listing: SampleListing): string[] {
  return (
    `${listing.title} ${listing.location} ${listing.description}`.toLowerCase().match(/\p{L}{3,}/gu) ?? []
  );
}

/**
 * The searches drawn from one listing's own words: a generated name alone (newest first), any of its words by
 * relevance (category terms included: the broad searches), a typo of a name and of any longer word, two of its
 * words, a name and its city, a name within its city sorted by rate, and a name or word with a category, a rate
 * bound and an owner role.
 */
export function queriesOf(listing: SampleListing, rand: () => number): BenchQuery[] {
  const all = tokens(listing);
  const names = all.filter((w) => GENERATED_WORDS.has(w));
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rand() * list.length)] as T;
  if (names.length === 0 || all.length === 0) return [];
  const longer = all.filter((w) => w.length >= 5);
  const name = () => pick(names);
  const out: BenchQuery[] = [];
  out.push({ kind: 'word', q: name() });
  out.push({ kind: 'any word', q: pick(all), sort: 'relevance' });
  const intended = name();
  out.push({ kind: 'typo', q: typo(intended, rand), sort: 'relevance', intended });
  if (longer.length > 0) {
    const word = pick(longer);
    out.push({ kind: 'typo any', q: typo(word, rand), intended: word });
  }
  const first = name();
  const second = pick(all.filter((w) => w !== first));
  if (second) out.push({ kind: 'two words', q: `${first} ${second}`, sort: 'relevance' });
  if (listing.city) {
    out.push({ kind: 'word city', q: `${name()} ${listing.city.toLowerCase().split(/\s+/)[0]}` });
    out.push({ kind: 'word + city filter', q: name(), city: listing.city, sort: 'rate_asc' });
  }
  const filtered: BenchQuery = { kind: 'filters', q: rand() < 0.5 ? name() : pick(all), sort: 'rate_desc' };
  if (listing.category) filtered.category = listing.category;
  if (listing.rateInr) filtered.rateMax = listing.rateInr * 2;
  if (rand() < 0.5) filtered.ownerRole = listing.ownerType;
  else if (listing.rateInr) filtered.rateMin = Math.max(1, Math.floor(listing.rateInr / 2));
  out.push(filtered);
  return out;
}

/** The query string of a search (the same for the API's /api/barters and the MiniSearch server's /search). */
export function queryString(query: BenchQuery): string {
  const params = new URLSearchParams({ q: query.q });
  if (query.sort) params.set('sort', query.sort);
  if (query.city) params.set('city', query.city);
  if (query.category) params.set('category', query.category);
  if (query.ownerRole) params.set('ownerRole', query.ownerRole);
  if (query.rateMin !== undefined) params.set('rateMin', String(query.rateMin));
  if (query.rateMax !== undefined) params.set('rateMax', String(query.rateMax));
  return params.toString();
}

/**
 * Every listing's searches, shuffled, each search once (the same words, filters and order never twice), so a
 * results cache never answers one from an earlier one.
 */
export function searchMix(listings: readonly SampleListing[], seed = 34): BenchQuery[] {
  const rand = random(seed);
  const seen = new Set<string>();
  const out: BenchQuery[] = [];
  for (const listing of listings)
    for (const query of queriesOf(listing, rand)) {
      const key = queryString(query);
      if (seen.has(key)) continue;
      seen.add(key);
      out.push(query);
    }
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [out[i], out[j]] = [out[j] as BenchQuery, out[i] as BenchQuery];
  }
  return out;
}
