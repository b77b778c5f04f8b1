import { adminProcedure, router } from '../trpc';
import { listActivity } from './audit';
import { archiveListing, listListings, setListingVerified } from './listings';
import { getMetrics, usersByCountry } from './metrics';
import {
  ActivityInput,
  ActivityOutput,
  AdminListingsInput,
  AdminListingsOutput,
  AdminMetrics,
  AdminUsersInput,
  AdminUsersOutput,
  ArchiveListingInput,
  ListingOutput,
  SetListingVerifiedInput,
  SetUserStatusInput,
  UserOutput,
  UsersByCountry,
} from './schemas';
import { listUsers, setUserStatus } from './users';

/** The back-office: every procedure is admin-only (401 anonymous, 403 non-admin or suspended). */
export const adminRouter = router({
  metrics: adminProcedure.output(AdminMetrics).query(({ ctx }) => getMetrics(ctx.services.database.db)),

  usersByCountry: adminProcedure
    .output(UsersByCountry)
    .query(({ ctx }) => usersByCountry(ctx.services.database.db)),

  users: adminProcedure
    .input(AdminUsersInput)
    .output(AdminUsersOutput)
    .query(({ ctx, input }) => listUsers(ctx.services.database.db, input)),

  setUserStatus: adminProcedure
    .input(SetUserStatusInput)
    .output(UserOutput)
    .mutation(async ({ ctx, input }) => ({
      user: await setUserStatus(ctx.services.database.db, ctx.user.id, input.id, input.status),
    })),

  listings: adminProcedure
    .input(AdminListingsInput)
    .output(AdminListingsOutput)
    .query(({ ctx, input }) => listListings(ctx.services.database.db, input)),

  setListingVerified: adminProcedure
    .input(SetListingVerifiedInput)
    .output(ListingOutput)
    .mutation(async ({ ctx, input }) => ({
      listing: await setListingVerified(ctx.services.database.db, ctx.user.id, input.id, input.verified),
    })),

  archiveListing: adminProcedure
    .input(ArchiveListingInput)
    .output(ListingOutput)
    .mutation(async ({ ctx, input }) => ({
      listing: await archiveListing(ctx.services.database.db, ctx.user.id, input.id, input.reason),
    })),

  activity: adminProcedure
    .input(ActivityInput)
    .output(ActivityOutput)
    .query(({ ctx, input }) => listActivity(ctx.services.database.db, input)),
});
