import { proposeDraftDeal } from '../deals/deals';
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

  /**
   * A circle drafted for three members, or a deal for two, delivered as a proposal prepared by the trade desk that
   * each member answers (neither side is taken to accept it).
   */
  draft: brokerProcedure
    .input(DraftInput)
    .output(DraftResult)
    .mutation(async ({ ctx, input }) => {
      const db = ctx.services.database.db;
      const result =
        'listingIds' in input
          ? { circle: await draftCircle(db, ctx.user, input.listingIds) }
          : { deal: await proposeDraftDeal(db, ctx.user, input) };
      ctx.services.jobs?.wake(EVENT_DISPATCH_JOB);
      return result;
    }),

  figures: deskProcedure
    .output(BrokerFiguresResult)
    .query(({ ctx }) => brokerFigures(ctx.services.database.db)),

  setBroker: adminProcedure
    .input(SetBrokerInput)
    .output(SetBrokerResult)
    .mutation(({ ctx, input }) => setBroker(ctx.services.database.db, ctx.user, input)),
});
