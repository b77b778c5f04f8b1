import {
  DEAL_ACTIONS,
  DEAL_ITEM_UNITS,
  DEAL_LIMITS,
  DEAL_MESSAGES,
  DEAL_OPEN_DAYS,
  DEAL_STATUSES,
  DEFAULT_DEAL_OPEN_DAYS,
} from '@barterads/core';
import { z } from 'zod';
import { DeliverableView, TimelineEntry } from '../deliveries/schemas';

const DealId = z.uuid({ error: DEAL_MESSAGES.notFound });
const UserId = z.uuid({ error: DEAL_MESSAGES.giverNotParty });
const IsoDate = z.iso.date({ error: 'Dates are YYYY-MM-DD.' });

/** An empty text field of a form means "not given". */
const blankToUndefined = (value: unknown) =>
  value === null || (typeof value === 'string' && value.trim() === '') ? undefined : value;

/** One item a party gives: a listing of theirs or a free description, quantity and unit, dates, value in rupees. */
export const DealItemInput = z
  .object({
    giverId: UserId,
    listingId: z.preprocess(blankToUndefined, z.uuid({ error: DEAL_MESSAGES.listingNotFound }).optional()),
    title: z
      .string({ error: 'Describe the item.' })
      .trim()
      .min(1, 'Describe the item.')
      .max(DEAL_LIMITS.titleMax, `Please keep it under ${DEAL_LIMITS.titleMax} characters.`),
    quantity: z.coerce
      .number({ error: 'The quantity must be a whole number.' })
      .int('The quantity must be a whole number.')
      .min(1, 'The quantity must be at least 1.')
      .max(DEAL_LIMITS.quantityMax, 'The quantity is too large.'),
    unit: z.enum(DEAL_ITEM_UNITS, { error: `The unit must be one of ${DEAL_ITEM_UNITS.join(', ')}.` }),
    startDate: z.preprocess(blankToUndefined, IsoDate.optional()),
    endDate: z.preprocess(blankToUndefined, IsoDate.optional()),
    valueInr: z.coerce
      .number({ error: 'The value must be a whole number of rupees.' })
      .int('The value must be a whole number of rupees.')
      .min(DEAL_LIMITS.valueMinInr, 'Each value is at least ₹1.')
      .max(DEAL_LIMITS.valueMaxInr, 'Each value is at most ₹10,00,00,000.'),
  })
  .refine((item) => !item.startDate || !item.endDate || item.endDate >= item.startDate, {
    message: DEAL_MESSAGES.endBeforeStart,
    path: ['endDate'],
  });
export type DealItemInput = z.infer<typeof DealItemInput>;

const Items = z
  .array(DealItemInput, { error: DEAL_MESSAGES.bothSides })
  .min(2, DEAL_MESSAGES.bothSides)
  .max(DEAL_LIMITS.maxItems, `A deal can have at most ${DEAL_LIMITS.maxItems} items.`);

const Message = z.preprocess(
  blankToUndefined,
  z
    .string()
    .trim()
    .max(DEAL_LIMITS.messageMax, `Please keep the message under ${DEAL_LIMITS.messageMax} characters.`)
    .optional(),
);

const OpenDays = z.coerce
  .number()
  .refine((n): n is (typeof DEAL_OPEN_DAYS)[number] => (DEAL_OPEN_DAYS as readonly number[]).includes(n), {
    message: `An offer stays open ${DEAL_OPEN_DAYS.join(', ')} days.`,
  })
  .default(DEFAULT_DEAL_OPEN_DAYS);

/** Propose a deal from a listing that is not yours: what you get (that listing's owner gives) and what you give. */
export const ProposeDealInput = z.object({
  listingId: z.uuid({ error: DEAL_MESSAGES.listingNotFound }),
  items: Items,
  message: Message,
  openDays: OpenDays,
});
export type ProposeDealInput = z.infer<typeof ProposeDealInput>;

