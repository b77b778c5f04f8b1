import type { Context } from '../context';
import type { DeliveryOutcome } from '../deliveries/deliveries';
import {
  acceptDeliverable,
  addDisputeEvidence,
  dealThread,
  deliverItem,
  disputeDeliverable,
  resolveDispute,
} from '../deliveries/deliveries';
import { type DeliveryThreadEvent, deliveryThreadLine } from '../deliveries/notices';
import {
  DeliverableIdInput,
  DeliverInput,
  DisputeEvidenceInput,
  DisputeInput,
  ResolveDisputeInput,
} from '../deliveries/schemas';
import { EVENT_DISPATCH_JOB } from '../events/outbox';
import { adminProcedure, authedProcedure, router } from '../trpc';
import { createCommissionOrder, verifyCommissionPayment } from './commission';
import {
  acceptDeal,
  adminCancelDeal,
  adminListDeals,
  counterDeal,
  dealAllowanceOf,
  declineDeal,
  getDealPage,
  listDeals,
  proposeDeal,
  readDeal,
  withdrawDeal,
} from './deals';
import type { DealEvent } from './mail';
import {
  AcceptDealInput,
  AdminCancelDealInput,
  AdminDealsInput,
  AdminDealsResult,
  CommissionOrderResult,
  CounterDealInput,
  type Deal,
  DealAllowanceResult,
  DealIdInput,
  DealPageResult,
  DealResult,
  DeclineDealInput,
  DisputeRecordResult,
  ListDealsInput,
  ListDealsResult,
  ProposeDealInput,
  VerifyCommissionInput,
} from './schemas';
import { postLineToThread, postToThread } from './thread';

/**
 * After a transition committed: the party concerned is told through the outbox (the transition wrote its event in
 * its own transaction; the dispatcher delivers it to the bell and by e-mail, and is woken here so it does not wait
 * for its minute), and the deal's thread gets its line.
 */
async function tell(
  ctx: Context & { user: { id: string } },
  event: DealEvent,
  deal: Deal,
  text?: string,
): Promise<Deal> {
  ctx.services.jobs?.wake(EVENT_DISPATCH_JOB);
  // The thread's line is awaited, so the deal answered carries its conversation.
  const conversationId = await postToThread(
    { db: ctx.services.database.db, pubsub: ctx.services.pubsub, logger: ctx.services.logger },
    event,
    deal,
    ctx.user.id,
    text,
  );
  return { ...deal, conversationId: deal.conversationId ?? conversationId };
}

/**
 * A party's delivery event as a line in the deal's thread (after it committed); answers the deal with its thread.
 */
async function lineInThread(
  ctx: Context & { user: { id: string } },
  deal: Deal,
  outcome: DeliveryOutcome,
  event: DeliveryThreadEvent,
): Promise<Deal> {
  const conversationId = await postLineToThread(
    { db: ctx.services.database.db, pubsub: ctx.services.pubsub, logger: ctx.services.logger },
    deal,
    ctx.user.id,
    deliveryThreadLine(outcome, event),
  );
  return { ...deal, conversationId: deal.conversationId ?? conversationId };
}

/**
 * Deals (product-spec-2 section 2): propose from a listing, counter, accept a named version, decline, withdraw.
 * Every transition runs in one transaction that locks the deal's row; a transition that does not apply answers
 * 409 and changes nothing. Open offers past their period read as `expired` at once (computed on read); the deal
 * expiry job (apps/server/src/jobs/deal-expiry.ts) writes it within a minute, or the next transition does.
 */
