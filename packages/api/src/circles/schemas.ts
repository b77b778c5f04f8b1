import { CIRCLE_STATUSES } from '@barterads/core';
import { AcceptsFormSchema } from '@barterads/core/forms';
import { z } from 'zod';
import { Deal } from '../deals/schemas';
import { Leg, TaxPreviewResult } from '../tax/schemas';

/** PUT /api/auth/me/accepts: the editor's own schema (@barterads/core/forms). */
export const AcceptsInput = AcceptsFormSchema;
export type AcceptsInput = z.infer<typeof AcceptsInput>;

export const Accepts = z.object({
  categories: z.array(z.string()),
  cities: z.array(z.string()),
  minValueInr: z.number().int(),
  maxValueInr: z.number().int(),
  availableFrom: z.string().nullable(),
  availableTo: z.string().nullable(),
  updatedAt: z.string(),
});
export type Accepts = z.infer<typeof Accepts>;
export const AcceptsResult = z.object({ accepts: Accepts.nullable() });

/** A counterparty's public card: company, badge, rating. */
export const CircleMember = z.object({
  _id: z.string(),
  companyName: z.string(),
  verified: z.boolean(),
  rating: z.number().nullable(),
  reviewCount: z.number().int(),
  /** Only the viewer's own answer is told; the others' as a count (acceptedCount). */
  isYou: z.boolean(),
});

/** One leg the viewer gives or gets (a member sees only its own two legs). */
export const CircleLeg = z.object({
  direction: z.enum(['give', 'get']),
  giverId: z.string(),
  receiverId: z.string(),
  listingId: z.string().nullable(),
  title: z.string(),
  valueInr: z.number().int(),
  /** Why the receiver's accept list takes it, in words. */
  reasons: z.array(z.string()),
  /** The deal of this leg, once all three accepted. */
  dealId: z.string().nullable(),
  /**
   * This supply's GST leg, from the tax domain's computation of a deal's legs: the stored leg once its deal exists,
   * before that as it would be if accepted today (`_id` and `dealId` null). Null in the list of circles.
   */
  tax: Leg.extend({ dealId: z.string().nullable() }).nullable(),
});

export const Circle = z.object({
  _id: z.string(),
  number: z.number().int(),
  status: z.enum(CIRCLE_STATUSES),
  expiresAt: z.string(),
  createdAt: z.string(),
  /** The three members in circle order (each gives to the next): the viewer and its two counterparties. */
  members: z.array(CircleMember),
  legs: z.array(CircleLeg),
  myAcceptance: z.enum(['pending', 'accepted', 'declined']),
  acceptedCount: z.number().int(),
  /** The largest leg's value minus the smallest (settled outside or waived). */
  spreadInr: z.number().int(),
  lapseReason: z.enum(['declined', 'expired']).nullable(),
  /** "prepared by the BarterAds trade desk (broker's name)" when a broker drafted it; null when the search found it. */
  preparedBy: z.string().nullable(),
  /** The viewer's GST on its two legs: owed on what it gives, claimable on what it gets (null in the list). */
  myTax: TaxPreviewResult.shape.mine.nullable(),
  actions: z.array(z.enum(['accept', 'decline'])),
});
export type Circle = z.infer<typeof Circle>;

export const CircleIdInput = z.object({ id: z.uuid({ error: 'Circle not found.' }) });
export const CirclesResult = z.object({ circles: z.array(Circle) });
export const CircleResult = z.object({ circle: Circle, deals: z.array(Deal).optional() });
export type CircleResult = z.infer<typeof CircleResult>;
