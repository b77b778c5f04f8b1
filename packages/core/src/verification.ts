/** Business verification (product-spec-2 section 4): statuses, limits and texts shared by the server and the apps. */

/** A business's status: `unverified` until its first submission, then that of its latest submission. */
export const BUSINESS_VERIFICATION_STATUSES = ['unverified', 'pending', 'verified', 'rejected'] as const;
export type BusinessVerificationStatus = (typeof BUSINESS_VERIFICATION_STATUSES)[number];

/** A submission's status; `superseded` when the business submitted again before an admin decided it. */
export const VERIFICATION_SUBMISSION_STATUSES = ['pending', 'verified', 'rejected', 'superseded'] as const;
export type VerificationSubmissionStatus = (typeof VERIFICATION_SUBMISSION_STATUSES)[number];

export const VERIFICATION_DECISIONS = ['approve', 'reject'] as const;
export type VerificationDecision = (typeof VERIFICATION_DECISIONS)[number];

/** The GST registration certificate: a PDF or an image, checked by content. */
export const CERTIFICATE_TYPES = ['application/pdf', 'image/jpeg', 'image/png', 'image/webp'] as const;
export type CertificateType = (typeof CERTIFICATE_TYPES)[number];

export const VERIFICATION_LIMITS = {
  /** Bytes of a certificate file (the contract's per-file upload limit is 11 MB; a scan needs far less). */
  certificateMaxBytes: 10 * 1024 * 1024,
  legalNameMax: 200,
  reasonMax: 1000,
} as const;

export const VERIFICATION_MESSAGES = {
  legalNameRequired: 'Please enter the legal name as registered for GST.',
  certificateRequired: 'Please attach your GST registration certificate.',
  certificateType: 'The certificate must be a PDF or an image (JPEG, PNG or WebP).',
  certificateTooLarge: 'The certificate file can be at most 10 MB.',
  reasonRequired: 'Please give the reason the verification is rejected.',
  notPending: 'This submission has already been decided.',
  submissionNotFound: 'Verification submission not found.',
  certificateRemoved: 'This certificate was deleted after a later decision on the business.',
  renameInReview:
    'Profile updated. Your new company name goes to review: the GST verified badge returns once an admin approves it, or at once if you change the name back.',
  renameRestored: 'Profile updated. Your GST verified badge is back with this name.',
  submitted: 'Thank you. We will review your business details within two working days.',
  badge: 'GST verified',
  verifiedOnlyFilter: 'Verified businesses only',
} as const;

/**
 * A business name as the badge compares it: case, spacing, punctuation and the usual abbreviations do not count
 * ("ACME Traders Pvt. Ltd." is "Acme Traders Private Limited"); anything else does. Migration 0031 has its SQL twin.
 */
export function businessNameKey(name: string): string {
  return name
    .normalize('NFKC')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/\bprivate\b/g, 'pvt')
    .replace(/\blimited\b/g, 'ltd')
    .replace(/\bcompany\b/g, 'co')
    .replace(/[^\p{L}\p{N}]+/gu, '');
}

/** Whether two business names are the same name for the badge (see businessNameKey). */
export function sameBusinessName(a: string | null | undefined, b: string | null | undefined): boolean {
  if (!a || !b) return false;
  return businessNameKey(a) === businessNameKey(b);
}

/** The status words users and admins read. */
export const VERIFICATION_STATUS_LABELS: Record<
  BusinessVerificationStatus | VerificationSubmissionStatus,
  string
> = {
  unverified: 'Not verified',
  pending: 'Pending review',
  verified: 'GST verified',
  rejected: 'Rejected',
  superseded: 'Replaced by a later submission',
};
