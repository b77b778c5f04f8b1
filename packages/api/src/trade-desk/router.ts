import { EVENT_DISPATCH_JOB } from '../events/outbox';
import { adminProcedure, brokerProcedure, deskProcedure, router } from '../trpc';
import { brokerFigures, draftCircle, setBroker, tradeDesk } from './desk';
import {
  BrokerFiguresResult,
  DraftInput,
  DraftResult,
  SetBrokerInput,
  SetBrokerResult,
  TradeDesk,
  TradeDeskInput,
} from './schemas';

/** The trade desk (product-spec-3 section 4): admins and brokers read it; brokers draft; admins name brokers. */
export const tradeDeskRouter = router({
  desk: deskProcedure
    .input(TradeDeskInput)
    .output(TradeDesk)
    .query(({ ctx, input }) => tradeDesk(ctx.services.database.db, input)),

  /** A circle drafted for three members, delivered as a proposal prepared by the trade desk. */
  draft: brokerProcedure
    .input(DraftInput)
    .output(DraftResult)
    .mutation(async ({ ctx, input }) => {
      const circle = await draftCircle(ctx.services.database.db, ctx.user, input.listingIds);
      ctx.services.jobs?.wake(EVENT_DISPATCH_JOB);
      return { circle };
    }),

  figures: deskProcedure
    .output(BrokerFiguresResult)
    .query(({ ctx }) => brokerFigures(ctx.services.database.db)),

  setBroker: adminProcedure
    .input(SetBrokerInput)
    .output(SetBrokerResult)
    .mutation(({ ctx, input }) => setBroker(ctx.services.database.db, ctx.user, input)),
});
