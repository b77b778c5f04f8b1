import { z } from 'zod';
import { EVENT_DISPATCH_JOB } from '../events/outbox';
import { adminProcedure, authedProcedure, publicProcedure, router } from '../trpc';
import {
  businessReviews,
  createReview,
  dealReviews,
  dismissReviewReports,
  hideReview,
  replyToReview,
  reportedReviews,
  reportReview,
} from './reviews';
import {
  BusinessReviewsInput,
  BusinessReviewsResult,
  CreateReviewInput,
  DealReviewsInput,
  DealReviewsResult,
  DismissReportsInput,
  HideInput,
  ReplyInput,
  ReportedReviewsResult,
  ReportInput,
  ReviewResult,
} from './schemas';

/**
 * Reviews (product-spec-2 section 3): one per party after a completed deal, hidden until both are written or 14
 * days after completion (the reviews job publishes them), one reply by the reviewed business, reports, and an
 * admin's hiding with a reason. A business's rating is the mean of its public reviews.
 */
export const reviewsRouter = router({
  /** Review the other party of a completed deal (1 to 5 stars, text); 409 before completion or a second time. */
  create: authedProcedure
    .input(CreateReviewInput)
    .output(ReviewResult)
    .mutation(async ({ ctx, input }) => {
      const made = await createReview(ctx.services.database.db, ctx.user, input);
      // Its events are committed (`review.received`, or `review.published`): the dispatcher tells the subject.
      ctx.services.jobs?.wake(EVENT_DISPATCH_JOB);
      return { review: made.review };
    }),

  /** A deal's reviews as its party sees them: yours, theirs once public, whether you may write one. */
  forDeal: authedProcedure
    .input(DealReviewsInput)
    .output(DealReviewsResult)
    .query(({ ctx, input }) => dealReviews(ctx.services.database.db, ctx.user, input.id)),

  /** The reviewed business replies once to a public review. */
  reply: authedProcedure
    .input(ReplyInput)
    .output(ReviewResult)
    .mutation(async ({ ctx, input }) => ({
      review: await replyToReview(ctx.services.database.db, ctx.user, input),
    })),

  /** Report a public review to the admins (once per member). */
  report: authedProcedure
    .input(ReportInput)
    .output(z.object({ reported: z.literal(true) }))
    .mutation(async ({ ctx, input }) => {
      await reportReview(ctx.services.database.db, ctx.user, input);
      return { reported: true as const };
    }),

  /** A business's public reviews, newest first, paged, with its rating. */
  business: publicProcedure
    .input(BusinessReviewsInput)
    .output(BusinessReviewsResult)
    .query(({ ctx, input }) => businessReviews(ctx.services.database.db, input)),

  /** Admin: reported reviews not yet hidden and not kept, most reported first, naming business and reporters. */
  adminReported: adminProcedure
    .output(ReportedReviewsResult)
    .query(({ ctx }) => reportedReviews(ctx.services.database.db)),

  /** Admin: hide a review with a reason (audit-logged); it leaves the business's rating. */
  adminHide: adminProcedure
    .input(HideInput)
    .output(ReviewResult)
    .mutation(async ({ ctx, input }) => ({
      review: await hideReview(ctx.services.database.db, ctx.user, input),
    })),

  /** Admin: keep a reported review and dismiss its reports (audit-logged); it leaves the queue. */
  adminDismissReports: adminProcedure
    .input(DismissReportsInput)
    .output(ReviewResult)
    .mutation(async ({ ctx, input }) => ({
      review: await dismissReviewReports(ctx.services.database.db, ctx.user, input),
    })),
});
