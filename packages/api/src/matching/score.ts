import { MATCH_REASONS, MATCHING, MEDIA_CATEGORIES } from '@barterads/core';
import { type Database, queryRows, sql } from '@barterads/db';
import type { SQL } from 'drizzle-orm';
import { acceptedBySql } from '../circles/accepts';

/** How many candidates of each kind one listing is scored against at most (newest first): bounded work. */
const CANDIDATES_PER_KIND = 1000;

/** The categories a listing's "seeking" words name (ids or titles, such as "outdoor" or "Print Media"). */
export function soughtCategories(seeking: string | null): string[] {
  if (!seeking) return [];
  const text = seeking.toLowerCase();
  return MEDIA_CATEGORIES.filter((c) => {
    const title = c.title.toLowerCase();
    const firstWord = title.split(/\s+/)[0] ?? title;
    return text.includes(c.id) || text.includes(title) || (firstWord.length > 3 && text.includes(firstWord));
  }).map((c) => c.id);
}

/** A text[] literal of bound values (drizzle expands a bare array into a list). */
function textArray(values: readonly string[]): SQL {
  return values.length
    ? sql`array[${sql.join(
        values.map((v) => sql`${v}`),
        sql`, `,
      )}]::text[]`
    : sql`'{}'::text[]`;
}

const points = (reason: keyof typeof MATCH_REASONS) => MATCH_REASONS[reason].points;

export interface ScoredPair extends Record<string, unknown> {
  matched_id: string;
  score: number;
  reasons: string[];
}

interface Subject extends Record<string, unknown> {
  id: string;
  owner_id: string;
  owner_type: string;
  category: string | null;
  seeking: string | null;
  active: boolean;
}

/**
 * Scores one listing against the active listings of the other side, in PostgreSQL. Candidates are the other
 * side's listings in the categories that can match (the listing's own, those it seeks, and listings whose wish
 * names its category), each kind read newest first through an index and capped, so the work does not grow with
 * the table. Each candidate earns MATCH_REASONS' points: category, place (same city, or within 50 km when both
 * have coordinates), dates, price against the need's budget, and word similarity (pg_trgm); pairs from
 * MATCHING.minScore are kept, best first. A pair is kept only inside both owners' "I'd accept" lists (when kept).
 */
export async function scoreListing(
  db: Database,
  listingId: string,
): Promise<{ subject: Subject | null; pairs: ScoredPair[] }> {
  const [subject] = await queryRows<Subject>(
    db,
    sql`select id, owner_id, owner_type::text as owner_type, category, seeking,
          (status = 'active' and not owner_suspended) as active
        from listings where id = ${listingId}`,
  );
  if (!subject?.active) return { subject: subject ?? null, pairs: [] };
  const categories = [
    ...new Set([subject.category, ...soughtCategories(subject.seeking)].filter(Boolean)),
  ] as string[];
  const other = subject.owner_type === 'advertiser' ? 'media_owner' : 'advertiser';
  const byCategory: SQL = categories.length
    ? sql`(select id from listings
           where status = 'active' and category in (${sql.join(
             categories.map((c) => sql`${c}`),
             sql`, `,
           )}) and owner_type = ${other}::user_type and not owner_suspended
           order by created_at desc nulls last, id desc nulls last limit ${CANDIDATES_PER_KIND})`
    : sql`(select null::uuid as id where false)`;
  const bySeeking: SQL = subject.category
    ? sql`(select id from listings
           where status = 'active' and search_text like ${`%${subject.category}%`}
             and owner_type = ${other}::user_type and not owner_suspended
           order by created_at desc nulls last, id desc nulls last limit ${CANDIDATES_PER_KIND})`
    : sql`(select null::uuid as id where false)`;
  const pairs = await queryRows<ScoredPair>(
    db,
    sql`with x as (select * from listings where id = ${listingId}),
      cand as (
        -- Each side's "I'd accept" list (when it keeps one) must take the other's listing.
        select l.* from listings l, x
        where l.id in (${byCategory} union ${bySeeking}) and l.owner_id <> ${subject.owner_id}
          and ${acceptedBySql(sql`${subject.owner_id}::uuid`, 'l')}
          and ${acceptedBySql(sql`l.owner_id`, 'x')}
      ),
      need_inv as (
        select c.id as matched_id, c.*,
          -- the need's budget against the inventory's price (rate × minimum units)
          case when x.owner_type = 'advertiser' then x.rate_inr else c.rate_inr end as budget,
          case when x.owner_type = 'advertiser' then c.rate_inr * c.min_units else x.rate_inr * x.min_units end as price,
          (x.category is not null and c.category = x.category) as same_category,
          (x.category is not null and c.category is not null and c.category <> x.category
            and (c.category = any(${textArray(categories)}) or lower(coalesce(c.seeking, '')) like '%' || x.category || '%'))
            as sought_category,
          (x.city is not null and c.city is not null and lower(x.city) = lower(c.city)) as same_city,
          case when x.lat is not null and x.lng is not null and c.lat is not null and c.lng is not null then
            6371 * 2 * asin(sqrt(power(sin(radians(c.lat - x.lat) / 2), 2)
              + cos(radians(x.lat)) * cos(radians(c.lat)) * power(sin(radians(c.lng - x.lng) / 2), 2)))
          end as km,
          ((x.available_from is not null or x.available_to is not null)
            and (c.available_from is not null or c.available_to is not null)
            and coalesce(x.available_from, '-infinity'::date) <= coalesce(c.available_to, 'infinity'::date)
            and coalesce(c.available_from, '-infinity'::date) <= coalesce(x.available_to, 'infinity'::date))
            as dates_overlap,
          similarity(x.search_text, c.search_text) as words
        from x, cand c
      ),
      flags as (
        select matched_id, same_category, sought_category, same_city,
          (not same_city and km is not null and km <= ${MATCHING.nearbyKm}::float8) as nearby,
          dates_overlap,
          (budget is not null and price is not null and price <= budget) as within_budget,
          (budget is not null and price is not null and price > budget
            and price <= budget * ${1 + MATCHING.budgetTolerance}::numeric) as near_budget,
          (words >= ${MATCHING.similarWords}::real) as similar_words,
          words
        from need_inv
      ),
      scored as (
        select matched_id,
          (case when same_category then ${points('same_category')} when sought_category then ${points('sought_category')} else 0 end
           + case when same_city then ${points('same_city')} when nearby then ${points('nearby')} else 0 end
           + case when dates_overlap then ${points('dates_overlap')} else 0 end
           + case when within_budget then ${points('within_budget')} when near_budget then ${points('near_budget')} else 0 end
           + case when similar_words then ${points('similar_words')} else 0 end)::int as score,
          array_remove(array[
            case when same_category then 'same_category' end,
            case when sought_category and not same_category then 'sought_category' end,
            case when same_city then 'same_city' end,
            case when nearby then 'nearby' end,
            case when dates_overlap then 'dates_overlap' end,
            case when within_budget then 'within_budget' end,
            case when near_budget then 'near_budget' end,
            case when similar_words then 'similar_words' end
          ], null) as reasons,
          words
        from flags
        where same_category or sought_category
      )
      select matched_id, score, reasons from scored
      where score >= ${MATCHING.minScore}
      order by score desc, words desc, matched_id
      limit ${MATCHING.keepPerListing}`,
  );
  return { subject, pairs };
}
