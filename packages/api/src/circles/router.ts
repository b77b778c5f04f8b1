import { EVENT_DISPATCH_JOB } from '../events/outbox';
import { MATCH_UPDATES_JOB } from '../matching/update';
import { authedProcedure, router } from '../trpc';
import { CIRCLE_DETECT_JOB, getAccepts, saveAccepts } from './accepts';
import { acceptCircle, declineCircle, getCircle, listCircles } from './circles';
import { AcceptsInput, AcceptsResult, CircleIdInput, CircleResult, CirclesResult } from './schemas';

/**
 * Circle deals (product-spec-3 section 4): the member's "I'd accept" list, and the circles of three the circle job
 * proposes, answered all or nothing (the circle table in packages/core).
 */
export const circlesRouter = router({
  /** The member's "I'd accept" list (null when none). */
  accepts: authedProcedure
    .output(AcceptsResult)
    .query(async ({ ctx }) => ({ accepts: await getAccepts(ctx.services.database.db, ctx.user.id) })),

  /** Saves the list; the member's circles and matches are searched again at once. */
  saveAccepts: authedProcedure
    .input(AcceptsInput)
    .output(AcceptsResult)
    .mutation(async ({ ctx, input }) => {
      const accepts = await saveAccepts(ctx.services.database.db, ctx.user.id, input);
      ctx.services.jobs?.wake(MATCH_UPDATES_JOB);
      ctx.services.jobs?.wake(CIRCLE_DETECT_JOB);
      return { accepts };
    }),

  /** The member's circles, newest first. */
  list: authedProcedure
    .output(CirclesResult)
    .query(async ({ ctx }) => ({ circles: await listCircles(ctx.services.database.db, ctx.user) })),

  /** One circle of the member's (404 otherwise): its own legs and the counterparties' public cards. */
  get: authedProcedure
    .input(CircleIdInput)
    .output(CircleResult)
    .query(async ({ ctx, input }) => ({
      circle: await getCircle(ctx.services.database.db, ctx.user, input.id),
    })),

  /** Accept; the third accept creates the three deals (`deals`). */
  accept: authedProcedure
    .input(CircleIdInput)
    .output(CircleResult)
    .mutation(async ({ ctx, input }) => {
      const result = await acceptCircle(ctx.services.database.db, ctx.user, input.id);
      ctx.services.jobs?.wake(EVENT_DISPATCH_JOB);
      return result;
    }),

  /** Decline: the circle lapses for all three. */
  decline: authedProcedure
    .input(CircleIdInput)
    .output(CircleResult)
    .mutation(async ({ ctx, input }) => {
      const result = await declineCircle(ctx.services.database.db, ctx.user, input.id);
      ctx.services.jobs?.wake(EVENT_DISPATCH_JOB);
      return result;
    }),
});
