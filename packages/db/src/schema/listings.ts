import { MEDIA_CATEGORY_IDS } from '@barterads/core';
import { type SQL, sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  customType,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  real,
  text,
  uuid,
} from 'drizzle-orm/pg-core';
import { id, timestamps, tz } from './columns';
import { listingStatus, userType } from './enums';
import { users } from './users';

/** PostgreSQL's full-text document type (read only through SQL: ranking, never selected). */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });
/** A transaction id (xid8): which transaction wrote a row, to read only what later ones added. */
const xid8 = customType<{ data: string }>({ dataType: () => 'xid8' });

/** One stored size of a listing photo (a WebP file in file storage, under a `public/` key). */
export interface ListingPhotoVariant {
  key: string;
  width: number;
  height: number;
}

/** An uploaded listing photo: its WebP variants, smallest first. */
export interface ListingPhoto {
  id: string;
  variants: ListingPhotoVariant[];
}

/** A barter listing: an advertiser's need or a media owner's inventory. */
export const listings = pgTable(
  'listings',
  {
    id: id(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    ownerType: userType('owner_type').notNull(),
    title: text('title').notNull(),
    description: text('description').notNull(),
    location: text('location').notNull(),
    category: text('category'),
    image: text('image'),
    /** Structured inventory (spec part two, section 1): the cash rate card per unit, for needs the budget. */
    unit: text('unit'),
    rateInr: integer('rate_inr'),
    minUnits: integer('min_units').notNull().default(1),
    /**
     * Whether the owner keeps an "I'd accept" list (only then can the listing be a circle's leg): kept by triggers
     * on listings and member_accepts (migration 0050), so the circle search's indexes hold only list-holders' listings.
     */
    ownerAccepts: boolean('owner_accepts').notNull().default(false),
    availableFrom: date('available_from', { mode: 'string' }),
    availableTo: date('available_to', { mode: 'string' }),
    /** A city of the checked-in list (packages/core/src/inventory) and its state; `location` keeps free text. */
    city: text('city'),
    state: text('state'),
    lat: doublePrecision('lat'),
    lng: doublePrecision('lng'),
    monthlyReach: bigint('monthly_reach', { mode: 'number' }),
    /** Per-category details, validated by the category's schema in packages/core. */
    attributes: jsonb('attributes').$type<Record<string, string | number | boolean>>().notNull().default({}),
    /** Uploaded photos in order (the first is the cover). */
    photos: jsonb('photos').$type<ListingPhoto[]>().notNull().default([]),
    rating: real('rating').notNull().default(4.5),
    verified: boolean('verified').notNull().default(false),
    /** The owner edited title, description, photos or contact after an admin verified it: check it again. */
    needsReview: boolean('needs_review').notNull().default(false),
    seeking: text('seeking'),
    /**
     * An optional second version of the listing in Hindi or Marathi (spec 3, section 5): shown on that language's
     * pages, searched beside the English. A title comes with its language; the description is optional.
     */
    localLanguage: text('local_language'),
    localTitle: text('local_title'),
    localDescription: text('local_description'),
    contactPhone: text('contact_phone'),
    status: listingStatus('status').notNull().default('active'),
    /**
     * The owner is suspended: the listing leaves the marketplace until the owner is activated again. A copy of
     * users.status kept by applyUserStatus in the same transaction, so search filters on the listing's own row
     * and keeps its index plans.
     */
    ownerSuspended: boolean('owner_suspended').notNull().default(false),
    /** Featured by its owner (plan allowance): shown first with a badge until this time. */
    featuredUntil: tz('featured_until'),
    /** Why an admin archived it, readable by the owner. */
    archivedReason: text('archived_reason'),
    archivedAt: tz('archived_at'),
    /** Lowercased text of every searchable field (the Hindi or Marathi version's too), for trigram search. */
    searchText: text('search_text').generatedAlwaysAs(
      (): SQL =>
        sql`lower(${listings.title} || ' ' || ${listings.location} || ' ' || ${listings.description} || ' ' || coalesce(${listings.seeking}, '') || ' ' || coalesce(${listings.localTitle}, '') || ' ' || coalesce(${listings.localDescription}, ''))`,
    ),
    /**
     * The weighted full-text document of the listing, for ranking a search by relevance: the title weighs most
     * (A), then the category, city and place (B), the description (C) and what it seeks (D); a Hindi or Marathi
     * title and description weigh as the English ones. The 'simple'
     * configuration (no stemming, no stop words) because the words are Indian English, Hinglish and place names.
     */
    searchVector: tsvector('search_vector').generatedAlwaysAs(
      (): SQL =>
        sql`setweight(to_tsvector('simple'::regconfig, ${listings.title} || ' ' || coalesce(${listings.localTitle}, '')), 'A') || setweight(to_tsvector('simple'::regconfig, coalesce(${listings.category}, '') || ' ' || coalesce(${listings.city}, '') || ' ' || ${listings.location}), 'B') || setweight(to_tsvector('simple'::regconfig, ${listings.description} || ' ' || coalesce(${listings.localDescription}, '')), 'C') || setweight(to_tsvector('simple'::regconfig, coalesce(${listings.seeking}, '')), 'D')`,
    ),
    ...timestamps(),
  },
  (t) => [
    check(
      'listings_category_check',
      sql`${t.category} is null or ${t.category} in (${sql.raw(MEDIA_CATEGORY_IDS.map((id) => `'${id}'`).join(','))})`,
    ),
    check(
      'listings_unit_check',
      sql`${t.unit} is null or ${t.unit} in ('day','week','month','spot','insertion','post','event','thousand_impressions')`,
    ),
    check('listings_rate_check', sql`${t.rateInr} is null or ${t.rateInr} > 0`),
    check('listings_min_units_check', sql`${t.minUnits} >= 1`),
    check(
      'listings_local_check',
      sql`(${t.localLanguage} is null or ${t.localLanguage} in ('hi','mr')) and (${t.localTitle} is null) = (${t.localLanguage} is null) and (${t.localDescription} is null or ${t.localTitle} is not null)`,
    ),
    check(
      'listings_dates_check',
      sql`${t.availableFrom} is null or ${t.availableTo} is null or ${t.availableTo} >= ${t.availableFrom}`,
    ),
    index('listings_status_city_created_idx').on(t.status, t.city, t.createdAt.desc(), t.id.desc()),
    index('listings_status_rate_idx').on(t.status, t.rateInr),
    check('listings_rating_check', sql`${t.rating} >= 0 and ${t.rating} <= 5`),
    index('listings_status_created_idx').on(t.status, t.createdAt.desc(), t.id.desc(), t.ownerSuspended),
    index('listings_status_owner_type_created_idx').on(
      t.status,
      t.ownerType,
      t.createdAt.desc(),
      t.id.desc(),
      t.ownerSuspended,
    ),
    index('listings_status_category_created_idx').on(
      t.status,
      t.category,
      t.createdAt.desc(),
      t.id.desc(),
      t.ownerSuspended,
    ),
    index('listings_owner_created_idx').on(t.ownerId, t.createdAt.desc()),
    // The circle search (issue 32) reads, per accept list, per category and city it names and per bucket of its value
    // range, the cheapest list-holders' givable listings: a short walk along these (list-holders' listings only), so
    // its work follows the lists, not the catalogue. The expressions match packages/api/src/circles/graph.ts.
    index('listings_circle_city_value_idx')
      .on(
        sql`coalesce(${t.category}, '')`,
        sql`lower(coalesce(${t.city}, ''))`,
        sql`(${t.rateInr}::bigint * ${t.minUnits})`,
        t.id,
      )
      .where(
        sql`${t.status} = 'active' and not ${t.ownerSuspended} and ${t.ownerType} = 'media_owner' and ${t.rateInr} is not null and ${t.ownerAccepts}`,
      ),
    index('listings_circle_value_idx')
      .on(sql`coalesce(${t.category}, '')`, sql`(${t.rateInr}::bigint * ${t.minUnits})`, t.id)
      .where(
        sql`${t.status} = 'active' and not ${t.ownerSuspended} and ${t.ownerType} = 'media_owner' and ${t.rateInr} is not null and ${t.ownerAccepts}`,
      ),
    index('listings_verified_created_idx').on(t.verified, t.createdAt.desc()),
    // The featured block of a search (few listings at any time): without it PostgreSQL collected every match of
    // the words to find them, 6 s for "hoarding" at 1,000,000 listings (docs/benchmarks-log.md); with it, a walk of the few.
    index('listings_featured_idx')
      .on(t.featuredUntil.desc(), t.id.desc())
      .where(sql`${t.featuredUntil} is not null`),
    index('listings_search_trgm_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
  ],
);

/**
 * The vocabulary of listing words for "Did you mean" and typo correction: every word (3 to 30 characters, with a
 * letter) that appeared in a listing's title, place, description or wish. Filled by triggers on listings (see the
 * search_words migration) so every writer, the seed and the benchmarks' bulk inserts included, keeps it; words
 * are never removed (a word once used is still a word).
 */
export const searchWords = pgTable(
  'search_words',
  {
    word: text('word').primaryKey(),
    /**
     * The transaction that added the word. The API keeps the vocabulary in memory (spelling.ts) and reads only
     * the words of transactions from the oldest one still running when it last read (pg_snapshot_xmin), so it
     * never misses a word committed out of order.
     */
    addedBy: xid8('added_by').notNull().default(sql`pg_current_xact_id()`),
  },
  (t) => [
    index('search_words_trgm_idx').using('gist', sql`${t.word} gist_trgm_ops`),
    index('search_words_added_by_idx').on(t.addedBy),
  ],
);

/**
 * One row whose number goes up with every change to what a search answers (listings, and the owner fields a
 * listing shows), bumped by triggers in the writing transaction. The search results cache keys on it: a search
 * reads the number first, so it never answers from a cache entry older than a committed write, on any instance.
 */
export const searchGeneration = pgTable('search_generation', {
  id: integer('id').primaryKey().default(1),
  n: bigint('n', { mode: 'number' }).notNull().default(0),
  /**
   * Goes up when a write brings new words into search_words: the spelling corrections of a search depend on the
   * vocabulary only, so they are kept across other writes.
   */
  words: bigint('words', { mode: 'number' }).notNull().default(0),
});

/**
 * What each search generation changed, written by the same triggers that bump it, at least one row per
 * generation: a listing (its id, and its row as it was before an update or delete), an owner (a field their
 * listings show, their GST verification or their reviews), or everything (neither: a statement over many
 * listings, a truncate). The search results cache revalidates an older answer against it instead of searching
 * again when nothing it changed matches the search (search-cache.ts). The last 1,000 generations are kept.
 */
export const searchChanges = pgTable(
  'search_changes',
  {
    generation: bigint('generation', { mode: 'number' }).notNull(),
    listingId: uuid('listing_id'),
    ownerId: uuid('owner_id'),
    /** The listing's row before the change (to_jsonb), for an update or a delete. */
    before: jsonb('before'),
  },
  (t) => [index('search_changes_generation_idx').on(t.generation)],
);

export type ListingRow = typeof listings.$inferSelect;
export type NewListingRow = typeof listings.$inferInsert;
