import {
  API_KEY_SCOPES,
  AUDIT_ACTIONS,
  AUDIT_TARGETS,
  AUTH_ROLES,
  BILLING_PERIODS,
  BUSINESS_VERIFICATION_STATUSES,
  CHALLENGE_PURPOSES,
  CONTACT_ROLES,
  DEAL_STATUSES,
  DELIVERABLE_EVENT_KINDS,
  DELIVERABLE_STATUSES,
  DISPUTE_REASONS,
  INVOICE_KINDS,
  LANGUAGES,
  LISTING_EVENT_KINDS,
  LISTING_STATUSES,
  NOTIFICATION_EMAIL_STATUSES,
  NOTIFICATION_KINDS,
  PAYMENT_STATUSES,
  PLAN_CHANGE_KINDS,
  PLAN_IDS,
  REFUND_STATUSES,
  SUBSCRIPTION_STATUSES,
  USER_STATUSES,
  USER_TYPES,
  VERIFICATION_SUBMISSION_STATUSES,
} from '@barterads/core';
import { SAVED_SEARCH_FREQUENCIES } from '@barterads/core/saved-searches';
import { pgEnum } from 'drizzle-orm/pg-core';

// Every enumeration's values come from packages/core, the one source the API's schemas and the apps read too.
export const authRole = pgEnum('auth_role', AUTH_ROLES);
export const userType = pgEnum('user_type', USER_TYPES);
export const userStatus = pgEnum('user_status', USER_STATUSES);
export const listingStatus = pgEnum('listing_status', LISTING_STATUSES);
export const listingEventKind = pgEnum('listing_event_kind', LISTING_EVENT_KINDS);
export const challengePurpose = pgEnum('challenge_purpose', CHALLENGE_PURPOSES);
export const billingPeriod = pgEnum('billing_period', BILLING_PERIODS);
export const planId = pgEnum('plan_id', PLAN_IDS);
export const subscriptionStatus = pgEnum('subscription_status', SUBSCRIPTION_STATUSES);
export const paymentStatus = pgEnum('payment_status', PAYMENT_STATUSES);
export const contactRole = pgEnum('contact_role', CONTACT_ROLES);
export const auditAction = pgEnum('audit_action', AUDIT_ACTIONS);
export const auditTarget = pgEnum('audit_target', AUDIT_TARGETS);
export const businessVerificationStatus = pgEnum(
  'business_verification_status',
  BUSINESS_VERIFICATION_STATUSES,
);
export const verificationSubmissionStatus = pgEnum(
  'verification_submission_status',
  VERIFICATION_SUBMISSION_STATUSES,
);
export const dealStatus = pgEnum('deal_status', DEAL_STATUSES);
export const notificationKind = pgEnum('notification_kind', NOTIFICATION_KINDS);
export const notificationEmailStatus = pgEnum('notification_email_status', NOTIFICATION_EMAIL_STATUSES);
export const planChangeKind = pgEnum('plan_change_kind', PLAN_CHANGE_KINDS);
export const refundStatus = pgEnum('refund_status', REFUND_STATUSES);
export const invoiceKind = pgEnum('invoice_kind', INVOICE_KINDS);
export const deliverableStatus = pgEnum('deliverable_status', DELIVERABLE_STATUSES);
export const disputeReason = pgEnum('dispute_reason', DISPUTE_REASONS);
export const deliverableEventKind = pgEnum('deliverable_event_kind', DELIVERABLE_EVENT_KINDS);
export const savedSearchFrequency = pgEnum('saved_search_frequency', SAVED_SEARCH_FREQUENCIES);
export const apiKeyScope = pgEnum('api_key_scope', API_KEY_SCOPES);
/** The member's language (issue 33): the web app's, and that of their e-mails and WhatsApp messages. */
export const language = pgEnum('language', LANGUAGES);
