import { adminProcedure, authedProcedure, router } from '../trpc';
import { mailDecision } from './mail';
import {
  AdminVerificationsInput,
  AdminVerificationsResult,
  DecideVerificationInput,
  DecideVerificationResult,
  MyVerificationResult,
} from './schemas';
import { decideVerification, listVerifications, myVerification } from './verification';

/** Businesses: GST verification (product-spec-2 section 4). A business's id is its owner's user id. */
export const businessesRouter = router({
  /** The signed-in user's business verification: status, the latest submission (with the reason when rejected), history. */
  myVerification: authedProcedure
    .output(MyVerificationResult)
    .query(({ ctx }) => myVerification(ctx.services.database.db, ctx.user.id)),

  /** The admin's queue: pending first; query `status`, `businessId` (one business's history). */
  verifications: adminProcedure
    .input(AdminVerificationsInput)
    .output(AdminVerificationsResult)
    .query(({ ctx, input }) => listVerifications(ctx.services.database.db, input)),

  /** Approve, or reject with a reason; audit-logged with the decision; the business is told by e-mail. */
  decideVerification: adminProcedure
    .input(DecideVerificationInput)
    .output(DecideVerificationResult)
    .mutation(async ({ ctx, input }) => ({
      verification: await decideVerification(
        {
          db: ctx.services.database.db,
          tell: mailDecision(ctx.services.mailer, ctx.services.config.appUrl),
          logger: ctx.services.logger,
        },
        ctx.user.id,
        input,
      ),
    })),
});
