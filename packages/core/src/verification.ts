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
  submitted: 'Thank you. We will review your business details within two working days.',
  badge: 'GST verified',
  verifiedOnlyFilter: 'Verified businesses only',
} as const;

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
