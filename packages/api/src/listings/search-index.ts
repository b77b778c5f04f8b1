import { LIMITS, type SearchSort } from '@barterads/core';
import { type Database, listings, searchChanges, searchGeneration, users } from '@barterads/db';
import { and, asc, eq, gt, inArray, or, sql } from 'drizzle-orm';
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

interface Doc {
  id: string;
  /** Its slot in `docs` (a changed listing gets a new slot; the old one is emptied). */
  ord: number;
  /** created_at in microseconds since the epoch (the order and the keyset cursor). */
  atUs: number;
  ownerId: string;
  ownerType: string;
  category: string | null;
  city: string | null;
  rateInr: number | null;
  availableFrom: string | null;
  availableTo: string | null;
  featuredUntilMs: number | null;
  /** Lexeme ids of its search_vector and each one's share of ts_rank (calc_rank_or's term for it). */
  lexemes: Int32Array;
  shares: Float64Array;
}

interface LoadedRow {
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

/** Newest first: created_at desc, id desc (the SQL order's ties). */
function newer(a: Doc, b: Doc): number {
  return b.atUs - a.atUs || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);
}
function rateAsc(a: Doc, b: Doc): number {
  if (a.rateInr !== b.rateInr) {
    if (a.rateInr === null) return 1;
    if (b.rateInr === null) return -1;
    return a.rateInr - b.rateInr;
  }
  return newer(a, b);
}
function rateDesc(a: Doc, b: Doc): number {
  if (a.rateInr !== b.rateInr) {
    if (a.rateInr === null) return 1;
    if (b.rateInr === null) return -1;
    return b.rateInr - a.rateInr;
  }
  return newer(a, b);
}

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

/** The first index of a sorted array whose element is not before `doc` (binary search). */
function lowerBound(order: readonly Doc[], doc: Doc, compare: (a: Doc, b: Doc) => number): number {
  let lo = 0;
  let hi = order.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (compare(order[mid] as Doc, doc) < 0) lo = mid + 1;
    else hi = mid;
  }
  return lo;
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

export class SearchIndex {
  private docs: Array<Doc | undefined> = [];
  private readonly byId = new Map<string, Doc>();
  private dead = 0;
  /** Chunks of search text (split at white space) and the slots of the listings that have them. */
  private readonly chunkIds = new Map<string, number>();
  private chunks: string[] = [];
  private postings: number[][] = [];
  /** The chunks having each trigram (of 3 UTF-16 units): a word is looked for in the chunks of its rarest one. */
  private readonly trigramChunks = new Map<string, number[]>();
  /** Per chunk, a stamp of the last word that marked it. */
  private chunkMarks = new Uint32Array(1024);
  private chunkStamp = 0;
  /** Lexemes of search vectors: ids, and the lexemes in sorted order (for prefixes), rebuilt when new ones came. */
  private readonly lexemeIds = new Map<string, number>();
  private lexemeList: string[] = [];
  private sortedLexemes: string[] | undefined;
  /** Owners whose business is GST verified (the "verified businesses only" filter). */
  private readonly verifiedOwners = new Set<string>();
  private byNewest: Doc[] = [];
  private byRateAsc: Doc[] = [];
  private byRateDesc: Doc[] = [];
  /** Per slot, a stamp of the last query that marked it (no clearing between queries). */
  private marks = new Uint32Array(1024);
  private stamp = 0;

  /** The search generation the index holds. */
  generation = 0;

  get size(): number {
    return this.byId.size;
  }