export const CounterDealInput = z.object({
  id: DealId,
  items: Items,
  message: Message,
  openDays: OpenDays,
});
export type CounterDealInput = z.infer<typeof CounterDealInput>;

export const AcceptDealInput = z.object({
  id: DealId,
  version: z.coerce
    .number({ error: 'Name the version you accept.' })
    .int('Name the version you accept.')
    .min(1, 'Name the version you accept.')
    .max(DEAL_LIMITS.maxVersions, DEAL_MESSAGES.staleVersion),
});
export type AcceptDealInput = z.infer<typeof AcceptDealInput>;

export const DeclineDealInput = z.object({
  id: DealId,
  reason: z.preprocess(
    blankToUndefined,
    z
      .string()
      .trim()
      .max(DEAL_LIMITS.reasonMax, `Please keep the reason under ${DEAL_LIMITS.reasonMax} characters.`)
      .optional(),
  ),
});
export type DeclineDealInput = z.infer<typeof DeclineDealInput>;

export const DealIdInput = z.object({ id: DealId });

const razorpayId = (name: string) =>
  z
    .string({ error: `${name} is required.` })
    .min(1, `${name} is required.`)
    .max(200, `${name} is too long.`);

/** Checkout's success answer for a commission order. */
export const VerifyCommissionInput = z.object({
  id: DealId,
  razorpay_order_id: razorpayId('razorpay_order_id'),
  razorpay_payment_id: razorpayId('razorpay_payment_id'),
  razorpay_signature: razorpayId('razorpay_signature'),
});

export const CommissionOrderResult = z.object({
  success: z.literal(true),
  order: z.object({ id: z.string(), amount: z.number().int(), currency: z.string() }),
});

/** `awaiting` lists the open deals whose turn is the caller's; `confirm` those with a delivery awaiting the caller. Query strings arrive as text over REST. */
export const DEAL_LIST_FILTERS = [...DEAL_STATUSES, 'awaiting', 'confirm'] as const;
export const ListDealsInput = z
  .object({
    status: z
      .union([z.enum(DEAL_LIST_FILTERS), z.literal('all'), z.literal('')])
      .optional()
      .transform((v) => (v === 'all' || v === '' ? undefined : v)),
    cursor: z.preprocess(blankToUndefined, z.string().max(200).optional()),
    limit: z.coerce.number().int().min(1).max(100).default(20),
  })
  .prefault({});
export type ListDealsInput = z.infer<typeof ListDealsInput>;

export const DealParty = z.object({
  _id: z.string(),
  name: z.string(),
  companyName: z.string().nullable(),
  verified: z.boolean(),
});

export const DealItem = z.object({
  _id: z.string(),
  giverId: z.string(),
  listingId: z.string().nullable(),
  title: z.string(),
  quantity: z.number().int(),
  unit: z.string(),
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
  valueInr: z.number().int(),
  /** What the giver owes once the deal is accepted; null before. */
  deliverable: DeliverableView.nullable(),
});
export type DealItem = z.infer<typeof DealItem>;

export const Deal = z.object({
  _id: z.string(),
  number: z.string().nullable(),
  status: z.enum(DEAL_STATUSES),
  version: z.number().int(),
  turnUserId: z.string().nullable(),
  expiresAt: z.string(),
  listingId: z.string().nullable(),
  proposer: DealParty,
  counterparty: DealParty,
  items: z.array(DealItem),
  /** Per party id: the value in rupees it receives. */
  totals: z.record(z.string(), z.number()),
  /** Per party id, fixed at acceptance: the plan's rate (0.05 is 5%), the rupees owed, whether paid. */
  commission: z.record(z.string(), z.object({ rate: z.number(), amountInr: z.number(), paid: z.boolean() })),
  /** The deal's reason for ending (decline or an admin's cancellation), when given. */
  declineReason: z.string().nullable(),
  /** The deal's thread in Messages (`/dashboard/messages?c=<id>`), once its first event is posted. */
  conversationId: z.string().nullable(),
  acceptedBy: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  acceptedAt: z.string().nullable(),
  completedAt: z.string().nullable(),
  /** The circle deal of three this deal is a leg of (`/dashboard/circles/<id>`), or null. */
  circleId: z.string().nullable(),
  /** The trade-desk broker who prepared the deal (or its circle), or null. */
  brokerId: z.string().nullable(),
  /** "Prepared by the BarterAds trade desk (broker's name)" when a broker prepared it; null otherwise. */
  preparedBy: z.string().nullable(),
  /**
   * An open broker's draft: the parties who have accepted it so far (the second accept makes the deal); null for
   * any other deal.
   */
  draftAcceptedBy: z.array(z.string()).nullable(),
  /** What the viewer may do now (the deal table in packages/core; deliverable actions when an item allows one). */
  actions: z.array(z.enum(DEAL_ACTIONS)),
});
export type Deal = z.infer<typeof Deal>;

