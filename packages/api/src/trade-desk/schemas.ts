import { MEDIA_CATEGORY_IDS } from '@barterads/core';
import { z } from 'zod';
import { CircleResult } from '../circles/schemas';
import { Deal, ProposeDealInput } from '../deals/schemas';

export const TradeDeskInput = z
  .object({
    city: z.string().trim().min(2).max(60).optional(),
    category: z.enum(MEDIA_CATEGORY_IDS).optional(),
  })
  .optional();
export type TradeDeskInput = z.infer<typeof TradeDeskInput>;

const Leg = z.object({
  giverId: z.string(),
  giver: z.string(),
  receiverId: z.string(),
  receiver: z.string(),
  listingId: z.string(),
  title: z.string(),
  valueInr: z.number().int(),
});

export const TradeDesk = z.object({
  /** Active needs with no match, by city and category. */
  unmatchedNeeds: z.array(
    z.object({ city: z.string().nullable(), category: z.string().nullable(), needs: z.number().int() }),
  ),
  /** Open offers with no answer for more than 3 days. */
  stalledOffers: z.array(
    z.object({
      dealId: z.string(),
      proposer: z.string(),
      counterparty: z.string(),
      waitingOn: z.string().nullable(),
      lastActivityAt: z.string(),
    }),
  ),
  /** Members with active inventory and no deal in 60 days. */
  idleInventory: z.array(
    z.object({
      userId: z.string(),
      company: z.string(),
      activeListings: z.number().int(),
      lastDealAt: z.string().nullable(),
    }),
  ),
  /** Two legs of a circle whose third leg is missing (who would close it, for about how much). */
  nearCircles: z.array(
    z.object({
      legs: z.array(Leg),
      missing: z.object({
        giverId: z.string(),
        giver: z.string(),
        receiverId: z.string(),
        receiver: z.string(),
        valueInr: z.number().int(),
      }),
    }),
  ),
});
export type TradeDesk = z.infer<typeof TradeDesk>;

/** A circle of three listings (listing i goes to the owner of listing i + 1). */
export const CircleDraftInput = z.object({
  listingIds: z
    .array(z.uuid({ error: 'Listing not found.' }))
    .length(3, { error: 'A circle draft names three listings.' }),
});
/** A deal between two members: as POST /api/deals, proposed from `fromUserId` on the other member's listing. */
export const PairDraftInput = ProposeDealInput.extend({
  fromUserId: z.uuid({ error: 'Member not found.' }),
});
/** POST /api/admin/trade-desk/drafts: a circle (`listingIds`) or a deal between two (`fromUserId`, …). */
export const DraftInput = z.union([CircleDraftInput, PairDraftInput]);
export type DraftInput = z.infer<typeof DraftInput>;
export const DraftResult = z.union([CircleResult, z.object({ deal: Deal })]);

export const BrokerFiguresResult = z.object({
  figures: z.array(
    z.object({
      brokerId: z.string(),
      broker: z.string(),
      /** `YYYY-MM` (Asia/Kolkata). */
      month: z.string(),
      drafts: z.number().int(),
      accepted: z.number().int(),
      valueClosedInr: z.number().int(),
    }),
  ),
});

export const SetBrokerInput = z.object({ id: z.uuid({ error: 'User not found.' }), broker: z.boolean() });
export const SetBrokerResult = z.object({
  user: z.object({
    _id: z.string(),
    name: z.string(),
    email: z.string(),
    role: z.string(),
    broker: z.boolean(),
  }),
});
