/**
 * The member graph the circle search walks (issue 32), read from PostgreSQL with work that follows the accept lists,
 * not the catalogue: per list, per category and city it names and per bucket of its value range, the cheapest
 * givable listings in the bucket (a fixed number, along the listings_circle_* indexes), so 10 times the listings
 * cost about the same. A search after one member's change adds that member's own legs and the legs that close its
 * circles, exactly. The legs' reasons are the rule of packages/core (acceptReasons), worked out here in code.
 */
import {
  AcceptIndex,
  type AcceptList,
  acceptReasons,
  CIRCLES,
  type CircleEdge,
  type GivableListing,
  MEDIA_CATEGORY_IDS,
} from '@barterads/core';
import { type Executor, queryRows, sql } from '@barterads/db';
import type { SQL } from 'drizzle-orm';
import { insideAcceptsSql } from './accepts';

/** A listing a member can give: active inventory of an unsuspended media owner, with a rate (the indexes' rule). */
export const GIVABLE = sql`l.status = 'active' and not l.owner_suspended and l.owner_type = 'media_owner'
  and l.rate_inr is not null`;
/** A listing's value, as the indexes hold it. */
const VALUE = sql`(l.rate_inr::bigint * l.min_units)`;
/**
 * The owner of `l` keeps an accept list (only a list-holder can be in a circle): `owner_accepts`, kept by triggers
 * (migration 0050) and in the indexes' condition. Whether the owner is active and verified is read from the lists'
 * index afterwards.
 */
const HOLDER = sql`l.owner_accepts`;
export const LISTING_COLUMNS = sql`l.id::text, l.owner_id::text, l.title, l.category, l.city, ${VALUE} as value,
  l.available_from::text, l.available_to::text`;

export type ListingRow = {
  id: string;
  owner_id: string;
  title: string;
  category: string | null;
  city: string | null;
  value: number | string;
  available_from: string | null;
  available_to: string | null;
};

export const toListing = (r: ListingRow): GivableListing => ({
  id: r.id,
  ownerId: r.owner_id,
  title: r.title,
  category: r.category,
  city: r.city,
  valueInr: Number(r.value),
  availableFrom: r.available_from,
  availableTo: r.available_to,
});

const uuids = (ids: readonly string[]) =>
  sql`array[${sql.join(
    ids.map((id) => sql`${id}::uuid`),
    sql`, `,
  )}]::uuid[]`;

/** The accept lists of members who can be in a circle (active, verified e-mail), in user id order. */
export async function loadAcceptLists(db: Executor): Promise<AcceptList[]> {
  const rows = await queryRows<{
    user_id: string;
    categories: string[];
    cities: string[];
    min_value_inr: number;
    max_value_inr: number;
    available_from: string | null;
    available_to: string | null;
  }>(
    db,
    sql`select a.user_id::text, a.categories, a.cities, a.min_value_inr, a.max_value_inr,
          a.available_from::text, a.available_to::text
        from member_accepts a join users u on u.id = a.user_id
        where u.status = 'active' and u.deleted_at is null and u.email_verified
        order by a.user_id`,
  );
  return rows.map((r) => ({
    userId: r.user_id,
    categories: r.categories,
    cities: r.cities,
    minValueInr: r.min_value_inr,
    maxValueInr: r.max_value_inr,
    availableFrom: r.available_from,
    availableTo: r.available_to,
  }));
}

/**
 * One bucket of a list's range, for the combination `c` (one category of the list, maybe one of its cities, one of
 * CIRCLES.valueBuckets equal parts of its value range): its `perBucket` cheapest givable listings of other
 * list-holders, read along the index from the bucket's start. The buckets spread the legs over the whole range, so
 * three lists whose ranges meet find legs within 15% of each other.
 */
function bucket(withCity: boolean, perBucket: number): SQL {
  const place = withCity
    ? sql`coalesce(l.category, '') = c.category and lower(coalesce(l.city, '')) = c.city`
    : sql`coalesce(l.category, '') = c.category`;
  const order = withCity
    ? sql`coalesce(l.category, ''), lower(coalesce(l.city, '')), ${VALUE}, l.id`
    : sql`coalesce(l.category, ''), ${VALUE}, l.id`;
  return sql`(select ${LISTING_COLUMNS} from listings l
    where ${place} and ${GIVABLE} and ${VALUE} >= c.low and ${VALUE} < c.high and l.owner_id <> c.user_id
      and ((c.available_from is null and c.available_to is null)
        or (coalesce(c.available_from, '-infinity'::date) <= coalesce(l.available_to, 'infinity'::date)
          and coalesce(l.available_from, '-infinity'::date) <= coalesce(c.available_to, 'infinity'::date)))
      and ${HOLDER}
    order by ${order} limit ${perBucket})`;
}

/**
 * The legs into the lists of `receivers` (every list when not given): per list, per category and city it names
 * (every category, and none, when it names none) and per bucket of its value range, the cheapest listings in the
 * bucket (see bucket). A list naming no city is read along the category-and-value index. Answers each leg with
 * its reasons; a receiver's legs are bounded by its list's categories × cities × CIRCLES.valueBuckets ×
 * `perBucket` (CIRCLES.legsPerBucket for the full search), whatever the number of listings. PostgreSQL's JIT is off for it: the estimate of the
 * lateral loops is far above the real work, and compiling cost more than the query.
 */
