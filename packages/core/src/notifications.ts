/**
 * What a member is told about (spec part two, section 5): every kind has a bell entry and an e-mail the member can
 * turn off in /settings. The database enum, the API's schemas and the preferences page all read this list.
 */
export const NOTIFICATION_KINDS = [
  'deal_proposed',
  'deal_countered',
  'deal_accepted',
  'deal_declined',
  'deal_withdrawn',
  'deal_expiring',
  'deal_expired',
  'deliverable_delivered',
  'deliverable_accepted',
  'deliverable_disputed',
  'dispute_resolved',
  'review_received',
  'verification_decided',
  'new_matches',
  'saved_search_hits',
  'new_message',
  'plan_changed',
  'leg_invoice_due',
  'webhook_disabled',
  'circle_proposed',
  'circle_reminder',
  'circle_accepted',
  'circle_lapsed',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** The preference labels, in the order /settings lists them. */
export const NOTIFICATION_KIND_LABELS: Record<NotificationKind, string> = {
  deal_proposed: 'A deal is proposed to me',
  deal_countered: 'My offer is countered',
  deal_accepted: 'A deal is accepted',
  deal_declined: 'A deal is declined',
  deal_withdrawn: 'An offer to me is withdrawn',
  deal_expiring: 'An offer closes within 24 hours',
  deal_expired: 'An offer expired',
  deliverable_delivered: 'Something is marked delivered to me',
  deliverable_accepted: 'My delivery is accepted',
  deliverable_disputed: 'My delivery is disputed',
  dispute_resolved: 'A dispute is decided',
  review_received: 'I receive a review',
  verification_decided: 'My business verification is decided',
  new_matches: 'New matches for my listings',
  saved_search_hits: 'New listings for my saved searches',
  new_message: 'New messages',
  plan_changed: 'My plan ends or its allowances change',
  leg_invoice_due: 'A barter tax invoice of mine is due (day 20 and 28)',
  webhook_disabled: 'A webhook endpoint of mine is disabled after failing for 3 days',
  circle_proposed: 'A circle deal of three is proposed to me',
  circle_reminder: 'A circle deal awaits my answer',
  circle_accepted: 'All three accepted a circle deal',
  circle_lapsed: 'A circle deal lapsed',
};

/** Where a notification's e-mail stands: written by `notify`, moved on by the e-mail job. */
export const NOTIFICATION_EMAIL_STATUSES = ['pending', 'sending', 'sent', 'skipped', 'failed'] as const;
export type NotificationEmailStatus = (typeof NOTIFICATION_EMAIL_STATUSES)[number];

/** Delivery attempts before a notification's e-mail is given up as failed. */
export const NOTIFICATION_EMAIL_MAX_ATTEMPTS = 5;
