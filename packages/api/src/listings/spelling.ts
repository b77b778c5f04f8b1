import type { Executor } from '@barterads/db';
import { sql } from 'drizzle-orm';

/**
 * Typo correction for search words, over the vocabulary of listing words (the search_words table, kept by
 * triggers on listings). A word no listing word equals or starts with is misspelt; its corrections are the
 * listing words closest to it in edits (a swap of two neighbours counts as one: "radoi" → "radio"), found among
 * its nearest neighbours by trigram distance (the GiST index answers those without reading the vocabulary), and
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

/** Optimal string alignment distance: insertions, deletions, substitutions and swaps of neighbours, each 1. */
export function editDistance(a: string, b: string): number {
  const rows = a.length + 1;
  const cols = b.length + 1;
  const d: number[][] = Array.from({ length: rows }, (_, i) =>
    Array.from({ length: cols }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i < rows; i++) {
    for (let j = 1; j < cols; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      const row = d[i] as number[];
      const prev = d[i - 1] as number[];
      let best = Math.min(
        (prev[j] as number) + 1,
        (row[j - 1] as number) + 1,
        (prev[j - 1] as number) + cost,
      );
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        best = Math.min(best, ((d[i - 2] as number[])[j - 2] as number) + 1);
      }
      row[j] = best;
    }
  }
  return (d[a.length] as number[])[b.length] as number;
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
    .map((word, order) => ({ word, order, edits: editDistance(term, word) }))
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

function escapeLike(term: string): string {
  return term.replace(/[\\%_]/g, (c) => `\\${c}`);
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
  private readonly entries = new Map<string, CachedCorrections>();

  constructor(
    private readonly ttlMs = 10_000,
    private readonly capacity = 5_000,
    private readonly now: () => number = Date.now,
  ) {}

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
    this.entries.delete(term);
    this.entries.set(term, { at: this.now(), corrections });
    if (this.entries.size > this.capacity) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
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

/**
 * The corrections of each search word, in one query for the words not cached: whether the vocabulary has a word
 * equal to or starting with it, and its nearest words.
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
  const rows = sql.join(
    missing.map((term) => sql`(${term}::text, ${`${escapeLike(term)}%`}::text)`),
    sql`, `,
  );
  const list = await db
    .select({
      term: sql<string>`t.term`,
      known: sql<boolean>`k.known`,
      words: sql<
        string[] | null
      >`array(select s.word from search_words s where not k.known or length(t.term) >= ${VARIANT_MIN_LENGTH} order by s.word <-> t.term limit ${CANDIDATES})`,
    })
    .from(
      sql`(values ${rows}) as t(term, prefix) cross join lateral (select exists(select 1 from search_words s where s.word like t.prefix) as known) k`,
    );
  for (const row of list) {
    const words = Array.isArray(row.words) ? row.words : [];
    const corrections: TermCorrections = row.known
      ? { corrections: pickVariants(row.term, words), misspelt: false }
      : { corrections: pickCorrections(row.term, words), misspelt: true };
    cache.set(row.term, corrections);
    result.set(row.term, corrections);
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
