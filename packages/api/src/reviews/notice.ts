import type { MemberNotice } from '../events/notices';
import type { Review } from './schemas';

/**
 * A review written and not yet published (the other party has not written theirs, and the 14 days are not over):
 * a member-only event (not a partner one), written with the review, that tells its subject. A review published as
 * it is written is told by its `review.published` event instead.
 */
export const REVIEW_RECEIVED_EVENT = 'review.received';

/** What the reviewed business is told when a review of it is written (events/notices.ts), once per review. */
export function reviewReceivedNotice(review: Review): MemberNotice {
  return {
    userId: review.subjectId,
    kind: 'review_received',
    title: 'You received a review',
    body: review.publishedAt
      ? 'A business you completed a deal with reviewed you. It is on your business page now.'
      : 'A business you completed a deal with reviewed you. It is shown once you have written yours, or 14 days after the deal was completed.',
    link: `/dashboard/deals/${review.dealId}`,
    dedupeKey: `review:${review._id}:received`,
  };
}