  private chunkOf(chunk: string): number {
    let id = this.chunkIds.get(chunk);
    if (id === undefined) {
      id = this.chunks.length;
      this.chunkIds.set(chunk, id);
      this.chunks.push(chunk);
      this.postings.push([]);
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
    if (row.verified) this.verifiedOwners.add(row.ownerId);
    else this.verifiedOwners.delete(row.ownerId);
    if (row.status !== 'active' || row.suspended) return;
    const parsed = parseTsvector(row.vector);
    const doc: Doc = {
      id: row.id,
      ord: this.docs.length,
      atUs: Number(row.atUs),
      ownerId: row.ownerId,
      ownerType: row.ownerType,
      category: row.category,
      city: row.city,
      rateInr: row.rateInr,
      availableFrom: row.availableFrom,
      availableTo: row.availableTo,
      featuredUntilMs: row.featuredMs === null ? null : Number(row.featuredMs),
      lexemes: Int32Array.from(parsed, ({ lexeme }) => this.lexemeOf(lexeme)),
      shares: Float64Array.from(parsed, ({ weights }) => lexemeShare(weights)),
    };
    this.docs.push(doc);
    this.byId.set(doc.id, doc);
    for (const chunk of new Set((row.searchText ?? '').split(/\s+/))) {
      if (chunk) (this.postings[this.chunkOf(chunk)] as number[]).push(doc.ord);
    }
    if (ordered) {
      this.byNewest.splice(lowerBound(this.byNewest, doc, newer), 0, doc);
      this.byRateAsc.splice(lowerBound(this.byRateAsc, doc, rateAsc), 0, doc);
      this.byRateDesc.splice(lowerBound(this.byRateDesc, doc, rateDesc), 0, doc);
    } else {
      this.byNewest.push(doc);
    }
  }

  /** Sorts the orders after a load of many listings (put with `ordered` false). */
  sortAll(): void {
    this.byNewest = [...this.byId.values()].sort(newer);
    this.byRateAsc = [...this.byNewest].sort(rateAsc);
    this.byRateDesc = [...this.byNewest].sort(rateDesc);
  }

  remove(id: string): void {
    const doc = this.byId.get(id);
    if (!doc) return;
    this.byId.delete(id);
    this.docs[doc.ord] = undefined;
    this.dead += 1;
    for (const [order, compare] of [
      [this.byNewest, newer],
      [this.byRateAsc, rateAsc],
      [this.byRateDesc, rateDesc],
    ] as const) {
      const at = lowerBound(order, doc, compare);
      if (order[at] === doc) order.splice(at, 1);
    }
  }

  /** Owners' GST verification (an owner change in the log). */
  setVerified(ownerId: string, verified: boolean): void {
    if (verified) this.verifiedOwners.add(ownerId);
    else this.verifiedOwners.delete(ownerId);
  }

  /** Drops the emptied slots from the postings once they are a quarter of them. */
  compactIfNeeded(): void {
    if (this.dead < 1000 || this.dead * 4 < this.docs.length) return;
    const live = this.docs.filter((doc): doc is Doc => doc !== undefined);
    const slot = new Map<number, number>();
    live.forEach((doc, ord) => {
      slot.set(doc.ord, ord);
    });
    this.postings = this.postings.map((list) => {
      const out: number[] = [];
      for (const ord of list) {
        const next = slot.get(ord);
        if (next !== undefined) out.push(next);
      }
      return out;
    });
    live.forEach((doc, ord) => {
      doc.ord = ord;
    });
    this.docs = live;
    this.dead = 0;
  }

  private nextStamp(steps: number): number {
    if (this.marks.length < this.docs.length) {
      const grown = new Uint32Array(Math.max(this.docs.length * 2, 1024));
      grown.set(this.marks);
      this.marks = grown;
    }
    if (this.stamp + steps + 1 >= 0xffffffff) {
      this.marks.fill(0);
      this.stamp = 0;
    }
    const base = this.stamp + 1;
    this.stamp += steps + 1;
    return base;
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

  private passes(doc: Doc, input: IndexQuery['input']): boolean {
    if (input.ownerRole !== undefined && doc.ownerType !== input.ownerRole) return false;
    if (input.category !== undefined && doc.category !== input.category) return false;
    if (input.city !== undefined && input.city !== '' && doc.city !== input.city) return false;
    if (input.rateMin !== undefined && (doc.rateInr === null || doc.rateInr < input.rateMin)) return false;
    if (input.rateMax !== undefined && (doc.rateInr === null || doc.rateInr > input.rateMax)) return false;
    if (input.availableTo && doc.availableFrom !== null && doc.availableFrom > input.availableTo)
      return false;
    if (input.availableFrom && doc.availableTo !== null && doc.availableTo < input.availableFrom)
      return false;
    if (input.verifiedOnly && !this.verifiedOwners.has(doc.ownerId)) return false;
    return true;
  }

  /**
   * The slots matching every word, as marks (`marks[ord] === final`), and how many; or null without words (then
   * every listing that passes the filters matches).
   */
  private matchWords(query: IndexQuery): { final: number; docs: Doc[] } | null {
    if (query.words.length === 0) return null;
    const base = this.nextStamp(query.words.length);
    const found: Doc[] = [];
    const last = query.words.length - 1;
    query.words.forEach((alternatives, w) => {
      const before = base + w - 1;
      const after = base + w;
      for (const c of this.chunksContaining(alternatives)) {
        for (const ord of this.postings[c] as number[]) {
          if (w > 0 && this.marks[ord] !== before) continue;
          if (this.marks[ord] === after) continue;
          const doc = this.docs[ord];
          if (!doc) continue;
          if (w === 0 && !this.passes(doc, query.input)) continue;
          this.marks[ord] = after;
          if (w === last) found.push(doc);
        }
      }
    });
    return { final: base + last, docs: found };
  }

  private lexemesStarting(tokens: readonly string[]): Set<number> {
    if (!this.sortedLexemes) this.sortedLexemes = [...this.lexemeList].sort();
    const sorted = this.sortedLexemes;
    const ids = new Set<number>();
    for (const token of tokens) {
      let lo = 0;
      let hi = sorted.length;
      while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        if ((sorted[mid] as string) < token) lo = mid + 1;
        else hi = mid;
      }
      for (let i = lo; i < sorted.length && (sorted[i] as string).startsWith(token); i++)
        ids.add(this.lexemeIds.get(sorted[i] as string) as number);
    }
    return ids;
  }

  /** Matches in an order, from `start` of it, up to `count` of them (`skip` matches are passed over first). */
  private walk(
    order: readonly Doc[],
    matches: { final: number; docs: Doc[] } | null,
    query: IndexQuery,
    start: number,
    count: number,
    keep: (doc: Doc) => boolean,
  ): Doc[] {
    const out: Doc[] = [];
    if (start >= order.length) return out;
    if (matches && matches.docs.length <= 4096) {
      // Few matches: sorted themselves (cheaper than walking the whole order).
      const compare = order === this.byNewest ? newer : order === this.byRateAsc ? rateAsc : rateDesc;
      const sorted = [...matches.docs].sort(compare);
      const from = start > 0 ? lowerBound(sorted, order[start] as Doc, compare) : 0;
      for (let i = from; i < sorted.length && out.length < count; i++) {
        const doc = sorted[i] as Doc;
        if (keep(doc)) out.push(doc);
      }
      return out;
    }
    for (let i = start; i < order.length && out.length < count; i++) {
      const doc = order[i] as Doc;
      if (matches ? this.marks[doc.ord] !== matches.final : !this.passes(doc, query.input)) continue;
      if (keep(doc)) out.push(doc);
    }
    return out;
  }

  search(query: IndexQuery): IndexAnswer {
    const cap = LIMITS.searchTotalCap + 1;
    const matches = this.matchWords(query);
    const featured = (doc: Doc) => doc.featuredUntilMs !== null && doc.featuredUntilMs > query.now;
    const all = () => true;
    // The bounded count: every match (featured too), at most the cap.
    const count = () =>
      matches
        ? Math.min(matches.docs.length, cap)
        : this.walk(this.byNewest, null, query, 0, cap, all).length;
    const pageSize = query.input.limit + 1;
    if (query.sort === 'relevance') {
      const candidates = this.walk(this.byNewest, matches, query, 0, cap, all);
      const lexemes = this.lexemesStarting(query.tokens);
      const size = Math.max(1, query.tokens.length);
      const ranked = candidates.map((doc) => {
        let rank = 0;
        for (let i = 0; i < doc.lexemes.length; i++)
          if (lexemes.has(doc.lexemes[i] as number)) rank += doc.shares[i] as number;
        return { doc, rank: Math.fround(rank / size) };
      });
      ranked.sort((a, b) => b.rank - a.rank || newer(a.doc, b.doc));
      return {
        page: ranked.slice(query.offset, query.offset + pageSize).map(({ doc }) => doc.id),
        featured: [],
        matched: candidates.length,
      };
    }
    if (query.sort === 'newest') {
      let start = 0;
      if (query.cursor) {
        const probe = { atUs: timestampMicros(query.cursor.at), id: query.cursor.id } as Doc;
        start = lowerBound(this.byNewest, probe, newer);
        // Strictly after the cursor's listing.
        while (start < this.byNewest.length && newer(this.byNewest[start] as Doc, probe) <= 0) start++;
      }
      const page = this.walk(this.byNewest, matches, query, start, pageSize, (doc) => !featured(doc));
      const top =
        query.cursor === undefined
          ? (matches ? matches.docs : this.walk(this.byNewest, null, query, 0, Number.MAX_SAFE_INTEGER, all))
              .filter(featured)
              .sort(
                (a, b) =>
                  (b.featuredUntilMs as number) - (a.featuredUntilMs as number) ||
                  (a.id < b.id ? 1 : a.id > b.id ? -1 : 0),
              )
              .slice(0, 6)
          : [];
      const needsCount = query.cursor !== undefined || page.length > query.input.limit;
      return {
        page: page.map((doc) => doc.id),
        featured: top.map((doc) => doc.id),
        matched: needsCount ? count() : page.length,
      };
    }
    const order = query.sort === 'rate_asc' ? this.byRateAsc : this.byRateDesc;
    const page = this.walk(order, matches, query, 0, query.offset + pageSize, all).slice(query.offset);
    const needsCount = query.offset > 0 || page.length > query.input.limit;
    return { page: page.map((doc) => doc.id), featured: [], matched: needsCount ? count() : page.length };
  }
}

/**
 * The page rows of recent searches (the listing and its owner's fields, as the page statement reads them), by
 * listing id, the most recently used `capacity`: a listing shows on many searches' pages, and PostgreSQL then
 * reads only the page's rows not held. Kept exact by the index's catch-up, which forgets the listings that the
 * change log names and every listing of an owner it names (a name, a verification or a review changed); a row read
 * while a catch-up forgot anything is not kept (it may be older than what was forgotten).
 */
export class RowCache<Row extends { id: string; ownerId: string }> {
  private readonly rows = new Map<string, Row>();
  /** Goes up whenever rows are forgotten. */
  epoch = 0;

