import { type Executor, searchGeneration, searchWords } from '@barterads/db';
import { eq, sql } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';

/**
 * Typo correction for search words, over the vocabulary of listing words (the search_words table, kept by
 * triggers on listings). A word no listing word equals or starts with is misspelt; its corrections are the
 * listing words closest to it in edits (a swap of two neighbours counts as one: "radoi" → "radio"), found among
 * its nearest neighbours by trigram similarity (pg_trgm's, over the vocabulary kept in memory: Vocabulary), and
 * the first is the "Did you mean". A known word of 6 letters or more also brings its variants one edit away
 * that it is not part of: "hording" (the common Indian spelling, a listing word too) finds hoardings and
 * "hoarding" finds hordings, without a suggestion.
 */

/** A search word's corrections, and whether it is misspelt (no listing word is or starts with it). */
export interface TermCorrections {
  corrections: string[];
  misspelt: boolean;
}

const NONE: TermCorrections = { corrections: [], misspelt: false };

/** Rows of editDistance(), reused (one search at a time runs it: it never awaits). */
let rowsOf = [new Int32Array(32), new Int32Array(32), new Int32Array(32)];

/**
 * Optimal string alignment distance: insertions, deletions, substitutions and swaps of neighbours, each 1. With
 * `max`, any distance over it is answered as max + 1 as soon as it is certain (the lengths differ by more, or a
 * whole row of the table is over it): the corrections only weigh candidates within 2 edits, and the full table of
 * every candidate was most of a search's time (issue 34's profile).
 */
export function editDistance(a: string, b: string, max = Number.POSITIVE_INFINITY): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  const cols = b.length + 1;
  if ((rowsOf[0] as Int32Array).length < cols)
    rowsOf = [new Int32Array(cols * 2), new Int32Array(cols * 2), new Int32Array(cols * 2)];
  // Three rows: two back (for a swap), the previous and the current.
  let before = rowsOf[0] as Int32Array;
  let prev = rowsOf[1] as Int32Array;
  let row = rowsOf[2] as Int32Array;
  for (let j = 0; j < cols; j++) prev[j] = j;
  for (let i = 1; i <= a.length; i++) {
    row[0] = i;
    let smallest = i;
    for (let j = 1; j < cols; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(
        (prev[j] as number) + 1,
        (row[j - 1] as number) + 1,
        (prev[j - 1] as number) + cost,
      );
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        best = Math.min(best, (before[j - 2] as number) + 1);
      row[j] = best;
      if (best < smallest) smallest = best;
    }
    if (smallest > max) return max + 1;
    const oldest = before;
    before = prev;
    prev = row;
    row = oldest;
  }
  const distance = prev[b.length] as number;
  return distance > max ? max + 1 : distance;
}

/** The edits a word of this length may be away from its correction: 1 up to 4 letters, 2 from 5. */
export function allowedEdits(word: string): number {
  return word.length <= 4 ? 1 : 2;
}

/**
 * A word worth correcting: letters only, at least 3 of them (codes, numbers and "100%" are left alone). Letters
 * include the vowel signs and virama of Devanagari (marks, not letters, to Unicode): Hindi and Marathi words are
 * corrected too (issue 33).
 */
export function isCorrectable(term: string): boolean {
  return term.length >= 3 && term.length <= 30 && /^\p{L}[\p{L}\p{M}]*$/u.test(term);
}

/** How many nearest vocabulary words are weighed per word. */
const CANDIDATES = 30;
/** How many corrections of one word the search also looks for. */
const MAX_CORRECTIONS = 2;
/** A known word this long or longer also brings its variants one edit away. */
const VARIANT_MIN_LENGTH = 6;

/**
 * The corrections of one misspelt word from its candidates (nearest first): those at the fewest edits within
 * allowedEdits(), preferring the same first letter, then the candidates' order. Empty when none is close enough.
 */
export function pickCorrections(
  term: string,
  candidates: readonly string[],
  maxEdits = allowedEdits(term),
): string[] {
  const scored = candidates
    .map((word, order) => ({ word, order, edits: editDistance(term, word, maxEdits) }))
    .filter((c) => c.edits <= maxEdits && c.word !== term);
  if (scored.length === 0) return [];
  const fewest = Math.min(...scored.map((c) => c.edits));
  return scored
    .filter((c) => c.edits === fewest)
    .sort(
      (a, b) =>
        Number(b.word[0] === term[0]) - Number(a.word[0] === term[0]) ||
        Math.abs(a.word.length - term.length) - Math.abs(b.word.length - term.length) ||
        a.order - b.order,
    )
    .slice(0, MAX_CORRECTIONS)
    .map((c) => c.word);
}

