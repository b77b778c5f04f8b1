import { adminProcedure, authedProcedure, router } from '../trpc';
import { matchesFor, unmatchedNeeds } from './matches';
import { MatchesInput, MatchesResult, UnmatchedNeedsResult } from './schemas';

/** Matches (product-spec-2 section 5): scored pairs of needs and inventory, with reasons; plan-gated. */
export const matchingRouter = router({
  /** The caller's matches: of one listing, or across all (the dashboard). */
  list: authedProcedure
    .input(MatchesInput)
    .output(MatchesResult)
    .query(({ ctx, input }) => matchesFor(ctx.services.database.db, ctx.user.id, input?.listingId)),

  /** Admin: active needs with no match, by category (where supply must be recruited). */
  unmatchedNeeds: adminProcedure
    .output(UnmatchedNeedsResult)
    .query(async ({ ctx }) => UnmatchedNeedsResult.parse(await unmatchedNeeds(ctx.services.database.db))),
});
