import { publicProcedure, router } from '../trpc';
import { BusinessIdInput, BusinessPageOutput, getBusinessPage } from './page';

/** Public business pages (/b/<id>, GET /api/businesses/:id). */
export const businessPagesRouter = router({
  get: publicProcedure
    .input(BusinessIdInput)
    .output(BusinessPageOutput)
    .query(({ ctx, input }) => getBusinessPage(ctx.services.database.db, input.id)),
});