  constructor(private readonly capacity = 20_000) {}

  get(id: string): Row | undefined {
    const row = this.rows.get(id);
    if (row) {
      this.rows.delete(id);
      this.rows.set(id, row);
    }
    return row;
  }

  /** Keeps rows read when the epoch was `epoch` (none when rows were forgotten since). */
  keep(rows: readonly Row[], epoch: number): void {
    if (epoch !== this.epoch) return;
    for (const row of rows) {
      this.rows.delete(row.id);
      this.rows.set(row.id, row);
    }
    while (this.rows.size > this.capacity) {
      const oldest = this.rows.keys().next().value;
      if (oldest === undefined) break;
      this.rows.delete(oldest);
    }
  }

  forget(ids: readonly string[], owners: readonly string[]): void {
    this.epoch += 1;
    for (const id of ids) this.rows.delete(id);
    if (owners.length === 0) return;
    const set = new Set(owners);
    for (const [id, row] of this.rows) if (set.has(row.ownerId)) this.rows.delete(id);
  }

  clear(): void {
    this.epoch += 1;
    this.rows.clear();
  }
}

/** How many generations behind the index follows the log; more (or a gap) rebuilds it. */
const FOLLOW_AT_MOST = 400;
const LOAD_BATCH = 5_000;

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
      const rows: LoadedRow[] = await this.db
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
        .limit(LOAD_BATCH);
      for (const row of rows) index.put(row, false);
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
