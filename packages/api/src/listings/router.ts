import {
  categoryTitle,
  DEFAULT_LANGUAGE,
  LIMITS,
  listingText,
  MEDIA_CATEGORY_IDS,
  type MediaCategoryId,
} from '@barterads/core';
import { translateText } from '@barterads/core/i18n';
import { z } from 'zod';
import { CIRCLE_DETECT_JOB } from '../circles/accepts';
import { MATCH_UPDATES_JOB } from '../matching/update';
import { SAVED_SEARCH_ALERTS_JOB } from '../saved-searches/alerts';
import type { ApiServices } from '../services';
import { authedProcedure, documentedOutput, publicProcedure, router } from '../trpc';
import { categoryCounts, dashboardStats, recordContactClick, recordViews } from './events';
import { featureListing } from './featuring';
import {
  archiveListing,
  createListing,
  featuredListings,
  getPublicListing,
  listingAllowance,
  myListings,
  restoreListing,
  updateListing,
} from './listings';
import { addListingPhoto, removeListingPhoto } from './photos';
import {
  AddPhotoInput,
  CreateListingInput,
  DashboardStats,
  FeaturedListingsInput,
  FeaturedListingsResult,
  ListingIdInput,
  ListingResult,
  MyListingsResult,
  RecordViewsInput,
  RemovePhotoInput,
  SearchListingsInput,
  SearchListingsResult,
  UpdateListingInput,
} from './schemas';
import { cachedSearch } from './search-cache';

