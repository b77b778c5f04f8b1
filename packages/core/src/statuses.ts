/** The states and kinds the database stores as enumerations; the schema, the API and both apps read them here. */

export const LISTING_STATUSES = ['active', 'archived'] as const;
export type ListingStatus = (typeof LISTING_STATUSES)[number];

export const LISTING_EVENT_KINDS = ['view', 'contact_click'] as const;
export type ListingEventKind = (typeof LISTING_EVENT_KINDS)[number];

export const CHALLENGE_PURPOSES = ['signup', 'email_change', 'password_reset'] as const;
export type ChallengePurpose = (typeof CHALLENGE_PURPOSES)[number];

export const SUBSCRIPTION_STATUSES = ['active', 'expired', 'cancelled'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

export const PAYMENT_STATUSES = ['created', 'paid', 'failed'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** What a payment pays for: a plan (payment_orders) or a deal's commission (deal_commission_orders). */
export const PAYMENT_KINDS = ['plan', 'commission'] as const;
export type PaymentKind = (typeof PAYMENT_KINDS)[number];

/** What a plan order does: a first purchase, an upgrade now, a change at the period end, or a renewal. */
export const PLAN_CHANGE_KINDS = ['purchase', 'upgrade', 'scheduled', 'renewal'] as const;

/** A refund's life: asked for by the member, then made through Razorpay (processing, processed or failed). */
export const REFUND_STATUSES = ['requested', 'processing', 'processed', 'rejected', 'failed'] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];

/** What an API key may do: read only, or read and write (REST mutations). */
export const API_KEY_SCOPES = ['read', 'read_write'] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

/** What an admin did, as the audit log records it. */
export const AUDIT_ACTIONS = [
  'suspend',
  'activate',
  'verify',
  'unverify',
  'archive',
  'approve_verification',
  'reject_verification',
  'cancel_deal',
  'change_plan',
  'cancel_plan',
  'refund',
  'resolve_dispute',
  'hide_review',
  'assign_account_manager',
  'dismiss_review_reports',
  'set_broker',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const AUDIT_TARGETS = ['user', 'listing', 'business', 'deal', 'subscription', 'review'] as const;
export type AuditTarget = (typeof AUDIT_TARGETS)[number];

/**
 * How the marketplace orders listings: newest first, best match for the search words (the default when there are
 * words), the cash rate card low to high or high to low (listings without a rate last).
 */
export const SEARCH_SORTS = ['newest', 'relevance', 'rate_asc', 'rate_desc'] as const;
export type SearchSort = (typeof SEARCH_SORTS)[number];

/** A deal's life (product-spec-2 section 2): `proposed` while the parties negotiate, then one of the others. */
export const DEAL_STATUSES = [
  'proposed',
  'accepted',
  'completed',
  'declined',
  'withdrawn',
  'expired',
  'cancelled',
  'disputed',
] as const;
export type DealStatus = (typeof DEAL_STATUSES)[number];