/**
 * The variants of a known word: listing words one edit away that do not contain it (the word itself already
 * finds those as a substring). None for words shorter than VARIANT_MIN_LENGTH.
 */
export function pickVariants(term: string, candidates: readonly string[]): string[] {
  if (term.length < VARIANT_MIN_LENGTH) return [];
  return pickCorrections(
    term,
    candidates.filter((word) => !word.includes(term)),
    1,
  );
}

interface CachedCorrections {
  at: number;
  corrections: TermCorrections;
}

/**
 * Corrections per word, kept for a few seconds: a word's corrections change only when a listing brings a new word
 * (the vocabulary only grows), and a stale answer for those seconds only affects the suggestion, never whether a
 * new listing is found (the word itself is still searched).
 */
export class CorrectionCache {
  private readonly entries: LRUCache<string, CachedCorrections>;

  constructor(
    private readonly ttlMs = 10_000,
    capacity = 5_000,
    private readonly now: () => number = Date.now,
  ) {
    this.entries = new LRUCache({ max: capacity });
  }

  get(term: string): TermCorrections | undefined {
    const entry = this.entries.get(term);
    if (!entry) return undefined;
    if (this.now() - entry.at > this.ttlMs) {
      this.entries.delete(term);
      return undefined;
    }
    return entry.corrections;
  }

  set(term: string, corrections: TermCorrections): void {
    this.entries.set(term, { at: this.now(), corrections });
  }

  clear(): void {
    this.entries.clear();
  }
}

const caches = new WeakMap<Executor, CorrectionCache>();

function cacheFor(db: Executor): CorrectionCache {
  let cache = caches.get(db);
  if (!cache) {
    cache = new CorrectionCache();
    caches.set(db, cache);
  }
  return cache;
}

/** Forgets the cached corrections (tests that add words and expect them known at once). */
export function forgetCorrections(db: Executor): void {
  caches.get(db)?.clear();
}

/** pg_trgm's trigrams of one word: the word padded with two spaces before and one after, every 3 characters. */
export function trigrams(word: string): string[] {
  const padded = `  ${word} `;
  const out = new Set<string>();
  for (let i = 0; i + 3 <= padded.length; i++) out.add(padded.slice(i, i + 3));
  return [...out];
}

/**
 * The vocabulary (search_words) in this process's memory, for typo correction without a query per word: the
 * database's trigram KNN over the vocabulary (GiST, `<->`) took 17-40 ms a word on the shared benchmark machine,
 * more than the rest of a search (docs/benchmarks-log.md, issue 34). It holds every word with the trigram index
 * pg_trgm would use, and answers what the query did: whether a word is or starts a listing word, and its nearest
 * words by trigram similarity (pg_trgm's `similarity`, so the same order as `<->`). Kept fresh by refresh():
 * every search reads the words added since the oldest transaction that was still running at its last read
 * (search_words.added_by, pg_snapshot_xmin), usually none, so a new listing's words are known to its next search.
 */
export class Vocabulary {
  private readonly words: string[] = [];
  private readonly known = new Set<string>();
  /** The words in order, for prefix lookups (binary search), and those added since it was last ordered. */
  private sorted: string[] = [];
  private unsorted: string[] = [];
  private readonly byTrigram = new Map<string, number[]>();
  private readonly trigramCounts: number[] = [];
  /** Scratch space of nearest(): shared trigrams per word id, left all zero after each call. */
  private shared = new Uint8Array(0);
  private touched = new Int32Array(0);
  /** The most trigrams a word has, and nearest()'s scratch space: words per (shared, own) trigram counts. */
  private maxTrigrams = 0;
  private pairs = new Uint32Array(0);
  /** Read from this transaction id on next time (null: never read). */
  private from: string | null = null;
  /** The vocabulary version (search_generation.words) of the last read, and the newest one a search has seen. */
  private version: number | null = null;
  private seen: number | null = null;
  private refreshing: Promise<void> | null = null;

