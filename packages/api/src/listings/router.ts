import { LIMITS } from '@barterads/core';
import { z } from 'zod';
import { authedProcedure, enforceRateLimits, publicProcedure, router } from '../trpc';
import { dashboardStats, recordContactClick, recordViews } from './events';
import { archiveListing, createListing, featuredListings, myListings, updateListing } from './listings';
import { addListingPhoto, removeListingPhoto } from './photos';
import {
  AddPhotoInput,
  CreateListingInput,
  DashboardStats,
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
import { searchListings } from './search';

const MINUTE = 60 * 1000;

export const listingsRouter = router({
  /** The marketplace: active listings, newest first, searched and filtered on the server. */
  search: publicProcedure
    .input(SearchListingsInput)
    .output(SearchListingsResult)
    .query(({ ctx, input }) => searchListings(ctx.services.database.db, input)),

  /** Three recent verified listings for the landing page. */
  featured: publicProcedure.output(FeaturedListingsResult).query(async ({ ctx }) => ({
    barters: await featuredListings(ctx.services.database.db, LIMITS.featuredListings),
  })),

  create: authedProcedure
    .input(CreateListingInput)
    .output(ListingResult)
    .mutation(async ({ ctx, input }) => {
      await enforceRateLimits(ctx, [
        { key: `listing:create:${ctx.user.id}`, rule: { max: 30, windowMs: 60 * MINUTE } },
      ]);
      return { barter: await createListing(ctx.services.database.db, ctx.user, input) };
    }),

  mine: authedProcedure
    .output(MyListingsResult)
    .query(async ({ ctx }) => ({ barters: await myListings(ctx.services.database.db, ctx.user.id) })),

  update: authedProcedure
    .input(UpdateListingInput)
    .output(ListingResult)
    .mutation(async ({ ctx, input }) => ({
      barter: await updateListing(ctx.services.database.db, ctx.user, input),
    })),

  archive: authedProcedure
    .input(ListingIdInput)
    .output(ListingResult)
    .mutation(async ({ ctx, input }) => ({
      barter: await archiveListing(ctx.services.database.db, ctx.user, input.id),
    })),

  /** Adds an uploaded photo (multipart REST row `POST /api/barters/:id/photos`; tRPC callers cannot upload). */
  addPhoto: authedProcedure
    .input(AddPhotoInput)
    .output(ListingResult)
    .mutation(async ({ ctx, input }) => {
      await enforceRateLimits(ctx, [
        { key: `listing:photo:${ctx.user.id}`, rule: { max: 60, windowMs: 60 * MINUTE } },
      ]);
      return {
        barter: await addListingPhoto(
          ctx.services.database.db,
          ctx.services.storage,
          ctx.user,
          input.id,
          input.file,
        ),
      };
    }),

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

  /** The dashboard overview's figures. */
  stats: authedProcedure
    .output(DashboardStats)
    .query(({ ctx }) => dashboardStats(ctx.services.database.db, ctx.user.id)),

  /** A page of cards was shown. */
  recordViews: publicProcedure
    .input(RecordViewsInput)
    .output(z.object({ ok: z.literal(true) }))
    .mutation(async ({ ctx, input }) => {
      await enforceRateLimits(ctx, [
        { key: `listing:views:${ctx.meta.ip}`, rule: { max: 120, windowMs: MINUTE } },
      ]);
      await recordViews(ctx.services.database.db, input.ids, activeUserId(ctx.session?.user));
      return { ok: true as const };
    }),

  /** The Contact button was used. */
  recordContactClick: publicProcedure
    .input(ListingIdInput)
    .output(z.object({ ok: z.literal(true) }))
    .mutation(async ({ ctx, input }) => {
      await enforceRateLimits(ctx, [
        { key: `listing:clicks:${ctx.meta.ip}`, rule: { max: 60, windowMs: MINUTE } },
      ]);
      await recordContactClick(ctx.services.database.db, input.id, activeUserId(ctx.session?.user));
      return { ok: true as const };
    }),
});

function activeUserId(user: { id: string; status: string } | undefined): string | null {
  return user && user.status === 'active' ? user.id : null;
}
