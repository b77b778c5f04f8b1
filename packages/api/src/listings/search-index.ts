import { LIMITS, type SearchSort } from '@barterads/core';
import { type Database, listings, searchChanges, searchGeneration, users } from '@barterads/db';
import { and, asc, eq, gt, inArray, or, sql } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import type { Logger } from '../services';
import type { SearchListingsInput } from './schemas';

/**
 * The marketplace search in this process's memory (issue 34): every active listing's filter and order fields, its
 * search text split at white space (an inverted index of those chunks) and its full-text lexemes with their
 * ts_rank weight, so a search finds its matches, orders them and cuts its page here, and PostgreSQL only reads
 * the page's rows by primary key. Built at start from the listings, and kept fresh from the change log the
 * database already writes (search_generation and search_changes, by triggers in the writing transaction): before
 * a search, an index behind the current generation reads the listings those generations changed (and the
 * listings of owners who changed) and applies them, so every instance (each has its own index) answers a search
 * started after a write committed with that write. A change it cannot follow (everything changed, or more
 * generations than the log keeps) rebuilds it, the searches going to SQL meanwhile.
 *
 * The same answers as the SQL search (search.ts): a word matches a listing when it or one of its spelling
 * corrections is a substring of the listing's search text (a word has no white space, so it is a substring of a
 * chunk); relevance is PostgreSQL's ts_rank (default weights, no normalisation) of the prefix query over the
 * listing's search_vector, computed from its lexemes' weights as loaded; ties and other orders as in SQL.
 */

/** ts_rank's default weights of D, C, B, A. */
const WEIGHTS: Record<string, number> = { D: 0.1, C: 0.2, B: 0.4, A: 1 };

/** A listing as the index loads it (one row of loadListingRows()). */
export interface LoadedRow {
  id: string;
  atUs: string;
  ownerId: string;
  ownerType: string;
  category: string | null;
  city: string | null;
  rateInr: number | null;
  availableFrom: string | null;
  availableTo: string | null;
  featuredMs: number | null;
  searchText: string | null;
  vector: string;
  status: string;
  suspended: boolean;
  verified: boolean;
}

const loadColumns = {
  id: listings.id,
  atUs: sql<string>`(extract(epoch from ${listings.createdAt}) * 1000000)::bigint::text`,
  ownerId: listings.ownerId,
  ownerType: listings.ownerType,
  category: listings.category,
  city: listings.city,
  rateInr: listings.rateInr,
  availableFrom: sql<string | null>`${listings.availableFrom}::text`,
  availableTo: sql<string | null>`${listings.availableTo}::text`,
  featuredMs: sql<number | null>`(extract(epoch from ${listings.featuredUntil}) * 1000)::float8`,
  searchText: listings.searchText,
  vector: sql<string>`${listings.searchVector}::text`,
  status: listings.status,
  suspended: listings.ownerSuspended,
  verified: sql<boolean>`(${users.gstVerification} = 'verified')`,
};

/** The share of ts_rank of one lexeme of a listing, from its positions' weights in position order. */
export function lexemeShare(weights: readonly string[]): number {
  const list = weights.length > 0 ? weights : ['D'];
  let resj = 0;
  let wjm = -1;
  let jm = 0;
  list.forEach((weight, j) => {
    const w = WEIGHTS[weight] ?? 0.1;
    resj += w / ((j + 1) * (j + 1));
    if (w > wjm) {
      wjm = w;
      jm = j;
    }
  });
  return (wjm + resj - wjm / ((jm + 1) * (jm + 1))) / 1.64493406685;
}

/** A tsvector's text ('word':1A,3 'other':2B) as its lexemes with their positions' weights. */
export function parseTsvector(text: string): Array<{ lexeme: string; weights: string[] }> {
  const out: Array<{ lexeme: string; weights: string[] }> = [];
  let i = 0;
  while (i < text.length) {
    if (text[i] !== "'") {
      i++;
      continue;
    }
    i++;
    let lexeme = '';
    while (i < text.length) {
      const c = text[i] as string;
      if (c === "'") {
        if (text[i + 1] === "'") {
          lexeme += "'";
          i += 2;
          continue;
        }
        i++;
        break;
      }
      if (c === '\\' && i + 1 < text.length) {
        lexeme += text[i + 1];
        i += 2;
        continue;
      }
      lexeme += c;
      i++;
    }
    const weights: string[] = [];
    if (text[i] === ':') {
      i++;
      let end = text.indexOf(' ', i);
      if (end < 0) end = text.length;
      for (const position of text.slice(i, end).split(',')) {
        const last = position.at(-1) ?? '';
        weights.push(last >= 'A' && last <= 'D' ? last : 'D');
      }
      i = end;
    }
    out.push({ lexeme, weights });
  }
  return out;
}

/** A cursor's timestamp (PostgreSQL's text of created_at, or any it accepts) in microseconds since the epoch. */
export function timestampMicros(value: string): number {
  const m =
    /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2}):(\d{2})(\.\d{1,6})?(?:([+-])(\d{2})(?::?(\d{2}))?|Z)?$/.exec(
      value,
    );
  if (!m) return Number.NaN;
  const [year, month, day, hour, minute, second] = m.slice(1, 7).map(Number) as number[];
  const ms = Date.UTC(year as number, (month as number) - 1, day, hour, minute, second);
  const fraction = m[7] ? Math.round(Number(m[7]) * 1_000_000) : 0;
  const offset = m[8] ? (m[8] === '-' ? -1 : 1) * (Number(m[9]) * 60 + Number(m[10] ?? 0)) * 60_000_000 : 0;
  return ms * 1000 + fraction - offset;
}

/** What a search asks of the index: its words' alternatives (the word and its corrections), filters, order, page. */
export interface IndexQuery {
  /** Per word, the strings any of which must be a substring of the listing's search text. */
  words: string[][];
  /** The relevance query's tokens (prefixes), when ranked by relevance. */
  tokens: string[];
  input: Pick<
    SearchListingsInput,
    | 'ownerRole'
    | 'category'
    | 'city'
    | 'rateMin'
    | 'rateMax'
    | 'availableFrom'
    | 'availableTo'
    | 'verifiedOnly'
    | 'limit'
  >;
  sort: SearchSort;
  /** Newest first: the keyset cursor (created_at text, id). */
  cursor?: { at: string; id: string };
  /** Other orders: how many come before the page. */
  offset: number;
  now: number;
}

/** The ids of a page (one more than asked when there is a next), the featured block's, and the count. */
export interface IndexAnswer {
  page: string[];
  featured: string[];
  /** Matches counted up to LIMITS.searchTotalCap + 1 (as the SQL bounded count). */
  matched: number;
}

/** A growable list of 32-bit integers (a posting list, an order of slots). */
class IntList {
  data: Int32Array;
  length = 0;

  constructor(capacity = 4) {
    this.data = new Int32Array(capacity);
  }

  private ensure(size: number): void {
    if (size <= this.data.length) return;
    const grown = new Int32Array(Math.max(size, this.data.length * 2));
    grown.set(this.data.subarray(0, this.length));
    this.data = grown;
  }

