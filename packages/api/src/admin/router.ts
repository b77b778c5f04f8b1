import { z } from 'zod';
import { jobQueueOverview } from '../jobs/overview';
import { adminProcedure, router } from '../trpc';
import { enterpriseMembers, setAccountManager } from './account-managers';
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
  EnterpriseMembersOutput,
  ListingOutput,
  SetAccountManagerInput,
  SetAccountManagerOutput,
  SetListingVerifiedInput,
  SetUserStatusInput,
  UserOutput,
  UsersByCountry,
} from './schemas';
import { listUsers, setUserStatus } from './users';

/** The back-office: every procedure is admin-only (401 anonymous, 403 non-admin or suspended). */
const JobQueueOverviewOutput = z.object({
  queues: z.array(
    z.object({
      name: z.string(),
      queued: z.number().int(),
      active: z.number().int(),
      retrying: z.number().int(),
      completed: z.number().int(),
      failed: z.number().int(),
      lastFailedAt: z.string().nullable(),
      lastError: z.string().nullable(),
    }),
  ),
  outboxes: z.object({
    notificationEmailsPending: z.number().int(),
    notificationEmailsFailed: z.number().int(),
    matchUpdatesQueued: z.number().int(),
  }),
});

export const adminRouter = router({
  /** The background job queue: queued, running, retrying, completed and failed per queue; the outboxes. */
  jobs: adminProcedure
    .output(JobQueueOverviewOutput)
    .query(({ ctx }) => jobQueueOverview(ctx.services.database.db)),
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

  /** Members on a running Enterprise plan with their account manager; the admins who can be assigned. */
  enterpriseMembers: adminProcedure
    .output(EnterpriseMembersOutput)
    .query(({ ctx }) => enterpriseMembers(ctx.services.database.db)),

  /** Assigns (or with null removes) an Enterprise member's account manager; audit-logged. */
  setAccountManager: adminProcedure
    .input(SetAccountManagerInput)
    .output(SetAccountManagerOutput)
    .mutation(async ({ ctx, input }) => ({
      member: await setAccountManager(ctx.services.database.db, ctx.user.id, input),
    })),

  activity: adminProcedure
    .input(ActivityInput)
    .output(ActivityOutput)
    .query(({ ctx, input }) => listActivity(ctx.services.database.db, input)),
});
