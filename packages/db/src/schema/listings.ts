import { type SQL, sql } from 'drizzle-orm';
import { boolean, check, index, jsonb, pgTable, real, text, uuid } from 'drizzle-orm/pg-core';
import { id, timestamps, tz } from './columns';
import { listingStatus, userType } from './enums';
import { users } from './users';

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
    /** Uploaded photos in order (the first is the cover). */
    photos: jsonb('photos').$type<ListingPhoto[]>().notNull().default([]),
    rating: real('rating').notNull().default(4.5),
    verified: boolean('verified').notNull().default(false),
    /** The owner edited title, description, photos or contact after an admin verified it: check it again. */
    needsReview: boolean('needs_review').notNull().default(false),
    seeking: text('seeking'),
    contactPhone: text('contact_phone'),
    status: listingStatus('status').notNull().default('active'),
    /** Why an admin archived it, readable by the owner. */
    archivedReason: text('archived_reason'),
    archivedAt: tz('archived_at'),
    /** Lowercased text of every searchable field, for trigram search. */
    searchText: text('search_text').generatedAlwaysAs(
      (): SQL =>
        sql`lower(${listings.title} || ' ' || ${listings.location} || ' ' || ${listings.description} || ' ' || coalesce(${listings.seeking}, ''))`,
    ),
    ...timestamps(),
  },
  (t) => [
    check(
      'listings_category_check',
      sql`${t.category} is null or ${t.category} in ('digital','outdoor','influencer','audio','print','direct','transit','event','app')`,
    ),
    check('listings_rating_check', sql`${t.rating} >= 0 and ${t.rating} <= 5`),
    index('listings_status_created_idx').on(t.status, t.createdAt.desc(), t.id.desc()),
    index('listings_status_owner_type_created_idx').on(
      t.status,
      t.ownerType,
      t.createdAt.desc(),
      t.id.desc(),
    ),
    index('listings_status_category_created_idx').on(t.status, t.category, t.createdAt.desc(), t.id.desc()),
    index('listings_owner_created_idx').on(t.ownerId, t.createdAt.desc()),
    index('listings_verified_created_idx').on(t.verified, t.createdAt.desc()),
    index('listings_search_trgm_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
  ],
);

export type ListingRow = typeof listings.$inferSelect;
export type NewListingRow = typeof listings.$inferInsert;
