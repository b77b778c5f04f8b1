import { type Executor, listings, users } from '@barterads/db';
import { TRPCError } from '@trpc/server';
import { and, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { ListingOutput } from '../listings/schemas';
import { listingColumns, newestFirst, toListingOutput } from '../listings/search';
import { businessReviews } from '../reviews/reviews';
import { Review } from '../reviews/schemas';
import { repliesWithinHours } from './responsiveness';

export const BusinessIdInput = z.object({ id: z.uuid({ error: 'Business not found.' }) });

export const BusinessPageOutput = z.object({
  business: z.object({
    _id: z.string(),
    companyName: z.string().nullable(),
    /** The owner's name, shown when there is no company name. */
    name: z.string(),
    description: z.string().nullable(),
    /** The city of most of the business's active listings, or null. */
    city: z.string().nullable(),
    state: z.string().nullable(),
    userType: z.enum(['advertiser', 'media_owner']),
    /** GST verified: an admin approved its GSTIN with the name shown (the badge beside it). */
    verified: z.boolean(),
    /** The mean of public reviews, or null before any (the UI shows "New"). */
    rating: z.number().nullable(),
    reviewCount: z.number().int(),
    memberSince: z.string(),
    /** "Usually replies within N hours": the median time to answer offers over 90 days; null under 3 offers. */
    repliesWithinHours: z.number().int().nullable(),
  }),
  listings: z.array(ListingOutput),
  /** Public reviews, newest first: the first page (`reviews.business` pages on). */
  reviews: z.array(Review),
  reviewPages: z.number().int(),
});
export type BusinessPageOutput = z.infer<typeof BusinessPageOutput>;

const LISTINGS_ON_PAGE = 48;

/**
 * A business page (/b/<id>): its owner's public card and active listings. 404 unless the owner shows the page
 * ('show my business page'), is active and not deleted: a hidden page and an unknown id look the same.
 */
export async function getBusinessPage(db: Executor, id: string): Promise<BusinessPageOutput> {
  const [owner] = await db
    .select()
    .from(users)
    .where(
      and(
        eq(users.id, id),
        eq(users.status, 'active'),
        eq(users.prefShowProfile, true),
        sql`${users.deletedAt} is null`,
      ),
    )
    .limit(1);
  if (!owner) throw new TRPCError({ code: 'NOT_FOUND', message: 'Business not found.' });
  const [rows, [place], reviewPage, replyHours] = await Promise.all([
    db
      .select(listingColumns)
      .from(listings)
      .innerJoin(users, eq(users.id, listings.ownerId))
      .where(and(eq(listings.ownerId, id), eq(listings.status, 'active')))
      .orderBy(...newestFirst)
      .limit(LISTINGS_ON_PAGE),
    db
      .select({ city: listings.city, state: listings.state })
      .from(listings)
      .where(and(eq(listings.ownerId, id), eq(listings.status, 'active'), sql`${listings.city} is not null`))
      .groupBy(listings.city, listings.state)
      .orderBy(sql`count(*) desc`, listings.city)
      .limit(1),
    businessReviews(db, { id, page: 1 }),
    repliesWithinHours(db, id),
  ]);
  return {
    business: {
      _id: owner.id,
      companyName: owner.companyName,
      name: `${owner.firstName} ${owner.lastName}`.trim(),
      description: owner.description,
      city: place?.city ?? null,
      state: place?.state ?? null,
      userType: owner.userType,
      verified: owner.gstVerification === 'verified',
      rating: reviewPage.rating,
      reviewCount: reviewPage.reviewCount,
      memberSince: owner.createdAt.toISOString(),
      repliesWithinHours: replyHours,
    },
    listings: rows.map(toListingOutput),
    reviews: reviewPage.reviews,
    reviewPages: reviewPage.pages,
  };
}