  get size(): number {
    return this.words.length;
  }

  add(word: string): void {
    if (this.known.has(word)) return;
    const id = this.words.length;
    this.words.push(word);
    this.known.add(word);
    this.unsorted.push(word);
    const grams = trigrams(word);
    this.trigramCounts.push(grams.length);
    if (grams.length > this.maxTrigrams) this.maxTrigrams = grams.length;
    for (const gram of grams) {
      const list = this.byTrigram.get(gram);
      if (list) list.push(id);
      else this.byTrigram.set(gram, [id]);
    }
  }

  /**
   * A search read this vocabulary version (search_generation.words, which every statement adding words bumps)
   * before planning: while the vocabulary is of that version or newer, it needs no read. Without a version seen
   * (no results cache: nothing reads it) every search reads the words added since.
   */
  noteVersion(version: number): void {
    if (this.seen === null || version > this.seen) this.seen = version;
  }

  /** True when the words read so far may miss some of the newest version a search has seen. */
  private stale(): boolean {
    return this.seen === null || this.version === null || this.seen > this.version;
  }

  /** Reads the words added since the last read (all of them the first time). Concurrent callers share one read. */
  async refresh(db: Executor): Promise<void> {
    if (!this.stale()) return;
    if (this.refreshing) return this.refreshing;
    this.refreshing = (async () => {
      const from = this.from;
      const added = from === null ? sql`true` : sql`${searchWords.addedBy} >= ${from}::xid8`;
      // One row (search_generation's) carries the words and the snapshot's oldest running transaction.
      const [row] = await db
        .select({
          words: sql<string[] | null>`array(select ${searchWords.word} from ${searchWords} where ${added})`,
          xmin: sql<string>`pg_snapshot_xmin(pg_current_snapshot())::text`,
          version: searchGeneration.words,
        })
        .from(searchGeneration)
        .where(eq(searchGeneration.id, 1));
      if (!row) return;
      for (const word of Array.isArray(row.words) ? row.words : []) this.add(word);
      this.from = row.xmin;
      this.version = Number(row.version);
    })().finally(() => {
      this.refreshing = null;
    });
    return this.refreshing;
  }

  /** True when a vocabulary word equals or starts with `prefix`. */
  hasPrefix(prefix: string): boolean {
    if (this.unsorted.length > 100) {
      this.sorted = [...this.words].sort();
      this.unsorted = [];
    } else {
      // A few new words (a listing's): each put in its place.
      for (const word of this.unsorted) this.sorted.splice(this.firstAtLeast(word), 0, word);
      this.unsorted = [];
    }
    const at = this.firstAtLeast(prefix);
    return at < this.sorted.length && (this.sorted[at] as string).startsWith(prefix);
  }