  push(value: number): void {
    this.ensure(this.length + 1);
    this.data[this.length++] = value;
  }

  insert(at: number, value: number): void {
    this.ensure(this.length + 1);
    this.data.copyWithin(at + 1, at, this.length);
    this.data[at] = value;
    this.length += 1;
  }

  removeAt(at: number): void {
    this.data.copyWithin(at, at + 1, this.length);
    this.length -= 1;
  }

  static of(values: ArrayLike<number>): IntList {
    const list = new IntList(Math.max(4, values.length));
    list.data.set(values);
    list.length = values.length;
    return list;
  }
}

/** Strings as small integers (owner types, categories, cities, dates, owners): -1 stands for null. */
class Codes {
  private readonly ids = new Map<string, number>();
  readonly values: string[] = [];

  of(value: string | null): number {
    if (value === null) return -1;
    let id = this.ids.get(value);
    if (id === undefined) {
      id = this.values.length;
      this.ids.set(value, id);
      this.values.push(value);
    }
    return id;
  }

  /** The code of a value, or -2 (matching no listing's) when no listing has it. */
  find(value: string): number {
    return this.ids.get(value) ?? -2;
  }
}

/** A search's words marked on the chunks (markWords()). */
interface MarkedWords {
  stamp: number;
  /** Per word, how many postings its chunks have, and the chunks. */
  postings: number[];
  chunks: number[][];
}

/** A query's filters as the index's codes. */
interface Filter {
  ownerType: number | undefined;
  category: number | undefined;
  city: number | undefined;
  rateMin: number | undefined;
  rateMax: number | undefined;
  availableFrom: string | undefined;
  availableTo: string | undefined;
  verifiedOnly: boolean;
}

/** Below this many postings for its rarest word, a search collects its matches from the postings at once. */
const COLLECT_BELOW = 2_048;
/** A broad search with at most this many candidates (in its bitset) collects its matches from them. */
const GATHER_BELOW = 16_384;
/** Bitsets of words and filters kept (the most recently used; 125 kB each at 1,000,000 listings). */
const BITSETS_KEPT = 256;