export const dealsRouter = router({
  /** Propose a deal from a listing that is not yours; the listing's owner answers. */
  propose: authedProcedure
    .input(ProposeDealInput)
    .output(DealResult)
    .mutation(async ({ ctx, input }) => ({
      deal: await tell(
        ctx,
        'proposed',
        await proposeDeal(ctx.services.database.db, ctx.user, input),
        input.message,
      ),
    })),

  /** Counter with new items: a new numbered version, the turn passes (not after the 10th version). */
  counter: authedProcedure
    .input(CounterDealInput)
    .output(DealResult)
    .mutation(async ({ ctx, input }) => ({
      deal: await tell(
        ctx,
        'countered',
        await counterDeal(ctx.services.database.db, ctx.user, input),
        input.message,
      ),
    })),

  /** Accept the version named (409 when a newer one exists); the deal gets its number. */
  accept: authedProcedure
    .input(AcceptDealInput)
    .output(DealResult)
    .mutation(async ({ ctx, input }) => ({
      deal: await tell(ctx, 'accepted', await acceptDeal(ctx.services.database.db, ctx.user, input)),
    })),

  /** Decline the offer (whose turn it is), with an optional reason. */
  decline: authedProcedure
    .input(DeclineDealInput)
    .output(DealResult)
    .mutation(async ({ ctx, input }) => ({
      deal: await tell(
        ctx,
        'declined',
        await declineDeal(ctx.services.database.db, ctx.user, input),
        input.reason,
      ),
    })),

  /** Withdraw your latest offer while it is the other side's turn. */
  withdraw: authedProcedure
    .input(DealIdInput)
    .output(DealResult)
    .mutation(async ({ ctx, input }) => ({
      deal: await tell(ctx, 'withdrawn', await withdrawDeal(ctx.services.database.db, ctx.user, input.id)),
    })),

  /** Your deals, latest activity first (query status, or `awaiting` for those waiting for your answer). */
  list: authedProcedure
    .input(ListDealsInput)
    .output(ListDealsResult)
    .query(({ ctx, input }) => listDeals(ctx.services.database.db, ctx.user, input)),

  /** The deal page: the deal and every version with its items; parties and admins only. */
  get: authedProcedure
    .input(DealIdInput)
    .output(DealPageResult)
    .query(({ ctx, input }) => getDealPage(ctx.services.database.db, ctx.user, input.id)),

  /** A Razorpay order for your commission on an accepted deal (the amount is the server's). */
  commissionOrder: authedProcedure
    .input(DealIdInput)
    .output(CommissionOrderResult)
    .mutation(({ ctx, input }) => createCommissionOrder(ctx, ctx.user, input.id)),

  /** Checkout's success answer for a commission order: signature checked, the commission marked paid once. */
  verifyCommission: authedProcedure
    .input(VerifyCommissionInput)
    .output(DealPageResult)
    .mutation(async ({ ctx, input }) => {
      await verifyCommissionPayment(ctx, ctx.user, input);
      return getDealPage(ctx.services.database.db, ctx.user, input.id);
    }),

  /** Admin: every deal, latest activity first (query status, cursor, limit). */
  adminList: adminProcedure
    .input(AdminDealsInput)
    .output(AdminDealsResult)
    .query(({ ctx, input }) => adminListDeals(ctx.services.database.db, ctx.user, input)),

  /** Admin: cancel an open, accepted or disputed deal with a reason (audit-logged). */
  adminCancel: adminProcedure
    .input(AdminCancelDealInput)
    .output(DealResult)
    .mutation(async ({ ctx, input }) => ({
      deal: await adminCancelDeal(ctx.services.database.db, ctx.user, input).finally(() =>
        ctx.services.jobs?.wake(EVENT_DISPATCH_JOB),
      ),
    })),

  /**
   * The giver marks an item delivered with proof: files (photos or PDFs, up to 10; the multipart REST row
   * `POST /api/deals/{id}/items/{itemId}/deliver`, since tRPC callers cannot upload), a note, a link.
   */
  deliver: authedProcedure
    .input(DeliverInput)
    .output(DealResult)
    .mutation(async ({ ctx, input }) => {
      const db = ctx.services.database.db;
      const outcome = await deliverItem({ db, storage: ctx.services.storage }, ctx.user, input);
      ctx.services.jobs?.wake(EVENT_DISPATCH_JOB);
      const event = { kind: 'delivered', note: input.note, link: input.link } as const;
      return { deal: await lineInThread(ctx, await readDeal(db, input.id, ctx.user), outcome, event) };
    }),

  /** The receiver accepts a delivered item; the deal is completed when every item is accepted. */
  acceptDelivery: authedProcedure
    .input(DeliverableIdInput)
    .output(DealResult)
    .mutation(async ({ ctx, input }) => {
      const db = ctx.services.database.db;
      const outcome = await acceptDeliverable(db, ctx.user, input);
      ctx.services.jobs?.wake(EVENT_DISPATCH_JOB);
      return {
        deal: await lineInThread(ctx, await readDeal(db, input.id, ctx.user), outcome, { kind: 'accepted' }),
      };
    }),

  /** The receiver disputes a delivered item (within 7 days of delivery): reason and details. */
  dispute: authedProcedure
    .input(DisputeInput)
    .output(DealResult)
    .mutation(async ({ ctx, input }) => {
      const db = ctx.services.database.db;
      const outcome = await disputeDeliverable(db, ctx.user, input);
      ctx.services.jobs?.wake(EVENT_DISPATCH_JOB);
      const event = { kind: 'disputed', reason: input.reason, details: input.details } as const;
      return { deal: await lineInThread(ctx, await readDeal(db, input.id, ctx.user), outcome, event) };
    }),

  /**
   * The receiver adds evidence (photos or PDFs, up to 10 a dispute) to its open dispute of an item: the multipart
   * REST row `POST /api/deals/{id}/items/{itemId}/dispute-evidence`, since tRPC callers cannot upload.
   */
  disputeEvidence: authedProcedure
    .input(DisputeEvidenceInput)
    .output(DealResult)
    .mutation(async ({ ctx, input }) => {
      const db = ctx.services.database.db;
      await addDisputeEvidence({ db, storage: ctx.services.storage }, ctx.user, input);
      return { deal: await readDeal(db, input.id, ctx.user) };
    }),

  /** Admin: decide a disputed item (redeliver, accept or cancel_deal) with a note; audit-logged. */
  adminResolve: adminProcedure
    .input(ResolveDisputeInput)
    .output(DealResult)
    .mutation(async ({ ctx, input }) => {
      const db = ctx.services.database.db;
      await resolveDispute(db, ctx.user, input);
      ctx.services.jobs?.wake(EVENT_DISPATCH_JOB);
      return { deal: await readDeal(db, input.id, ctx.user) };
    }),

  /** Admin: a deal's whole record for deciding a dispute: items, versions, proof, delivery timeline, thread. */
  adminRecord: adminProcedure
    .input(DealIdInput)
    .output(DisputeRecordResult)
    .query(async ({ ctx, input }) => {
      const db = ctx.services.database.db;
      // The deal page carries the delivery timeline.
      const [page, thread] = await Promise.all([
        getDealPage(db, ctx.user, input.id),
        dealThread(db, input.id),
      ]);
      return { ...page, thread };
    }),

  /** This month's accepted deals against your plan's limit, and when the count resets. */
  allowance: authedProcedure.output(DealAllowanceResult).query(async ({ ctx }) => {
    const state = await dealAllowanceOf(ctx.services.database.db, ctx.user.id);
    return {
      plan: state.plan,
      dealsThisMonth: state.dealsThisMonth,
      dealLimit: state.dealLimit,
      resetsOn: state.resetsOn,
    };
  }),
});
