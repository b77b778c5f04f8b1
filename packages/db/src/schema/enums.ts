import {
  AUTH_ROLES,
  BUSINESS_VERIFICATION_STATUSES,
  USER_STATUSES,
  USER_TYPES,
  VERIFICATION_SUBMISSION_STATUSES,
} from '@barterads/core';
import { pgEnum } from 'drizzle-orm/pg-core';

export const authRole = pgEnum('auth_role', AUTH_ROLES);
export const userType = pgEnum('user_type', USER_TYPES);
export const userStatus = pgEnum('user_status', USER_STATUSES);
export const listingStatus = pgEnum('listing_status', ['active', 'archived']);
export const listingEventKind = pgEnum('listing_event_kind', ['view', 'contact_click']);
export const challengePurpose = pgEnum('challenge_purpose', ['signup', 'email_change']);
export const billingPeriod = pgEnum('billing_period', ['monthly', 'yearly']);
export const planId = pgEnum('plan_id', ['starter', 'growth', 'professional', 'enterprise']);
export const subscriptionStatus = pgEnum('subscription_status', ['active', 'expired', 'cancelled']);
export const paymentStatus = pgEnum('payment_status', ['created', 'paid', 'failed']);
export const contactRole = pgEnum('contact_role', ['advertiser', 'media_owner', 'agency', 'other']);
export const auditAction = pgEnum('audit_action', [
  'suspend',
  'activate',
  'verify',
  'unverify',
  'archive',
  'approve_verification',
  'reject_verification',
]);
export const auditTarget = pgEnum('audit_target', ['user', 'listing', 'business']);
export const businessVerificationStatus = pgEnum(
  'business_verification_status',
  BUSINESS_VERIFICATION_STATUSES,
);
export const verificationSubmissionStatus = pgEnum(
  'verification_submission_status',
  VERIFICATION_SUBMISSION_STATUSES,
);
