import { LIMITS } from '@barterads/core';
import type postgres from 'postgres';

/**
 * The SQL of `listings.search` (packages/api/src/listings/search.ts) written out for postgres.js: the bare
 * route runs it and the search-growth benchmark EXPLAINs it. Keep the two in step when the search changes.
 */
export interface SearchParams {
  q?: string | undefined;
  ownerRole?: string | undefined;
  category?: string | undefined;
  limit?: number | undefined;
}

export function searchTerms(q: string | undefined): string[] {
  if (!q) return [];
  const words = q
    .toLowerCase()
    .split(/\s+/)
    .map((w) => w.trim())
    .filter(Boolean);
  return [...new Set(words)].slice(0, 6);
}

/** searchNeedsIndexHint(): a word shorter than a trigram plans with `enable_seqscan = off`. */
export function needsIndexHint(params: SearchParams): boolean {
  return searchTerms(params.q).some((term) => term.length < 3);
}

/** The same WHERE as searchConditions(): active, the filters, every word (LIKE or trigram word similarity). */
export function searchWhere(sql: postgres.Sql, params: SearchParams): postgres.PendingQuery<postgres.Row[]> {
  let condition = sql`l.status = 'active'`;
  if (params.ownerRole) condition = sql`${condition} and l.owner_type = ${params.ownerRole}`;
  if (params.category) condition = sql`${condition} and l.category = ${params.category}`;
  for (const term of searchTerms(params.q)) {
    const pattern = `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    condition =
      term.length >= 3
        ? sql`${condition} and (l.search_text like ${pattern} or ${term} <% l.search_text)`
        : sql`${condition} and l.search_text like ${pattern}`;
  }
  return condition;
}

export interface SearchRow {
  id: string;
  title: string;
  description: string;
  location: string;
  category: string | null;
  image: string | null;
  rating: number;
  verified: boolean;
  seeking: string | null;
  contact_phone: string | null;
  owner_type: 'advertiser' | 'media_owner';
  status: 'active' | 'archived';
  created_at: Date;
  owner_id: string;
  first_name: string;
  last_name: string;
  cursor_at: string;
}

/** The page query: newest first, one more row than the page to know whether there is a next one. */
export function pageQuery(sql: postgres.Sql, params: SearchParams, prefix = sql``) {
  const limit = params.limit ?? 24;
  return sql<SearchRow[]>`${prefix}
    select l.id, l.title, l.description, l.location, l.category, l.image, l.rating, l.verified, l.seeking,
      l.contact_phone, l.owner_type, l.status, l.created_at, l.owner_id, u.first_name, u.last_name,
      l.created_at::text as cursor_at
    from listings l inner join users u on u.id = l.owner_id
    where ${searchWhere(sql, params)}
    order by l.created_at desc nulls last, l.id desc nulls last
    limit ${limit + 1}`;
}

/** The total query: how many listings match, counted up to LIMITS.searchTotalCap + 1. */
export function countQuery(sql: postgres.Sql, params: SearchParams, prefix = sql``) {
  return sql<{ total: number }[]>`${prefix}
    select count(*)::int as total
    from (select 1 from listings l where ${searchWhere(sql, params)} limit ${LIMITS.searchTotalCap + 1}) matches`;
}

/** `total` and `totalCapped` as boundedTotal() gives them. */
export function boundedTotal(counted: number): { total: number; totalCapped: boolean } {
  return counted > LIMITS.searchTotalCap
    ? { total: LIMITS.searchTotalCap, totalCapped: true }
    : { total: counted, totalCapped: false };
}

/** The contract's barter object, exactly as toListingOutput() builds it. */
export function toBarter(r: SearchRow) {
  return {
    _id: r.id,
    title: r.title,
    description: r.description,
    location: r.location,
    category: r.category,
    image: r.image,
    rating: r.rating,
    verified: r.verified,
    seeking: r.seeking,
    contactPhone: r.contact_phone,
    ownerRole: r.owner_type,
    ownerType: r.owner_type,
    status: r.status,
    createdAt: r.created_at.toISOString(),
    ownerId: r.owner_id,
    ownerName: `${r.first_name} ${r.last_name}`.trim(),
  };
}

export function encodeCursor(at: string, id: string): string {
  return Buffer.from(JSON.stringify([at, id]), 'utf8').toString('base64url');
}