export const DealVersion = z.object({
  version: z.number().int(),
  authorId: z.string(),
  message: z.string().nullable(),
  openDays: z.number().int(),
  expiresAt: z.string(),
  createdAt: z.string(),
  items: z.array(DealItem),
  totals: z.record(z.string(), z.number()),
});
export type DealVersion = z.infer<typeof DealVersion>;

export const DealResult = z.object({ deal: Deal });
export const DealPageResult = z.object({
  deal: Deal,
  versions: z.array(DealVersion),
  /** The delivery events (delivered, accepted, disputed, accepted automatically, decided), oldest first. */
  timeline: z.array(TimelineEntry),
});
export type DealPageResult = z.infer<typeof DealPageResult>;

export const ListDealsResult = z.object({
  deals: z.array(Deal),
  nextCursor: z.string().nullable(),
  /** The caller's deals per state, and how many await the caller's answer. */
  counts: z.record(z.string(), z.number()),
  awaitingMe: z.number().int(),
  /** Deals with a delivered item awaiting the caller's acceptance or dispute (`status=confirm` lists them). */
  awaitingConfirmation: z.number().int(),
});
export type ListDealsResult = z.infer<typeof ListDealsResult>;

/** This month's accepted deals against the plan's limit (the dashboard shows it). */
export const DealAllowanceResult = z.object({
  plan: z.string(),
  dealsThisMonth: z.number().int(),
  dealLimit: z.number().int().nullable(),
  resetsOn: z.string(),
});

/** The admin's deals list: every deal, latest activity first, filtered by state. */
export const AdminDealsInput = z
  .object({
    status: z
      .union([z.enum(DEAL_STATUSES), z.literal('all'), z.literal('')])
      .optional()
      .transform((v) => (v === 'all' || v === '' ? undefined : v)),
    cursor: z.preprocess(blankToUndefined, z.string().max(200).optional()),
    limit: z.coerce.number().int().min(1).max(100).default(50),
  })
  .prefault({});
export type AdminDealsInput = z.infer<typeof AdminDealsInput>;

export const AdminDealsResult = z.object({ deals: z.array(Deal), nextCursor: z.string().nullable() });

/** An admin cancels a deal with a reason (audit-logged). */
export const AdminCancelDealInput = z.object({
  id: DealId,
  reason: z
    .string({ error: DEAL_MESSAGES.cancelReasonRequired })
    .trim()
    .min(1, DEAL_MESSAGES.cancelReasonRequired)
    .max(DEAL_LIMITS.reasonMax, `Please keep the reason under ${DEAL_LIMITS.reasonMax} characters.`),
});
export type AdminCancelDealInput = z.infer<typeof AdminCancelDealInput>;

/** The admin's record of a deal in dispute: the deal page, the delivery timeline, the thread. */
export const DisputeRecordResult = z.object({
  deal: Deal,
  versions: z.array(DealVersion),
  timeline: z.array(TimelineEntry),
  thread: z.array(z.object({ senderId: z.string(), body: z.string(), createdAt: z.string() })),
});