export async function legsInto(
  db: Executor,
  index: AcceptIndex,
  receivers?: readonly string[],
  perBucket: number = CIRCLES.legsPerBucket,
): Promise<CircleEdge[]> {
  if (receivers && receivers.length === 0) return [];
  const only = receivers ? sql`and a.user_id = any(${uuids(receivers)})` : sql``;
  const everyCategory = sql`array[${sql.join(
    [...MEDIA_CATEGORY_IDS, ''].map((c) => sql`${c}`),
    sql`, `,
  )}]::text[]`;
  const n = CIRCLES.valueBuckets;
  const query = sql`with lists as (
          select a.user_id, a.cities, a.available_from, a.available_to,
            case when cardinality(a.categories) = 0 then ${everyCategory} else a.categories end as categories,
            a.min_value_inr::bigint + (a.max_value_inr::bigint - a.min_value_inr::bigint) * b / ${n} as low,
            case when b = ${n - 1} then a.max_value_inr::bigint + 1
              else a.min_value_inr::bigint + (a.max_value_inr::bigint - a.min_value_inr::bigint) * (b + 1) / ${n}
            end as high
          from member_accepts a join users u on u.id = a.user_id
            cross join generate_series(0, ${n - 1}) as b
          where u.status = 'active' and u.deleted_at is null and u.email_verified ${only}),
        by_category as (
          select lists.*, category from lists cross join lateral unnest(lists.categories) as category),
        by_city as (
          select by_category.*, city from by_category cross join lateral unnest(by_category.cities) as city)
        select c.user_id::text as receiver_id, x.* from by_city c cross join lateral ${bucket(true, perBucket)} x
        union all
        select c.user_id::text as receiver_id, x.* from by_category c cross join lateral ${bucket(false, perBucket)} x
          where cardinality(c.cities) = 0`;
  const rows = await db.transaction(async (tx) => {
    await tx.execute(sql`set local jit = off`);
    return queryRows<ListingRow & { receiver_id: string }>(tx, query);
  });
  const edges: CircleEdge[] = [];
  for (const r of rows) {
    const list = index.byUser.get(r.receiver_id);
    if (!list) continue;
    const listing = toListing(r);
    const reasons = acceptReasons(list, listing);
    if (reasons) edges.push({ giverId: listing.ownerId, receiverId: r.receiver_id, listing, reasons });
  }
  return edges;
}

/** The givable listings of `owners`, by the owner index. */
export async function givableListingsOf(db: Executor, owners: readonly string[]): Promise<GivableListing[]> {
  if (owners.length === 0) return [];
  const rows = await queryRows<ListingRow>(
    db,
    sql`select ${LISTING_COLUMNS} from listings l
        where l.owner_id = any(${uuids(owners)}) and ${GIVABLE}
        order by l.id`,
  );
  return rows.map(toListing);
}

/**
 * The graph around `members` for a search through them (after their change), member by member: the legs into the
 * member's list (legsInto, CIRCLES.legsPerBucketAround per bucket), the legs out of its own listings (into every
 * list they fall inside, found in the lists' index: exact), and the legs that close a circle M → B → C → M: the
 * listings of those receivers (B) inside the lists of those givers (C), exact as well. Its size follows the member's
 * neighbourhood (its lists' buckets, its listings' receivers and theirs), never the whole catalogue.
 */
export async function legsAround(
  db: Executor,
  index: AcceptIndex,
  members: readonly string[],
): Promise<CircleEdge[]> {
  const holders = [...new Set(members)].filter((m) => index.byUser.has(m)).sort();
  const edges: CircleEdge[] = [];
  for (const member of holders) {
    const [into, own] = await Promise.all([
      legsInto(db, index, [member], CIRCLES.legsPerBucketAround),
      givableListingsOf(db, [member]),
    ]);
    const out: CircleEdge[] = [];
    for (const listing of own)
      for (const { list, reasons } of index.receiversOf(listing))
        out.push({ giverId: member, receiverId: list.userId, listing, reasons });
    edges.push(...into, ...out);
    const givers = [...new Set(into.map((e) => e.giverId))].sort();
    const receivers = [...new Set(out.map((e) => e.receiverId))].sort();
    if (givers.length === 0 || receivers.length === 0) continue;
    for (const r of await legsBetween(db, receivers, givers)) {
      const listing = toListing(r);
      const reasons = acceptReasons(index.byUser.get(r.receiver_id)!, listing);
      if (reasons) edges.push({ giverId: listing.ownerId, receiverId: r.receiver_id, listing, reasons });
    }
  }
  return edges;
}

/**
 * The legs from the givable listings of `owners` into the lists of `receivers`, matched in PostgreSQL with the
 * accept rule of accepts.ts (only the matching pairs travel; the owners' listings are read by the owner index).
 */
async function legsBetween(db: Executor, owners: readonly string[], receivers: readonly string[]) {
  return queryRows<ListingRow & { receiver_id: string }>(
    db,
    sql`select a.user_id::text as receiver_id, ${LISTING_COLUMNS}
        from listings l join member_accepts a on a.user_id = any(${uuids(receivers)}) and a.user_id <> l.owner_id
        where l.owner_id = any(${uuids(owners)}) and ${GIVABLE} and ${insideAcceptsSql('a', 'l')}
        order by l.id, a.user_id`,
  );
}

/** The lists' index, read fresh (no cache: a list saved a moment ago is searched with its new rule). */
export async function loadAcceptIndex(db: Executor): Promise<AcceptIndex> {
  return new AcceptIndex(await loadAcceptLists(db));
}
