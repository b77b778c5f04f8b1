import { authedProcedure, router } from '../trpc';
import { taxPreview } from './legs';
import { DealTaxInput, TaxPreviewResult } from './schemas';

/**
 * GST of barter deals (product-spec-3 section 1): each party's side is a leg, computed by `computeLegs` in
 * packages/core, stored at acceptance. Parties only; anyone else gets 404. Not tax advice: members check with
 * their accountant.
 */
export const taxRouter = router({
  /** Each leg as it is (accepted) or would be on acceptance, and the viewer's GST owed and claimable. */
  preview: authedProcedure
    .input(DealTaxInput)
    .output(TaxPreviewResult)
    .query(({ ctx, input }) => taxPreview(ctx.services.database.db, ctx.user, input.id)),
});
