import { LIMITS } from '@barterads/core';
import { type Database, type Executor, listings, users } from '@barterads/db';
import { TRPCError } from '@trpc/server';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { ListingOutput, SearchListingsInput } from './schemas';

/** The columns every listing answer needs: the listing and its owner's display name. */
export const listingColumns = {
  id: listings.id,
  title: listings.title,
  description: listings.description,
  location: listings.location,
  category: listings.category,
  image: listings.image,
  rating: listings.rating,
  verified: listings.verified,
  seeking: listings.seeking,
  contactPhone: listings.contactPhone,
  ownerType: listings.ownerType,
  status: listings.status,
  createdAt: listings.createdAt,
  ownerId: listings.ownerId,
  ownerFirstName: users.firstName,
  ownerLastName: users.lastName,
};

export interface ListingSelection {
  id: string;
  title: string;
  description: string;
  location: string;
  category: string | null;
  image: string | null;
  rating: number;
  verified: boolean;
  seeking: string | null;
  contactPhone: string | null;
  ownerType: 'advertiser' | 'media_owner';
  status: 'active' | 'archived';
  createdAt: Date;
  ownerId: string;
  ownerFirstName: string;
  ownerLastName: string;
}

/** The contract's barter object. */
export function toListingOutput(row: ListingSelection): ListingOutput {
  return {
    _id: row.id,
    title: row.title,
    description: row.description,
    location: row.location,
    category: row.category as ListingOutput['category'],
    image: row.image,
    rating: row.rating,
    verified: row.verified,
    seeking: row.seeking,
    contactPhone: row.contactPhone,
    ownerRole: row.ownerType,
    ownerType: row.ownerType,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    ownerId: row.ownerId,
    ownerName: `${row.ownerFirstName} ${row.ownerLastName}`.trim(),
  };
}

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
 * One word matches a listing when it is a substring of its search text (case-insensitive), or close to one of
 * its words (trigram word similarity: 'mumbay' finds Mumbai). Both operators are served by the GIN trigram index.
 */
function termCondition(term: string): SQL {
  const pattern = `%${escapeLike(term)}%`;
  return term.length >= 3
    ? sql`(${listings.searchText} like ${pattern} or ${term} <% ${listings.searchText})`
    : sql`${listings.searchText} like ${pattern}`;
}

interface Cursor {
  /** created_at as PostgreSQL prints it, to keep its microseconds. */
  at: string;
  id: string;
}

export function encodeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify([cursor.at, cursor.id]), 'utf8').toString('base64url');
}

const TIMESTAMP = /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}:\d{2}(\.\d{1,6})?([+-]\d{2}(:?\d{2})?|Z)?$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function decodeCursor(value: string): Cursor {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(value, 'base64url').toString('utf8'));
    if (
      Array.isArray(parsed) &&
      typeof parsed[0] === 'string' &&
      typeof parsed[1] === 'string' &&
      TIMESTAMP.test(parsed[0]) &&
      UUID.test(parsed[1])
    ) {
      return { at: parsed[0], id: parsed[1] };
    }
  } catch {
    // falls through to the error below
  }
  throw new TRPCError({ code: 'BAD_REQUEST', message: 'Invalid cursor.' });
}

/** The WHERE of a search, without the cursor: active listings, the filters and every search word. */
export function searchConditions(input: Pick<SearchListingsInput, 'q' | 'ownerRole' | 'category'>): SQL {
  const conditions: SQL[] = [eq(listings.status, 'active')];
  if (input.ownerRole) conditions.push(eq(listings.ownerType, input.ownerRole));
  if (input.category) conditions.push(eq(listings.category, input.category));
  for (const term of searchTerms(input.q)) conditions.push(termCondition(term));
  return and(...conditions) as SQL;
}

export interface SearchResult {
  barters: ListingOutput[];
  nextCursor: string | null;
  /** Exact up to LIMITS.searchTotalCap matches; past it the cap itself. */
  total: number;
  /** More than LIMITS.searchTotalCap listings match: `total` is a lower bound. */
  totalCapped: boolean;
}

/**
 * The two statements of a search: one page (one row more than asked, to know if there is a next) and the total.
 * The total counts at most LIMITS.searchTotalCap + 1 matches (a `limit` subquery): an exact count of every match
 * grows with the table (10 times the matches, 10 times the time), a bounded one does not.
 */
export function searchQueries(db: Executor, input: SearchListingsInput) {
  const where = searchConditions(input);
  const cursor = input.cursor ? decodeCursor(input.cursor) : undefined;
  const pageWhere = cursor
    ? and(
        where,
        sql`(${listings.createdAt}, ${listings.id}) < (${cursor.at}::timestamptz, ${cursor.id}::uuid)`,
      )
    : where;
  return {
    page: db
      .select({ ...listingColumns, cursorAt: sql<string>`${listings.createdAt}::text` })
      .from(listings)
      .innerJoin(users, eq(users.id, listings.ownerId))
      .where(pageWhere)
      .orderBy(...newestFirst)
      .limit(input.limit + 1),
    count: db.select({ total: sql<number>`count(*)::int` }).from(
      db
        .select({ one: sql`1`.as('one') })
        .from(listings)
        .where(where)
        .limit(LIMITS.searchTotalCap + 1)
        .as('matches'),
    ),
  };
}

/** The answer's `total` and `totalCapped` from a bounded count (at most LIMITS.searchTotalCap + 1). */
export function boundedTotal(counted: number): { total: number; totalCapped: boolean } {
  return counted > LIMITS.searchTotalCap
    ? { total: LIMITS.searchTotalCap, totalCapped: true }
    : { total: counted, totalCapped: false };
}

/**
 * Active listings, newest first, filtered on the server, one keyset page at a time.
 *
 * The total is counted only when the page cannot tell it: a first page (no cursor) that holds every match
 * (no next page) already knows its total, the rows it returns, so a narrow search runs one statement, not two.
 * A later page (with a cursor) still counts every match, not those after the cursor: the contract's `total`
 * means the whole search on every page, and with the cap that count costs the same at any table size.
 */
/**
 * True when a search needs the `enable_seqscan = off` hint: a word shorter than 3 characters has no trigram, so
 * the trigram index cannot serve it, and for its bounded total PostgreSQL then prefers `Limit → Seq Scan` (scan
 * until 1,001 matches) to walking the status index. Every other search shape gets index plans unaided
 * (BENCHMARKS.md, "Search plans"), so it runs without the transaction and its BEGIN/SET/COMMIT round trips.
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

export async function searchListings(db: Database, input: SearchListingsInput): Promise<SearchResult> {
  const run = async (executor: Executor) => {
    const queries = searchQueries(executor, input);
    // Server-side prepared statements (postgres.js keeps one per SQL text and connection, whatever the values):
    // PostgreSQL then parses and plans each search shape once per connection instead of on every request,
    // which was most of the API's overhead over a bare route (BENCHMARKS.md, issue 9).
    const rows = await queries.page.prepare('listings_search_page').execute();
    if (!input.cursor && rows.length <= input.limit) return [rows, rows.length] as const;
    const [count] = await queries.count.prepare('listings_search_total').execute();
    return [rows, count?.total ?? 0] as const;
  };
  const [rows, counted] = searchNeedsIndexHint(input) ? await withIndexPlans(db, run) : await run(db);
  const page = rows.slice(0, input.limit);
  const last = page.at(-1);
  return {
    barters: page.map(toListingOutput),
    nextCursor: rows.length > input.limit && last ? encodeCursor({ at: last.cursorAt, id: last.id }) : null,
    ...boundedTotal(counted),
  };
}