/** The 1 bits of a 32-bit word. */
function popcount(word: number): number {
  let v = word - ((word >>> 1) & 0x55555555);
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return (((v + (v >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}

/** The featured listings a first page of the newest order starts with (search.ts's FEATURED_FIRST_MAX). */
const FEATURED_MAX = 6;

/**
 * The index. A listing is a slot: its fields are columns (typed arrays, strings as codes), its lexemes, their
 * ts_rank shares and its search text's chunks are ranges of shared pools, so a million listings are a few dozen
 * arrays for the garbage collector instead of millions of objects. Slots are numbered newest first when the index
 * is built or compacted (a later change takes a new slot at the end and empties its old one).
 *
 * A search finds its first page without visiting every match when it can. A narrow search (a word in fewer than
 * COLLECT_BELOW listings' postings) collects its matches from that word's postings and sorts them. A broad one
 * intersects bitsets over the slots, one per word (the slots of its chunks' postings) and per category, owner type
 * and city asked for, each kept until a slot is added or emptied (BITSETS_KEPT of them, the most recently used):
 * with at most GATHER_BELOW candidates it collects them; with more it walks the listings in the page's order
 * (a rate order only within the rate bounds' run), testing each one's bit and the other filters, and stops once it
 * has the page and the bounded count (LIMITS.searchTotalCap + 1, also the relevance candidates: the newest that
 * many, as in SQL); the featured block is read from the featured listings, best first. Every way gives the same
 * matches in the same order (search-index.test.ts takes each against the definition).
 */
export class SearchIndex {
  /** Slots used (live and emptied). */
  private slots = 0;
  private capacity = 0;
  private ids: Array<string | undefined> = [];
  private alive = new Uint8Array(0);
  /** created_at in microseconds since the epoch (the order and the keyset cursor). */
  private atUs = new Float64Array(0);
  private owner = new Int32Array(0);
  private ownerType = new Int32Array(0);
  private category = new Int32Array(0);
  private city = new Int32Array(0);
  /** rate_inr, NaN for none. */
  private rate = new Float64Array(0);
  private availableFrom = new Int32Array(0);
  private availableTo = new Int32Array(0);
  /** featured_until in ms, NaN for none. */
  private featuredMs = new Float64Array(0);
  /** Each slot's lexemes and their ts_rank shares (calc_rank_or's term), a range of the pools. */
  private lexemeStart = new Int32Array(0);
  private lexemeCount = new Int32Array(0);
  private lexemePool = new Int32Array(0);
  private sharePool = new Float64Array(0);
  private lexemePoolLength = 0;
  /** Each slot's distinct chunks of search text, a range of the pool. */
  private chunkStart = new Int32Array(0);
  private chunkCount = new Int32Array(0);
  private chunkPool = new Int32Array(0);
  private chunkPoolLength = 0;

  private readonly byId = new Map<string, number>();
  private dead = 0;
  private readonly owners = new Codes();
  /** Per owner code: GST verified (the "verified businesses only" filter). */
  private verified = new Uint8Array(64);
  private readonly ownerTypes = new Codes();
  private readonly categories = new Codes();
  private readonly cities = new Codes();
  private readonly dates = new Codes();

  /** Chunks of search text (split at white space) and the slots of the listings that have them. */
  private readonly chunkIds = new Map<string, number>();
  private chunks: string[] = [];
  private postings: IntList[] = [];
  /** The chunks having each trigram (of 3 UTF-16 units): a word is looked for in the chunks of its rarest one. */
  private readonly trigramChunks = new Map<string, number[]>();
  /** Per chunk, a stamp of the last word that marked it. */
  private chunkMarks = new Uint32Array(1024);
  private chunkStamp = 0;
  /** Per chunk, the search that marked it and the bits of its words the chunk contains. */
  private chunkQuery = new Uint32Array(1024);
  private chunkBits = new Int32Array(1024);
  private queryStamp = 0;
  /** Lexemes of search vectors: ids, and the lexemes in sorted order (for prefixes), rebuilt when new ones came. */
  private readonly lexemeIds = new Map<string, number>();
  private lexemeList: string[] = [];
  private sortedLexemes: string[] | undefined;
  private lexemeMarks = new Uint32Array(1024);
  private lexemeStamp = 0;
  /** The live slots in each order, and the featured ones by featured_until desc, id desc. */
  private byNewest = new IntList();
  private byRateAsc = new IntList();
  private byRateDesc = new IntList();
  private featuredOrder = new IntList();
  /** Goes up whenever a slot is added or emptied: the bitsets of an older version are built again. */
  private version = 0;
  /** Bitsets over the slots of broad words' matches and of filter values, by key, the most recently used last. */
  private readonly bitsets = new LRUCache<string, { version: number; bits: Uint32Array }>({
    max: BITSETS_KEPT,
  });
  private scratch = new Uint32Array(0);
  /** Per slot, a stamp of the last search that collected it (no clearing between searches). */
  private marks = new Uint32Array(1024);
  private stamp = 0;

  /** The search generation the index holds. */
  generation = 0;

  /**
   * `collectBelow` and `gatherBelow` (COLLECT_BELOW and GATHER_BELOW by default) choose how a search finds its
   * matches; every choice gives the same answers (tests set them to take each way).
   */
  constructor(
    private readonly tuning: { collectBelow: number; gatherBelow: number } = {
      collectBelow: COLLECT_BELOW,
      gatherBelow: GATHER_BELOW,
    },
  ) {}

  get size(): number {
    return this.byId.size;
  }

  /** Newest first: created_at desc, id desc (the SQL order's ties). */
  private readonly newer = (a: number, b: number): number => {
    const x = this.ids[a] as string;
    const y = this.ids[b] as string;
    return (this.atUs[b] as number) - (this.atUs[a] as number) || (x < y ? 1 : x > y ? -1 : 0);
  };

  private readonly rateAsc = (a: number, b: number): number => {
    const x = this.rate[a] as number;
    const y = this.rate[b] as number;
    const noX = Number.isNaN(x);
    const noY = Number.isNaN(y);
    if (noX || noY) return noX && noY ? this.newer(a, b) : noX ? 1 : -1;
    return x - y || this.newer(a, b);
  };

  private readonly rateDesc = (a: number, b: number): number => {
    const x = this.rate[a] as number;
    const y = this.rate[b] as number;
    const noX = Number.isNaN(x);
    const noY = Number.isNaN(y);
    if (noX || noY) return noX && noY ? this.newer(a, b) : noX ? 1 : -1;
    return y - x || this.newer(a, b);
  };

  private readonly featuredFirst = (a: number, b: number): number => {
    const x = this.ids[a] as string;
    const y = this.ids[b] as string;
    return (this.featuredMs[b] as number) - (this.featuredMs[a] as number) || (x < y ? 1 : x > y ? -1 : 0);
  };

  /** The first index of a sorted list whose slot is not before `slot` (binary search). */
  private static lowerBound(list: IntList, slot: number, compare: (a: number, b: number) => number): number {
    let lo = 0;
    let hi = list.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (compare(list.data[mid] as number, slot) < 0) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  private grow(size: number): void {
    if (size <= this.capacity) return;
    const capacity = Math.max(size, this.capacity * 2, 1024);
    const f64 = (a: Float64Array) => {
      const b = new Float64Array(capacity);
      b.set(a);
      return b;
    };
    const i32 = (a: Int32Array) => {
      const b = new Int32Array(capacity);
      b.set(a);
      return b;
    };
    const alive = new Uint8Array(capacity);
    alive.set(this.alive);
    this.alive = alive;
    this.atUs = f64(this.atUs);
    this.owner = i32(this.owner);
    this.ownerType = i32(this.ownerType);
    this.category = i32(this.category);
    this.city = i32(this.city);
    this.rate = f64(this.rate);
    this.availableFrom = i32(this.availableFrom);
    this.availableTo = i32(this.availableTo);
    this.featuredMs = f64(this.featuredMs);
    this.lexemeStart = i32(this.lexemeStart);
    this.lexemeCount = i32(this.lexemeCount);
    this.chunkStart = i32(this.chunkStart);
    this.chunkCount = i32(this.chunkCount);
    this.capacity = capacity;
  }

  private growPools(lexemes: number, chunks: number): void {
    if (this.lexemePoolLength + lexemes > this.lexemePool.length) {
      const size = Math.max(this.lexemePoolLength + lexemes, this.lexemePool.length * 2, 4096);
      const pool = new Int32Array(size);
      pool.set(this.lexemePool.subarray(0, this.lexemePoolLength));
      this.lexemePool = pool;
      const shares = new Float64Array(size);
      shares.set(this.sharePool.subarray(0, this.lexemePoolLength));
      this.sharePool = shares;
    }
    if (this.chunkPoolLength + chunks > this.chunkPool.length) {
      const size = Math.max(this.chunkPoolLength + chunks, this.chunkPool.length * 2, 4096);
      const pool = new Int32Array(size);
      pool.set(this.chunkPool.subarray(0, this.chunkPoolLength));
      this.chunkPool = pool;
    }
  }

  private ownerOf(ownerId: string): number {
    const code = this.owners.of(ownerId);
    if (code >= this.verified.length) {
      const grown = new Uint8Array(Math.max(code + 1, this.verified.length * 2));
      grown.set(this.verified);
      this.verified = grown;
    }
    return code;
  }

  private chunkOf(chunk: string): number {
    let id = this.chunkIds.get(chunk);
    if (id === undefined) {
      id = this.chunks.length;
      this.chunkIds.set(chunk, id);
      this.chunks.push(chunk);
      this.postings.push(new IntList(2));
      const seen = new Set<string>();
      for (let i = 0; i + 3 <= chunk.length; i++) {
        const trigram = chunk.slice(i, i + 3);
        if (seen.has(trigram)) continue;
        seen.add(trigram);
        const list = this.trigramChunks.get(trigram);
        if (list) list.push(id);
        else this.trigramChunks.set(trigram, [id]);
      }
    }
    return id;
  }

  private lexemeOf(lexeme: string): number {
    let id = this.lexemeIds.get(lexeme);
    if (id === undefined) {
      id = this.lexemeList.length;
      this.lexemeIds.set(lexeme, id);
      this.lexemeList.push(lexeme);
      this.sortedLexemes = undefined;
    }
    return id;
  }

  /** Puts (or replaces) a listing as loaded: an inactive one, or one whose owner is suspended, is removed. */
  put(row: LoadedRow, ordered = true): void {
    this.remove(row.id);
    this.setVerified(row.ownerId, row.verified);
    if (row.status !== 'active' || row.suspended) return;
    const parsed = parseTsvector(row.vector);
    const chunks = new Set((row.searchText ?? '').split(/\s+/));
    chunks.delete('');
    const slot = this.slots++;
    this.grow(this.slots);
    this.growPools(parsed.length, chunks.size);
    this.ids[slot] = row.id;
    this.alive[slot] = 1;
    this.atUs[slot] = Number(row.atUs);
    this.owner[slot] = this.ownerOf(row.ownerId);
    this.ownerType[slot] = this.ownerTypes.of(row.ownerType);
    this.category[slot] = this.categories.of(row.category);
    this.city[slot] = this.cities.of(row.city);
    this.rate[slot] = row.rateInr === null ? Number.NaN : row.rateInr;
    this.availableFrom[slot] = this.dates.of(row.availableFrom);
    this.availableTo[slot] = this.dates.of(row.availableTo);
    this.featuredMs[slot] = row.featuredMs === null ? Number.NaN : Number(row.featuredMs);
    this.lexemeStart[slot] = this.lexemePoolLength;
    this.lexemeCount[slot] = parsed.length;
    for (const { lexeme, weights } of parsed) {
      this.lexemePool[this.lexemePoolLength] = this.lexemeOf(lexeme);
      this.sharePool[this.lexemePoolLength] = lexemeShare(weights);
      this.lexemePoolLength += 1;
    }
    this.chunkStart[slot] = this.chunkPoolLength;
    this.chunkCount[slot] = chunks.size;
    for (const chunk of chunks) {
      const c = this.chunkOf(chunk);
      (this.postings[c] as IntList).push(slot);
      this.chunkPool[this.chunkPoolLength++] = c;
    }
    this.byId.set(row.id, slot);
    this.version += 1;
    if (ordered) {
      this.byNewest.insert(SearchIndex.lowerBound(this.byNewest, slot, this.newer), slot);
      this.byRateAsc.insert(SearchIndex.lowerBound(this.byRateAsc, slot, this.rateAsc), slot);
      this.byRateDesc.insert(SearchIndex.lowerBound(this.byRateDesc, slot, this.rateDesc), slot);
      if (!Number.isNaN(this.featuredMs[slot] as number))
        this.featuredOrder.insert(SearchIndex.lowerBound(this.featuredOrder, slot, this.featuredFirst), slot);
    }
  }

  /** Sorts the orders after a load of many listings (put with `ordered` false), numbering the slots newest first. */
  sortAll(): void {
    this.renumber();
  }

  remove(id: string): void {
    const slot = this.byId.get(id);
    if (slot === undefined) return;
    this.byId.delete(id);
    for (const [order, compare] of [
      [this.byNewest, this.newer],
      [this.byRateAsc, this.rateAsc],
      [this.byRateDesc, this.rateDesc],
      [this.featuredOrder, this.featuredFirst],
    ] as const) {
      const at = SearchIndex.lowerBound(order, slot, compare);
      if (at < order.length && order.data[at] === slot) order.removeAt(at);
    }
    this.alive[slot] = 0;
    this.dead += 1;
    this.version += 1;
  }

  /** Owners' GST verification (an owner change in the log). */
  setVerified(ownerId: string, verified: boolean): void {
    this.verified[this.ownerOf(ownerId)] = verified ? 1 : 0;
  }

  /** Drops the emptied slots once they are a quarter of them (the slots numbered newest first again). */
  compactIfNeeded(): void {
    if (this.dead < 1000 || this.dead * 4 < this.slots) return;
    this.renumber();
  }

  /**
   * The live slots numbered again, newest first (a walk in that order then reads the columns in sequence), their
   * pools and postings copied without the emptied ones, and every order sorted.
   */
  private renumber(): void {
    const live: number[] = [];
    for (let slot = 0; slot < this.slots; slot++) if (this.alive[slot]) live.push(slot);
    live.sort(this.newer);
    const n = live.length;
    const next = new Int32Array(this.slots).fill(-1);
    live.forEach((slot, i) => {
      next[slot] = i;
    });
    const f64 = (a: Float64Array) => Float64Array.from(live, (slot) => a[slot] as number);
    const i32 = (a: Int32Array) => Int32Array.from(live, (slot) => a[slot] as number);
    let lexemes = 0;
    let chunks = 0;
    for (const slot of live) {
      lexemes += this.lexemeCount[slot] as number;
      chunks += this.chunkCount[slot] as number;
    }
    const lexemePool = new Int32Array(Math.max(lexemes, 4096));
    const sharePool = new Float64Array(lexemePool.length);
    const chunkPool = new Int32Array(Math.max(chunks, 4096));
    const lexemeStart = new Int32Array(n);
    const chunkStart = new Int32Array(n);
    let l = 0;
    let c = 0;
    live.forEach((slot, i) => {
      const ls = this.lexemeStart[slot] as number;
      const lc = this.lexemeCount[slot] as number;
      lexemeStart[i] = l;
      lexemePool.set(this.lexemePool.subarray(ls, ls + lc), l);
      sharePool.set(this.sharePool.subarray(ls, ls + lc), l);
      l += lc;
      const cs = this.chunkStart[slot] as number;
      const cc = this.chunkCount[slot] as number;
      chunkStart[i] = c;
      chunkPool.set(this.chunkPool.subarray(cs, cs + cc), c);
      c += cc;
    });
    this.postings = this.postings.map((list) => {
      const out = new IntList(Math.max(2, list.length));
      for (let i = 0; i < list.length; i++) {
        const slot = next[list.data[i] as number] as number;
        if (slot >= 0) out.data[out.length++] = slot;
      }
      out.data.subarray(0, out.length).sort();
      return out;
    });
    this.ids = live.map((slot) => this.ids[slot]);
    this.alive = new Uint8Array(n).fill(1);
    this.atUs = f64(this.atUs);
    this.owner = i32(this.owner);
    this.ownerType = i32(this.ownerType);
    this.category = i32(this.category);
    this.city = i32(this.city);
    this.rate = f64(this.rate);
    this.availableFrom = i32(this.availableFrom);
    this.availableTo = i32(this.availableTo);
    this.featuredMs = f64(this.featuredMs);
    this.lexemeStart = lexemeStart;
    this.lexemeCount = i32(this.lexemeCount);
    this.chunkStart = chunkStart;
    this.chunkCount = i32(this.chunkCount);
    this.lexemePool = lexemePool;
    this.sharePool = sharePool;
    this.lexemePoolLength = l;
    this.chunkPool = chunkPool;
    this.chunkPoolLength = c;
    this.slots = n;
    this.capacity = n;
    this.dead = 0;
    this.version += 1;
    for (const [id, slot] of this.byId) this.byId.set(id, next[slot] as number);
    const all = Int32Array.from({ length: n }, (_, i) => i);
    this.byNewest = IntList.of(all);
    this.byRateAsc = IntList.of(Int32Array.from(all).sort(this.rateAsc));
    this.byRateDesc = IntList.of(Int32Array.from(all).sort(this.rateDesc));
    this.featuredOrder = IntList.of(
      all.filter((slot) => !Number.isNaN(this.featuredMs[slot] as number)).sort(this.featuredFirst),
    );
  }

  private nextStamp(): number {
    if (this.marks.length < this.slots) {
      this.marks = new Uint32Array(Math.max(this.slots * 2, 1024));
      this.stamp = 0;
    }
    if (this.stamp >= 0xfffffff0) {
      this.marks.fill(0);
      this.stamp = 0;
    }
    return ++this.stamp;
  }

  /** The chunks containing any of the strings (through their rarest trigram; a shorter one scans every chunk). */
  private chunksContaining(alternatives: readonly string[]): number[] {
    if (this.chunkMarks.length < this.chunks.length) {
      const grown = new Uint32Array(Math.max(this.chunks.length * 2, 1024));
      grown.set(this.chunkMarks);
      this.chunkMarks = grown;
    }
    if (this.chunkStamp >= 0xfffffff0) {
      this.chunkMarks.fill(0);
      this.chunkStamp = 0;
    }
    const stamp = ++this.chunkStamp;
    const out: number[] = [];
    const take = (c: number, alternative: string) => {
      if (this.chunkMarks[c] !== stamp && (this.chunks[c] as string).includes(alternative)) {
        this.chunkMarks[c] = stamp;
        out.push(c);
      }
    };
    for (const alternative of alternatives) {
      if (alternative.length < 3) {
        for (let c = 0; c < this.chunks.length; c++) take(c, alternative);
        continue;
      }
      let rarest: number[] | undefined;
      for (let i = 0; i + 3 <= alternative.length; i++) {
        const list = this.trigramChunks.get(alternative.slice(i, i + 3));
        if (!list) {
          rarest = [];
          break;
        }
        if (!rarest || list.length < rarest.length) rarest = list;
      }
      for (const c of rarest ?? []) take(c, alternative);
    }
    return out;
  }

  private filterOf(input: IndexQuery['input']): Filter {
    return {
      ownerType: input.ownerRole === undefined ? undefined : this.ownerTypes.find(input.ownerRole),
      category: input.category === undefined ? undefined : this.categories.find(input.category),
      city: input.city === undefined || input.city === '' ? undefined : this.cities.find(input.city),
      rateMin: input.rateMin,
      rateMax: input.rateMax,
      availableFrom: input.availableFrom || undefined,
      availableTo: input.availableTo || undefined,
      verifiedOnly: Boolean(input.verifiedOnly),
    };
  }

  private passes(slot: number, filter: Filter): boolean {
    if (filter.ownerType !== undefined && this.ownerType[slot] !== filter.ownerType) return false;
    if (filter.category !== undefined && this.category[slot] !== filter.category) return false;
    if (filter.city !== undefined && this.city[slot] !== filter.city) return false;
    const rate = this.rate[slot] as number;
    if (filter.rateMin !== undefined && (Number.isNaN(rate) || rate < filter.rateMin)) return false;
    if (filter.rateMax !== undefined && (Number.isNaN(rate) || rate > filter.rateMax)) return false;
    if (filter.availableTo !== undefined) {
      const from = this.availableFrom[slot] as number;
      if (from >= 0 && (this.dates.values[from] as string) > filter.availableTo) return false;
    }
    if (filter.availableFrom !== undefined) {
      const to = this.availableTo[slot] as number;
      if (to >= 0 && (this.dates.values[to] as string) < filter.availableFrom) return false;
    }
    if (filter.verifiedOnly && !this.verified[this.owner[slot] as number]) return false;
    return true;
  }

  /**
   * Marks the chunks containing each word (its bit in chunkBits, for this search's stamp) and returns, per word,
   * how many postings its chunks have (at least its matches), or null when a word is in no chunk (nothing
   * matches).
   */
  private markWords(words: readonly string[][]): MarkedWords | null {
    if (words.length > 30) throw new RangeError('A search has at most 30 words.');
    if (this.chunkQuery.length < this.chunks.length) {
      this.chunkQuery = new Uint32Array(Math.max(this.chunks.length * 2, 1024));
      this.chunkBits = new Int32Array(this.chunkQuery.length);
      this.queryStamp = 0;
    }
    if (this.queryStamp >= 0xfffffff0) {
      this.chunkQuery.fill(0);
      this.queryStamp = 0;
    }
    const stamp = ++this.queryStamp;
    const postings: number[] = [];
    const chunks: number[][] = [];
    for (let w = 0; w < words.length; w++) {
      const found = this.chunksContaining(words[w] as string[]);
      if (found.length === 0) return null;
      chunks.push(found);
      let sum = 0;
      for (const c of found) {
        if (this.chunkQuery[c] !== stamp) {
          this.chunkQuery[c] = stamp;
          this.chunkBits[c] = 0;
        }
        (this.chunkBits as Int32Array)[c] = (this.chunkBits[c] as number) | (1 << w);
        sum += (this.postings[c] as IntList).length;
      }
      postings.push(sum);
    }
    return { stamp, postings, chunks };
  }

  /** Whether a slot's chunks hold every word (the bits `all`) marked by markWords() with `stamp`. */
  private hasWords(slot: number, stamp: number, all: number): boolean {
    let bits = 0;
    const end = (this.chunkStart[slot] as number) + (this.chunkCount[slot] as number);
    for (let i = this.chunkStart[slot] as number; i < end; i++) {
      const c = this.chunkPool[i] as number;
      if (this.chunkQuery[c] === stamp) {
        bits |= this.chunkBits[c] as number;
        if (bits === all) return true;
      }
    }
    return false;
  }

  private lexemesStarting(tokens: readonly string[]): number {
    if (!this.sortedLexemes) this.sortedLexemes = [...this.lexemeList].sort();
    if (this.lexemeMarks.length < this.lexemeList.length)
      this.lexemeMarks = new Uint32Array(Math.max(this.lexemeList.length * 2, 1024));
    if (this.lexemeStamp >= 0xfffffff0) {
      this.lexemeMarks.fill(0);
      this.lexemeStamp = 0;
    }
    const stamp = ++this.lexemeStamp;
    const sorted = this.sortedLexemes;
    for (const token of tokens) {
      let lo = 0;
      let hi = sorted.length;
      while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        if ((sorted[mid] as string) < token) lo = mid + 1;
        else hi = mid;
      }
      for (let i = lo; i < sorted.length && (sorted[i] as string).startsWith(token); i++)
        this.lexemeMarks[this.lexemeIds.get(sorted[i] as string) as number] = stamp;
    }
    return stamp;
  }

  search(query: IndexQuery): IndexAnswer {
    const cap = LIMITS.searchTotalCap + 1;
    const pageSize = query.input.limit + 1;
    const filter = this.filterOf(query.input);
    const words = query.words.length > 0 ? this.markWords(query.words) : undefined;
    if (words === null) return { page: [], featured: [], matched: 0 };
    if (words && Math.min(...words.postings) < this.tuning.collectBelow)
      return this.answerFrom(query, this.fromPostings(query, filter, words));
    // Broad: the slots having every word and the filters' values (a bitset), tested for the other filters.
    const candidates = this.candidateBits(query, filter, words);
    if (candidates && this.population(candidates) <= this.tuning.gatherBelow)
      return this.answerFrom(query, this.fromBits(candidates, filter));
    const matches = candidates
      ? (slot: number) =>
          (((candidates[slot >>> 5] as number) >>> (slot & 31)) & 1) === 1 && this.passesRest(slot, filter)
      : (slot: number) => this.passes(slot, filter);
    const featured = (slot: number) => (this.featuredMs[slot] as number) > query.now;
    /** Matches in `list` from `start` to `end`: at most `count`, of which at most `kept` pass `keep` (then it stops). */
    const walk = (
      list: IntList,
      start: number,
      count: number,
      keep: ((slot: number) => boolean) | undefined,
      kept: number,
      end = list.length,
    ): { all: number; kept: number[] } => {
      const out: number[] = [];
      let found = 0;
      for (let i = start; i < end && (found < count || out.length < kept); i++) {
        const slot = list.data[i] as number;
        if (!matches(slot)) continue;
        found += 1;
        if (out.length < kept && (!keep || keep(slot))) out.push(slot);
      }
      return { all: found, kept: out };
    };
    if (query.sort === 'relevance') return this.ranked(query, walk(this.byNewest, 0, 0, undefined, cap).kept);
    if (query.sort === 'newest') {
      const notFeatured = (slot: number) => !featured(slot);
      // A first page: one walk for the page and the bounded count (every match, featured too, at most the cap).
      // A later page: its page from the cursor, and the count from the first.
      const page = query.cursor
        ? walk(this.byNewest, this.cursorStart(query.cursor), 0, notFeatured, pageSize)
        : walk(this.byNewest, 0, cap, notFeatured, pageSize);
      const counted = query.cursor ? walk(this.byNewest, 0, cap, undefined, 0) : page;
      const top: number[] = [];
      if (query.cursor === undefined)
        for (let i = 0; i < this.featuredOrder.length && top.length < FEATURED_MAX; i++) {
          const slot = this.featuredOrder.data[i] as number;
          if (featured(slot) && matches(slot)) top.push(slot);
        }
      const needsCount = query.cursor !== undefined || page.kept.length > query.input.limit;
      return {
        page: page.kept.map((slot) => this.ids[slot] as string),
        featured: top.map((slot) => this.ids[slot] as string),
        matched: needsCount ? Math.min(counted.all, cap) : page.kept.length,
      };
    }
    // The page (after `offset` matches) and the bounded count in one walk, within the rate bounds' run.
    const order = query.sort === 'rate_asc' ? this.byRateAsc : this.byRateDesc;
    const [from, to] = this.rateWindow(order, query.sort === 'rate_asc', filter);
    const found = walk(order, from, cap, undefined, query.offset + pageSize, to);
    const page = found.kept.slice(query.offset);
    const needsCount = query.offset > 0 || page.length > query.input.limit;
    return {
      page: page.map((slot) => this.ids[slot] as string),
      featured: [],
      matched: needsCount ? Math.min(found.all, cap) : page.length,
    };
  }

  /** A bitset over the slots, kept (by key) until a slot is added or emptied. */
  private cachedBits(key: string, build: (bits: Uint32Array) => void): Uint32Array {
    const held = this.bitsets.get(key);
    if (held && held.version === this.version) return held.bits;
    const bits = new Uint32Array((this.slots + 31) >>> 5);
    build(bits);
    this.bitsets.set(key, { version: this.version, bits });
    return bits;
  }

  private columnBits(name: string, column: Int32Array, code: number): Uint32Array {
    return this.cachedBits(`${name} ${code}`, (bits) => {
      for (let slot = 0; slot < this.slots; slot++)
        if (column[slot] === code) bits[slot >>> 5] = (bits[slot >>> 5] as number) | (1 << (slot & 31));
    });
  }

  /**
   * The slots having every word (a substring of one of their chunks) and the category, owner type and city asked
   * for, emptied ones included: one bitset of each word and value (kept), intersected. Undefined without any.
   */
  private candidateBits(
    query: IndexQuery,
    filter: Filter,
    words: MarkedWords | undefined,
  ): Uint32Array | undefined {
    const sets: Uint32Array[] = [];
    if (words)
      query.words.forEach((alternatives, w) => {
        sets.push(
          this.cachedBits(`word ${alternatives.join('\u0000')}`, (bits) => {
            for (const c of words.chunks[w] as number[]) {
              const list = this.postings[c] as IntList;
              for (let i = 0; i < list.length; i++) {
                const slot = list.data[i] as number;
                bits[slot >>> 5] = (bits[slot >>> 5] as number) | (1 << (slot & 31));
              }
            }
          }),
        );
      });
    if (filter.category !== undefined) sets.push(this.columnBits('category', this.category, filter.category));
    if (filter.ownerType !== undefined)
      sets.push(this.columnBits('ownerType', this.ownerType, filter.ownerType));
    if (filter.city !== undefined) sets.push(this.columnBits('city', this.city, filter.city));
    if (sets.length === 0) return undefined;
    const n = (this.slots + 31) >>> 5;
    if (this.scratch.length !== n) this.scratch = new Uint32Array(n);
    const out = this.scratch;
    out.set(sets[0] as Uint32Array);
    for (let k = 1; k < sets.length; k++) {
      const set = sets[k] as Uint32Array;
      for (let i = 0; i < n; i++) out[i] = (out[i] as number) & (set[i] as number);
    }
    return out;
  }

  private population(bits: Uint32Array): number {
    let n = 0;
    for (let i = 0; i < bits.length; i++) if (bits[i]) n += popcount(bits[i] as number);
    return n;
  }

  /** The filters a candidate bitset does not hold: the rate bounds, the dates and verified owners. */
  private passesRest(slot: number, filter: Filter): boolean {
    const rate = this.rate[slot] as number;
    if (filter.rateMin !== undefined && (Number.isNaN(rate) || rate < filter.rateMin)) return false;
    if (filter.rateMax !== undefined && (Number.isNaN(rate) || rate > filter.rateMax)) return false;
    if (filter.availableTo !== undefined) {
      const from = this.availableFrom[slot] as number;
      if (from >= 0 && (this.dates.values[from] as string) > filter.availableTo) return false;
    }
    if (filter.availableFrom !== undefined) {
      const to = this.availableTo[slot] as number;
      if (to >= 0 && (this.dates.values[to] as string) < filter.availableFrom) return false;
    }
    if (filter.verifiedOnly && !this.verified[this.owner[slot] as number]) return false;
    return true;
  }

  /** Every match among a bitset's live slots. */
  private fromBits(bits: Uint32Array, filter: Filter): number[] {
    const found: number[] = [];
    for (let i = 0; i < bits.length; i++) {
      let word = bits[i] as number;
      while (word !== 0) {
        const low = word & -word;
        const slot = (i << 5) + 31 - Math.clz32(low);
        word ^= low;
        if (this.alive[slot] && this.passesRest(slot, filter)) found.push(slot);
      }
    }
    return found;
  }

  /**
   * The run of a rate order (ascending or descending, listings without a rate last) whose rates are within the
   * filter's bounds: all of it without bounds, none of those without a rate with one.
   */
  private rateWindow(order: IntList, ascending: boolean, filter: Filter): [number, number] {
    if (filter.rateMin === undefined && filter.rateMax === undefined) return [0, order.length];
    const low = filter.rateMin ?? Number.NEGATIVE_INFINITY;
    const high = filter.rateMax ?? Number.POSITIVE_INFINITY;
    // The first position whose rate is past `bound` (`inclusive`: at or past it) in the order's direction.
    const past = (bound: number, inclusive: boolean) => {
      let lo = 0;
      let hi = order.length;
      while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        const rate = this.rate[order.data[mid] as number] as number;
        const beyond = Number.isNaN(rate)
          ? true
          : ascending
            ? inclusive
              ? rate >= bound
              : rate > bound
            : inclusive
              ? rate <= bound
              : rate < bound;
        if (beyond) hi = mid;
        else lo = mid + 1;
      }
      return lo;
    };
    return ascending ? [past(low, true), past(high, false)] : [past(high, true), past(low, false)];
  }

  /** The first position of the newest order strictly after a keyset cursor. */
  private cursorStart(cursor: { at: string; id: string }): number {
    const at = timestampMicros(cursor.at);
    const id = cursor.id;
    // newer(slot, cursor's listing), as the order compares two listings.
    const compare = (slot: number) => {
      const x = this.ids[slot] as string;
      return at - (this.atUs[slot] as number) || (x < id ? 1 : x > id ? -1 : 0);
    };
    let lo = 0;
    let hi = this.byNewest.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (compare(this.byNewest.data[mid] as number) < 0) lo = mid + 1;
      else hi = mid;
    }
    while (lo < this.byNewest.length && compare(this.byNewest.data[lo] as number) <= 0) lo++;
    return lo;
  }

  /** The relevance page of the candidates (the newest matches, at most the cap), ranked by ts_rank. */
  private ranked(query: IndexQuery, candidates: readonly number[]): IndexAnswer {
    const stamp = this.lexemesStarting(query.tokens);
    const size = Math.max(1, query.tokens.length);
    const ranks = new Float64Array(candidates.length);
    for (let c = 0; c < candidates.length; c++) {
      const slot = candidates[c] as number;
      let rank = 0;
      const start = this.lexemeStart[slot] as number;
      const end = start + (this.lexemeCount[slot] as number);
      for (let i = start; i < end; i++)
        if (this.lexemeMarks[this.lexemePool[i] as number] === stamp) rank += this.sharePool[i] as number;
      ranks[c] = Math.fround(rank / size);
    }
    // Positions in `candidates`, best rank first, then newest.
    const byRank = (a: number, b: number) =>
      (ranks[b] as number) - (ranks[a] as number) ||
      this.newer(candidates[a] as number, candidates[b] as number);
    const positions = Array.from({ length: candidates.length }, (_, c) => c);
    return {
      page: firstOf(positions, query.offset + query.input.limit + 1, byRank)
        .slice(query.offset)
        .map((c) => this.ids[candidates[c] as number] as string),
      featured: [],
      matched: candidates.length,
    };
  }

  /** Every match of a narrow search, from its rarest word's postings. */
  private fromPostings(query: IndexQuery, filter: Filter, words: MarkedWords): number[] {
    const all = 2 ** query.words.length - 1;
    const found: number[] = [];
    const rarest = words.postings.indexOf(Math.min(...words.postings));
    const stamp = this.nextStamp();
    for (const c of words.chunks[rarest] as number[]) {
      const list = this.postings[c] as IntList;
      for (let i = 0; i < list.length; i++) {
        const slot = list.data[i] as number;
        if (this.marks[slot] === stamp) continue;
        this.marks[slot] = stamp;
        // One word: every slot of its chunks has it.
        if (
          this.alive[slot] &&
          this.passes(slot, filter) &&
          (all === 1 || this.hasWords(slot, words.stamp, all))
        )
          found.push(slot);
      }
    }
    return found;
  }

  /** A search answered from every match (in any order): the page's first matches in its order (firstOf). */
  private answerFrom(query: IndexQuery, found: number[]): IndexAnswer {
    const cap = LIMITS.searchTotalCap + 1;
    const pageSize = query.input.limit + 1;
    const featured = (slot: number) => (this.featuredMs[slot] as number) > query.now;
    // Ranked among the newest `cap` matches (all of them when there are no more).
    if (query.sort === 'relevance') return this.ranked(query, firstOf(found, cap, this.newer));
    const matched = Math.min(found.length, cap);
    if (query.sort === 'newest') {
      let after = -1;
      if (query.cursor) {
        const start = this.cursorStart(query.cursor);
        after = start < this.byNewest.length ? (this.byNewest.data[start] as number) : -2;
      }
      // The page: the newest matches not featured, from the cursor's place on.
      const rest =
        after === -2
          ? []
          : found.filter((slot) => !featured(slot) && (after < 0 || this.newer(slot, after) >= 0));
      const page = firstOf(rest, pageSize, this.newer);
      const top =
        query.cursor === undefined
          ? found.filter(featured).sort(this.featuredFirst).slice(0, FEATURED_MAX)
          : [];
      const needsCount = query.cursor !== undefined || page.length > query.input.limit;
      return {
        page: page.map((slot) => this.ids[slot] as string),
        featured: top.map((slot) => this.ids[slot] as string),
        matched: needsCount ? matched : page.length,
      };
    }
    const order = query.sort === 'rate_asc' ? this.rateAsc : this.rateDesc;
    const page = firstOf(found, query.offset + pageSize, order).slice(query.offset);
    const needsCount = query.offset > 0 || page.length > query.input.limit;
    return {
      page: page.map((slot) => this.ids[slot] as string),
      featured: [],
      matched: needsCount ? matched : page.length,
    };
  }
}

/**
 * The first `k` of `list` in `compare`'s order (a total order), sorted: the same as sorting the list and taking
 * `k`, through a heap of `k` when the list is longer (a page of 25 from 2,000 matches is about 2,000 comparisons
 * instead of 22,000: sorting every match was a third of a search's time in the index at a million, issue 34).
 * `list` may be reordered.
 */
export function firstOf(list: number[], k: number, compare: (a: number, b: number) => number): number[] {
  if (list.length <= k) return list.sort(compare);
  if (k <= 0) return [];
  // A max-heap of the k first seen so far: heap[0] is the last of them.
  const heap = list.slice(0, k);
  const down = (from: number) => {
    let i = from;
    for (;;) {
      const left = 2 * i + 1;
      if (left >= k) return;
      const right = left + 1;
      const larger = right < k && compare(heap[right] as number, heap[left] as number) > 0 ? right : left;
      if (compare(heap[larger] as number, heap[i] as number) <= 0) return;
      [heap[i], heap[larger]] = [heap[larger] as number, heap[i] as number];
      i = larger;
    }
  };
  for (let i = (k >>> 1) - 1; i >= 0; i--) down(i);
  for (let i = k; i < list.length; i++) {
    const x = list[i] as number;
    if (compare(x, heap[0] as number) < 0) {
      heap[0] = x;
      down(0);
    }
  }
  return heap.sort(compare);
}

/**
 * The page rows of recent searches (the listing and its owner's fields, as the page statement reads them), by
 * listing id, the most recently used `capacity`: a listing shows on many searches' pages, and PostgreSQL then
 * reads only the page's rows not held. Kept exact by the index's catch-up, which forgets the listings that the
 * change log names and every listing of an owner it names (a name, a verification or a review changed); a row read
 * while a catch-up forgot anything is not kept (it may be older than what was forgotten).
 */
export class RowCache<Row extends { id: string; ownerId: string }> {
  // lru-cache, not a Map kept in use order: evicting a Map's first key skips the holes its deletes left at the
  // front, and with 24 rows kept per search at 20,000 that was a tenth of a search's CPU at a million (issue 34).
  private readonly rows: LRUCache<string, Row>;
  /** Goes up whenever rows are forgotten. */
  epoch = 0;

  constructor(capacity = 20_000) {
    this.rows = new LRUCache({ max: capacity });
  }

  get(id: string): Row | undefined {
    return this.rows.get(id);
  }

  /** Keeps rows read when the epoch was `epoch` (none when rows were forgotten since). */
  keep(rows: readonly Row[], epoch: number): void {
    if (epoch !== this.epoch) return;
    for (const row of rows) this.rows.set(row.id, row);
  }

  forget(ids: readonly string[], owners: readonly string[]): void {
    this.epoch += 1;
    for (const id of ids) this.rows.delete(id);
    if (owners.length === 0) return;
    const set = new Set(owners);
    const owned: string[] = [];
    for (const [id, row] of this.rows.entries()) if (set.has(row.ownerId)) owned.push(id);
    for (const id of owned) this.rows.delete(id);
  }

  clear(): void {
    this.epoch += 1;
    this.rows.clear();
  }
}

/** The active listings of owners not suspended, by id, after `after`, at most `limit` of them (a build's batch). */
export function loadListingRows(
  db: Database,
  after: string | undefined,
  limit: number,
): Promise<LoadedRow[]> {
  return db
    .select(loadColumns)
    .from(listings)
    .innerJoin(users, eq(users.id, listings.ownerId))
    .where(
      and(
        eq(listings.status, 'active'),
        eq(listings.ownerSuspended, false),
        after === undefined ? undefined : gt(listings.id, after),
      ),
    )
    .orderBy(asc(listings.id))
    .limit(limit);
}

/** How many generations behind the index follows the log; more (or a gap) rebuilds it. */
const FOLLOW_AT_MOST = 400;
const LOAD_BATCH = 5_000;
/** Listings put into a building index between two turns of the event loop. */
const PUT_SLICE = 250;

/** The index of one database handle: built in the background, caught up before each search. */
export class LiveSearchIndex {
  private index: SearchIndex | undefined;
  private building: Promise<void> | undefined;
  private catchingUp: Promise<void> | undefined;
  private stopped = false;
  /** Searches this index answered (GET /healthz shows it; tests check the index, not SQL, answered). */
  answered = 0;
  /** The page rows of recent searches (search.ts reads and fills it), kept exact by the catch-up. */
  readonly rows = new RowCache<{ id: string; ownerId: string }>();

  constructor(
    private readonly db: Database,
    private readonly logger: Logger,
  ) {}

  /** Ready to answer (built). */
  get ready(): boolean {
    return this.index !== undefined;
  }

  get size(): number {
    return this.index?.size ?? 0;
  }

  stop(): void {
    this.stopped = true;
  }

  /** Builds the index (again) in the background; searches use SQL until it is built. */
  start(): Promise<void> {
    if (!this.building) {
      this.building = this.build()
        .catch((error: unknown) => {
          if (!this.stopped) this.logger.warn({ err: error }, 'search index build failed');
        })
        .finally(() => {
          this.building = undefined;
        });
    }
    return this.building;
  }

  private readonly generationStatement = () => {
    this.prepared ??= this.db
      .select({ n: searchGeneration.n })
      .from(searchGeneration)
      .where(eq(searchGeneration.id, 1))
      .prepare('search_index_generation');
    return this.prepared;
  };
  private prepared: { execute(): Promise<Array<{ n: number | bigint | string }>> } | undefined;

  /** The current search generation (one primary-key read). */
  async currentGeneration(): Promise<number> {
    const [row] = await this.generationStatement().execute();
    return Number(row?.n ?? 0);
  }

  private async build(): Promise<void> {
    const started = performance.now();
    const index = new SearchIndex();
    index.generation = await this.currentGeneration();
    let after: string | undefined;
    for (;;) {
      if (this.stopped) return;
      const rows = await loadListingRows(this.db, after, LOAD_BATCH);
      // A few hundred at a time, the event loop running between them: a batch at once kept a server starting
      // beside the build of a million listings from listening for over a minute on a busy machine.
      for (let i = 0; i < rows.length; i++) {
        index.put(rows[i] as LoadedRow, false);
        if (i % PUT_SLICE === PUT_SLICE - 1) await new Promise((resolve) => setImmediate(resolve));
      }
      if (rows.length < LOAD_BATCH) break;
      after = rows.at(-1)?.id;
    }
    index.sortAll();
    if (this.stopped) return;
    this.index = index;
    this.logger.info(
      { listings: index.size, ms: Math.round(performance.now() - started) },
      'search index built',
    );
  }

  /**
   * The index at `generation` (the current one, read by the caller) or later, or undefined when it is not built
   * (or must be rebuilt: the search then runs in SQL).
   */
  async at(generation: number): Promise<SearchIndex | undefined> {
    const index = this.index;
    if (!index) return undefined;
    if (index.generation >= generation) {
      this.answered += 1;
      return index;
    }
    while (index.generation < generation) {
      if (!this.catchingUp) {
        this.catchingUp = this.catchUp(index).finally(() => {
          this.catchingUp = undefined;
        });
      }
      await this.catchingUp;
      if (this.index !== index) return undefined;
    }
    this.answered += 1;
    return index;
  }

  /** Reads the changes since the index's generation and applies them (or starts a rebuild when it cannot). */
  private async catchUp(index: SearchIndex): Promise<void> {
    const since = index.generation;
    const upTo = await this.currentGeneration();
    if (upTo <= since) return;
    const changes =
      upTo - since > FOLLOW_AT_MOST
        ? []
        : await this.db
            .select({
              generation: searchChanges.generation,
              listingId: searchChanges.listingId,
              ownerId: searchChanges.ownerId,
            })
            .from(searchChanges)
            .where(and(gt(searchChanges.generation, since), sql`${searchChanges.generation} <= ${upTo}`));
    const logged = new Set(changes.map((change) => Number(change.generation)));
    const everything = changes.some((change) => change.listingId === null && change.ownerId === null);
    if (upTo - since > FOLLOW_AT_MOST || logged.size !== upTo - since || everything) {
      // Rebuilt in the background; SQL answers meanwhile.
      this.index = undefined;
      this.rows.clear();
      void this.start();
      return;
    }
    const ids = [...new Set(changes.flatMap((change) => (change.listingId ? [change.listingId] : [])))];
    const owners = [...new Set(changes.flatMap((change) => (change.ownerId ? [change.ownerId] : [])))];
    this.rows.forget(ids, owners);
    const rows: LoadedRow[] =
      ids.length + owners.length === 0
        ? []
        : await this.db
            .select(loadColumns)
            .from(listings)
            .innerJoin(users, eq(users.id, listings.ownerId))
            .where(
              or(
                ids.length > 0 ? inArray(listings.id, ids) : undefined,
                owners.length > 0 ? inArray(listings.ownerId, owners) : undefined,
              ),
            );
    if (owners.length > 0) {
      const verified = await this.db
        .select({ id: users.id, verified: sql<boolean>`(${users.gstVerification} = 'verified')` })
        .from(users)
        .where(inArray(users.id, owners));
      for (const owner of verified) index.setVerified(owner.id, owner.verified);
    }
    const seen = new Set(rows.map((row) => row.id));
    for (const id of ids) if (!seen.has(id)) index.remove(id);
    for (const row of rows) index.put(row);
    index.compactIfNeeded();
    index.generation = Math.max(index.generation, upTo);
  }
}

const live = new WeakMap<Database, LiveSearchIndex>();

/** Starts the in-memory search index of a database handle (a server at start). */
export function startSearchIndex(db: Database, logger: Logger): LiveSearchIndex {
  let index = live.get(db);
  if (!index) {
    index = new LiveSearchIndex(db, logger);
    live.set(db, index);
    void index.start();
  }
  return index;
}

/** Stops the background work of a handle's index (the server closing its pool). */
export function stopSearchIndex(db: Database): void {
  live.get(db)?.stop();
  live.delete(db);
}

/** The running index of a database handle, if one was started. */
export function searchIndexOf(db: Database): LiveSearchIndex | undefined {
  return live.get(db);
}
