import { DEAL_MESSAGES, REVIEW_LIMITS, REVIEW_MESSAGES } from '@barterads/core';
import { z } from 'zod';

const Id = z.uuid({ error: REVIEW_MESSAGES.notFound });

const Text = (max: number, required: string) =>
  z.string({ error: required }).trim().min(1, required).max(max, `Please keep it under ${max} characters.`);

/** Review the other party of a completed deal: 1 to 5 stars and up to 2,000 characters. */
export const CreateReviewInput = z.object({
  id: z.uuid({ error: DEAL_MESSAGES.notFound }),
  rating: z.coerce
    .number({ error: REVIEW_MESSAGES.ratingRange })
    .int(REVIEW_MESSAGES.ratingRange)
    .min(1, REVIEW_MESSAGES.ratingRange)
    .max(5, REVIEW_MESSAGES.ratingRange),
  text: Text(REVIEW_LIMITS.textMax, 'Write a few words about the deal.'),
});
export type CreateReviewInput = z.infer<typeof CreateReviewInput>;

export const ReplyInput = z.object({ id: Id, text: Text(REVIEW_LIMITS.replyMax, 'Write your reply.') });
export type ReplyInput = z.infer<typeof ReplyInput>;

export const ReportInput = z.object({
  id: Id,
  reason: Text(REVIEW_LIMITS.reportReasonMax, 'Say what is wrong with this review.'),
});
export type ReportInput = z.infer<typeof ReportInput>;

export const HideInput = z.object({
  id: Id,
  reason: Text(REVIEW_LIMITS.hideReasonMax, REVIEW_MESSAGES.hideReasonRequired),
});
export type HideInput = z.infer<typeof HideInput>;

/** Keep a reported review: its open reports are dismissed, with an optional note for the audit log. */
export const DismissReportsInput = z.object({
  id: Id,
  reason: z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
    z
      .string()
      .trim()
      .max(REVIEW_LIMITS.hideReasonMax, `Please keep it under ${REVIEW_LIMITS.hideReasonMax} characters.`)
      .optional(),
  ),
});
export type DismissReportsInput = z.infer<typeof DismissReportsInput>;

export const DealReviewsInput = z.object({ id: z.uuid({ error: DEAL_MESSAGES.notFound }) });

export const BusinessReviewsInput = z.object({
  id: z.uuid({ error: 'Business not found.' }),
  page: z.coerce.number().int().min(1).max(1000).default(1),
});
export type BusinessReviewsInput = z.infer<typeof BusinessReviewsInput>;

export const Review = z.object({
  _id: z.string(),
  dealId: z.string(),
  authorId: z.string(),
  /** The author's business name as the page shows it. */
  authorName: z.string(),
  subjectId: z.string(),
  rating: z.number().int(),
  text: z.string(),
  createdAt: z.string(),
  /** Null while hidden until both reviews are written or 14 days after completion. */
  publishedAt: z.string().nullable(),
  reply: z.string().nullable(),
  repliedAt: z.string().nullable(),
  /** Hidden by an admin (the reason is shown to admins and the author only). */
  hidden: z.boolean(),
  hiddenReason: z.string().nullable(),
});
export type Review = z.infer<typeof Review>;

export const ReviewResult = z.object({ review: Review });

export const DealReviewsResult = z.object({
  /** The caller's review of the deal, or null. */
  mine: Review.nullable(),
  /** The other party's review of the caller: only once public. */
  theirs: Review.nullable(),
  /** Whether the caller may write a review now (a party of a completed deal without one). */
  canReview: z.boolean(),
  /** When unpublished reviews become public (14 days after completion), or null. */
  publishesAt: z.string().nullable(),
});

export const BusinessReviewsResult = z.object({
  reviews: z.array(Review),
  rating: z.number().nullable(),
  reviewCount: z.number().int(),
  page: z.number().int(),
  pages: z.number().int(),
});

export const ReportedReviewsResult = z.object({
  reviews: z.array(
    Review.extend({
      /** The reviewed business's name. */
      subjectName: z.string(),
      /** The reports an admin has not dismissed. */
      reports: z.array(
        z.object({
          reason: z.string(),
          createdAt: z.string(),
          reporterId: z.string(),
          reporterName: z.string(),
        }),
      ),
    }),
  ),
});
