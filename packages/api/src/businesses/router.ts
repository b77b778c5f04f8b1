import { offlineGstLookup } from '@barterads/core';
import { notifyDeps } from '../notifications/notify';
import { adminProcedure, authedProcedure, router } from '../trpc';
import {
  AdminVerificationsInput,
  AdminVerificationsResult,
  DecideVerificationInput,
  DecideVerificationResult,
  MyVerificationResult,
  SubmitVerificationInput,
  SubmitVerificationResult,
} from './schemas';
import { decideVerification, listVerifications, myVerification, submitVerification } from './verification';

/** Businesses: GST verification (product-spec-2 section 4). A business's id is its owner's user id. */
export const businessesRouter = router({
  /** The signed-in user's business verification: status, the latest submission (with the reason when rejected), history. */
  myVerification: authedProcedure
    .output(MyVerificationResult)
    .query(({ ctx }) => myVerification(ctx.services.database.db, ctx.user.id)),

  /**
   * Verify your business: GSTIN, legal name, optional PAN and Udyam number, the GST certificate. Multipart REST
   * row `POST /api/auth/me/verification` (tRPC callers cannot upload). The business becomes `pending`.
   */
  submitVerification: authedProcedure
    .input(SubmitVerificationInput)
    .output(SubmitVerificationResult)
    .mutation(async ({ ctx, input }) => {
      const submission = await submitVerification(
        {
          db: ctx.services.database.db,
          storage: ctx.services.storage,
          gstLookup: ctx.services.gstLookup ?? offlineGstLookup,
        },
        ctx.user,
        input,
      );
      return {
        verification: {
          status: submission.status,
          gstin: submission.gstin,
          legalName: submission.legalName,
          submittedAt: submission.submittedAt,
        },
      };
    }),

  /** The admin's queue: pending first; query `status`, `businessId` (one business's history). */
  verifications: adminProcedure
    .input(AdminVerificationsInput)
    .output(AdminVerificationsResult)
    .query(({ ctx, input }) => listVerifications(ctx.services.database.db, input)),

  /** Approve, or reject with a reason; audit-logged with the decision; the business is told (bell and e-mail). */
  decideVerification: adminProcedure
    .input(DecideVerificationInput)
    .output(DecideVerificationResult)
    .mutation(async ({ ctx, input }) => ({
      verification: await decideVerification(
        {
          db: ctx.services.database.db,
          notify: notifyDeps(ctx.services),
          logger: ctx.services.logger,
        },
        ctx.user.id,
        input,
      ),
    })),
});
