/** Delivery, disputes and reviews (product-spec-2 section 3): the rules' numbers and shared texts. */

/** Every accepted item is a deliverable owed by its giver. */
export const DELIVERABLE_STATUSES = ['pending', 'delivered', 'accepted', 'disputed'] as const;
export type DeliverableStatus = (typeof DELIVERABLE_STATUSES)[number];

/** Why a receiver disputes a delivered item. */
export const DISPUTE_REASONS = ['not_delivered', 'partly_delivered', 'not_as_agreed'] as const;
export type DisputeReason = (typeof DISPUTE_REASONS)[number];
export const DISPUTE_REASON_LABELS: Record<DisputeReason, string> = {
  not_delivered: 'Not delivered',
  partly_delivered: 'Partly delivered',
  not_as_agreed: 'Not as agreed',
};

/** How an admin decides a dispute. */
export const DISPUTE_OUTCOMES = ['redeliver', 'accept', 'cancel_deal'] as const;
export type DisputeOutcome = (typeof DISPUTE_OUTCOMES)[number];
export const DISPUTE_OUTCOME_LABELS: Record<DisputeOutcome, string> = {
  redeliver: 'Deliver again',
  accept: 'Accept the delivery',
  cancel_deal: 'Cancel the deal',
};

/** What happened to a deliverable, as its timeline records it. */
export const DELIVERABLE_EVENT_KINDS = [
  'delivered',
  'accepted',
  'auto_accepted',
  'disputed',
  'resolved_redeliver',
  'resolved_accept',
  'resolved_cancel_deal',
] as const;
export type DeliverableEventKind = (typeof DELIVERABLE_EVENT_KINDS)[number];

export const DELIVERY_LIMITS = {
  maxProofFiles: 10,
  /** Bytes per proof file. */
  proofMaxBytes: 10 * 1024 * 1024,
  noteMax: 2000,
  linkMax: 500,
  disputeDetailsMax: 2000,
  resolutionNoteMax: 2000,
  /** Days after delivery the receiver may dispute; then the delivery is accepted automatically. */
  answerDays: 7,
  /** Reminders to the receiver, days after delivery. */
  reminderDays: [3, 6] as const,
  /** The width a proof photo is stored at (never enlarged). */
  proofPhotoWidth: 1600,
} as const;

export const REVIEW_LIMITS = {
  textMax: 2000,
  replyMax: 2000,
  reportReasonMax: 500,
  hideReasonMax: 500,
  /** Reviews are public once both are written or this many days after the deal's completion. */
  publishAfterDays: 14,
  pageSize: 10,
} as const;

/** A count of reviews in words, through `plural` (text.ts): "1 review", "12 reviews". */
export const REVIEW_COUNT = { one: '# review', other: '# reviews' } as const;
/** A count of a review's reports in words. */
export const REPORT_COUNT = { one: '# report', other: '# reports' } as const;

export const DELIVERY_MESSAGES = {
  itemNotFound: 'Item not found.',
  notGiver: 'Only the party who gives this item can mark it delivered.',
  notReceiver: 'Only the party who receives this item can accept or dispute it.',
  notDeliverable: 'This item cannot be marked delivered now.',
  notDelivered: 'This item is not awaiting your answer.',
  disputeWindowClosed: 'The 7 days to dispute this delivery have passed.',
  dealNotActive: 'This deal is not in delivery.',
  proofRequired: 'Attach at least one photo or PDF, or a link to the proof.',
  notDisputed: 'This item is not in dispute.',
  resolutionNoteRequired: 'Give a note explaining the decision.',
  detailsRequired: 'Describe what is wrong.',
  linkInvalid: 'The link must be a web address starting with https:// or http://.',
  proofNotFound: 'File not found.',
} as const;

export const REVIEW_MESSAGES = {
  notCompleted: 'Reviews can be written once the deal is completed.',
  already: 'You have already reviewed this deal.',
  notFound: 'Review not found.',
  replyNotYours: 'Only the reviewed business can reply.',
  replyNotPublic: 'You can reply once the review is public.',
  alreadyReplied: 'You have already replied to this review.',
  alreadyReported: 'You have already reported this review.',
  ratingRange: 'Give 1 to 5 stars.',
  hideReasonRequired: 'Give the reason for hiding the review.',
  noOpenReports: 'This review has no open report.',
} as const;