export const listingsRouter = router({
  /** The marketplace: active listings, newest first, searched and filtered on the server. */
  search: publicProcedure
    .input(SearchListingsInput)
    // Not parsed at run time: its answer is built by toListingOutput() (search.test.ts parses its answers).
    .output(documentedOutput(SearchListingsResult))
    .query(({ ctx, input }) =>
      cachedSearch(
        ctx.services.database.db,
        ctx.services.searchCache,
        ctx.services.logger,
        input,
        ctx.session?.user.id,
      ),
    ),

  /** One listing for its public page (GET /api/barters/:id): archived ones too, 404 for unknown. */
  get: publicProcedure
    .input(ListingIdInput)
    .output(ListingResult)
    .query(async ({ ctx, input }) => ({
      barter: await getPublicListing(ctx.services.database.db, input.id),
    })),

  /** Three recent verified listings for the landing page, in its language when a listing has that version. */
  featured: publicProcedure
    .input(FeaturedListingsInput)
    .output(FeaturedListingsResult)
    .query(async ({ ctx, input }) => ({
      barters: (await featuredListings(ctx.services.database.db, LIMITS.featuredListings)).map((listing) => {
        const language = input.language ?? DEFAULT_LANGUAGE;
        const text = listingText(listing, language);
        return {
          ...listing,
          title: text.title,
          description: text.description,
          categoryTitle: translateText(language, categoryTitle(listing.category)),
        };
      }),
    })),

  /** Active listings per category, for the landing page's media types (real counts, not claims). */
  categoryCounts: publicProcedure
    .output(
      z.object({
        counts: z.array(z.object({ category: z.enum(MEDIA_CATEGORY_IDS), count: z.number().int() })),
      }),
    )
    .query(async ({ ctx }) => ({
      counts: (await categoryCounts(ctx.services.database.db)).filter(
        (row): row is { category: MediaCategoryId; count: number } =>
          (MEDIA_CATEGORY_IDS as readonly string[]).includes(row.category),
      ),
    })),

  create: authedProcedure
    .input(CreateListingInput)
    .output(ListingResult)
    .mutation(async ({ ctx, input }) => {
      const barter = await createListing(ctx.services.database.db, ctx.user, input);
      // Instant saved-search alerts go out now rather than at the job's next minute.
      ctx.services.jobs?.wake(SAVED_SEARCH_ALERTS_JOB);
      wakeMatches(ctx.services);
      return { barter };
    }),

  /** Active listings against the plan's allowance (the post button warns before the form opens). */
  allowance: authedProcedure
    .output(z.object({ activeListings: z.number().int(), limit: z.number().int().nullable() }))
    .query(({ ctx }) => listingAllowance(ctx.services.database.db, ctx.user.id)),

  mine: authedProcedure
    .output(MyListingsResult)
    .query(async ({ ctx }) => ({ barters: await myListings(ctx.services.database.db, ctx.user.id) })),

  update: authedProcedure
    .input(UpdateListingInput)
    .output(ListingResult)
    .mutation(async ({ ctx, input }) => {
      const barter = await updateListing(ctx.services.database.db, ctx.user, input);
      wakeMatches(ctx.services);
      return { barter };
    }),

  /** The owner features the listing for 7 days, within the plan's featured listings a month. */
  feature: authedProcedure
    .input(ListingIdInput)
    .output(ListingResult)
    .mutation(async ({ ctx, input }) => ({
      barter: await featureListing(ctx.services.database.db, ctx.user.id, input.id),
    })),

  archive: authedProcedure
    .input(ListingIdInput)
    .output(ListingResult)
    .mutation(async ({ ctx, input }) => {
      const barter = await archiveListing(ctx.services.database.db, ctx.user, input.id);
      wakeMatches(ctx.services);
      return { barter };
    }),

  /** Adds an uploaded photo (multipart REST row `POST /api/barters/:id/photos`; tRPC callers cannot upload). */
  addPhoto: authedProcedure
    .input(AddPhotoInput)
    .output(ListingResult)
    .mutation(async ({ ctx, input }) => ({
      barter: await addListingPhoto(
        ctx.services.database.db,
        ctx.services.storage,
        ctx.user,
        input.id,
        input.file,
      ),
    })),

  removePhoto: authedProcedure
    .input(RemovePhotoInput)
    .output(ListingResult)
    .mutation(async ({ ctx, input }) => ({
      barter: await removeListingPhoto(
        ctx.services.database.db,
        ctx.services.storage,
        ctx.user,
        input.id,
        input.index,
      ),
    })),

  /** Puts an archived listing of the owner's back on the marketplace, within the plan's allowance. */
  restore: authedProcedure
    .input(ListingIdInput)
    .output(ListingResult)
    .mutation(async ({ ctx, input }) => {
      const barter = await restoreListing(ctx.services.database.db, ctx.user, input.id);
      wakeMatches(ctx.services);
      return { barter };
    }),

  /** The dashboard overview's figures. */
  stats: authedProcedure
    .output(DashboardStats)
    .query(({ ctx }) => dashboardStats(ctx.services.database.db, ctx.user.id)),

  /** A page of cards was shown. */
  recordViews: publicProcedure
    .input(RecordViewsInput)
    .output(z.object({ ok: z.literal(true) }))
    .mutation(async ({ ctx, input }) => {
      await recordViews(ctx.services.database.db, input.ids, activeUserId(ctx.session?.user));
      return { ok: true as const };
    }),

  /** The Contact button was used. */
  recordContactClick: publicProcedure
    .input(ListingIdInput)
    .output(z.object({ ok: z.literal(true) }))
    .mutation(async ({ ctx, input }) => {
      await recordContactClick(ctx.services.database.db, input.id, activeUserId(ctx.session?.user));
      return { ok: true as const };
    }),
});

/**
 * The listing was queued for the match job (and its owner for the circle job) by the listings triggers: run the
 * jobs now in this process, so its matches and circles appear within seconds rather than at the next minute.
 */
function wakeMatches(services: ApiServices): void {
  services.jobs?.wake(MATCH_UPDATES_JOB);
  services.jobs?.wake(CIRCLE_DETECT_JOB);
}

function activeUserId(user: { id: string; status: string } | undefined): string | null {
  return user && user.status === 'active' ? user.id : null;
}