  /** The index of the first word of `sorted` not before `value`. */
  private firstAtLeast(value: string): number {
    let lo = 0;
    let hi = this.sorted.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((this.sorted[mid] as string) < value) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** The `limit` words nearest to `term` by trigram similarity (most similar first; ties alphabetical). */
  nearest(term: string, limit: number): string[] {
    const grams = trigrams(term);
    // Shared trigrams per word, counted in reused typed arrays over the words that have any (no objects per word:
    // a search word's trigrams reach thousands of words).
    // `touched` holds each touched word twice over (its id, then its pair): twice the words.
    if (this.shared.length < this.words.length) this.shared = new Uint8Array(this.words.length * 2);
    if (this.touched.length < this.words.length * 2) this.touched = new Int32Array(this.words.length * 4);
    const shared = this.shared;
    const touched = this.touched;
    let count = 0;
    for (const gram of grams) {
      const list = this.byTrigram.get(gram);
      if (list === undefined) continue;
      for (let k = 0; k < list.length; k++) {
        const id = list[k] as number;
        if (shared[id] === 0) touched[count++] = id;
        shared[id] = (shared[id] as number) + 1;
      }
    }
    // A word's similarity depends only on its shared trigrams and its own count of them: the words are counted
    // per pair (a histogram of a few dozen pairs), which gives the limit-th best similarity without sorting
    // every touched word's (that sort was most of this function's time with a 20,000-word vocabulary).
    const size = grams.length;
    const width = this.maxTrigrams + 1;
    const cells = (size + 1) * width;
    if (this.pairs.length < cells) this.pairs = new Uint32Array(cells * 2);
    const pairs = this.pairs;
    const counts = this.trigramCounts;
    const used: number[] = [];
    for (let i = 0; i < count; i++) {
      const id = touched[i] as number;
      const at = (shared[id] as number) * width + (counts[id] as number);
      shared[id] = 0;
      // The word's pair, kept in its place in `touched` (the word is found again below by its pair).
      touched[i] = at;
      touched[count + i] = id;
      if (pairs[at] === 0) used.push(at);
      pairs[at] = (pairs[at] as number) + 1;
    }
    const similarityOf = (at: number) => {
      const common = Math.floor(at / width);
      return common / (size + (at % width) - common);
    };
    const ranked = used.map((at) => ({ at, similarity: similarityOf(at), words: pairs[at] as number }));
    ranked.sort((a, b) => b.similarity - a.similarity);
    // The limit-th best similarity, then only the words at least that similar are ordered: their pairs marked.
    const wanted = Math.min(limit, count);
    let floor = 0;
    let counted = 0;
    for (const bucket of ranked) {
      counted += bucket.words;
      if (counted >= wanted) {
        floor = bucket.similarity;
        break;
      }
    }
    for (const bucket of ranked) pairs[bucket.at] = bucket.similarity >= floor ? 1 : 0;
    const chosen: Array<{ word: string; similarity: number }> = [];
    for (let i = 0; i < count; i++) {
      const at = touched[i] as number;
      if (pairs[at] === 1)
        chosen.push({
          word: this.words[touched[count + i] as number] as string,
          similarity: similarityOf(at),
        });
    }
    for (const at of used) pairs[at] = 0;
    chosen.sort((a, b) => b.similarity - a.similarity || (a.word < b.word ? -1 : a.word > b.word ? 1 : 0));
    return chosen.slice(0, limit).map((c) => c.word);
  }
}

const vocabularies = new WeakMap<Executor, Vocabulary>();

/** This database handle's vocabulary (loaded on first use). */
export function vocabularyOf(db: Executor): Vocabulary {
  let vocabulary = vocabularies.get(db);
  if (!vocabulary) {
    vocabulary = new Vocabulary();
    vocabularies.set(db, vocabulary);
  }
  return vocabulary;
}

/**
 * The corrections of each search word: whether the vocabulary has a word equal to or starting with it, and
 * its nearest words, from the vocabulary in memory (brought up to date first: one query of the few words added
 * since, when a word is not in the correction cache).
 */
export async function correctTerms(
  db: Executor,
  terms: readonly string[],
): Promise<Map<string, TermCorrections>> {
  const cache = cacheFor(db);
  const result = new Map<string, TermCorrections>();
  const missing: string[] = [];
  for (const term of terms) {
    if (!isCorrectable(term)) {
      result.set(term, NONE);
      continue;
    }
    const cached = cache.get(term);
    if (cached) result.set(term, cached);
    else missing.push(term);
  }
  if (missing.length === 0) return result;
  const vocabulary = vocabularyOf(db);
  await vocabulary.refresh(db);
  for (const term of missing) {
    const known = vocabulary.hasPrefix(term);
    const words = !known || term.length >= VARIANT_MIN_LENGTH ? vocabulary.nearest(term, CANDIDATES) : [];
    const corrections: TermCorrections = known
      ? { corrections: pickVariants(term, words), misspelt: false }
      : { corrections: pickCorrections(term, words), misspelt: true };
    cache.set(term, corrections);
    result.set(term, corrections);
  }
  return result;
}

/**
 * The search text with each corrected word replaced by its best correction ("radoi fm" → "radio fm"), or null
 * when no word was corrected.
 */
export function suggestionFor(
  q: string | undefined,
  corrections: ReadonlyMap<string, TermCorrections>,
): string | null {
  if (!q) return null;
  let changed = false;
  const words = q
    .trim()
    .split(/\s+/)
    .map((word) => {
      const found = corrections.get(word.toLowerCase());
      const best = found?.misspelt ? found.corrections[0] : undefined;
      if (!best) return word;
      changed = true;
      return best;
    });
  return changed ? words.join(' ') : null;
}
