import type { MemberNotice } from '../events/notices';
import type { VerificationSubmission } from './schemas';

/**
 * The business's notice of its `verification.decided` event (events/notices.ts): the bell and the e-mail, once
 * per submission.
 */
export function verificationNotice(submission: VerificationSubmission): MemberNotice {
  return {
    userId: submission.businessId,
    kind: 'verification_decided',
    ...decisionNotice(submission),
    dedupeKey: `verification:${submission._id}:decided`,
  };
}

/** What the business is told of a decision: a title, a line and where it leads. */
export function decisionNotice(submission: VerificationSubmission): {
  title: string;
  body: string;
  link: string;
} {
  if (submission.status === 'verified') {
    return {
      title: 'Your business is GST verified',
      body: `We checked ${submission.legalName} (GSTIN ${submission.gstin}) against its GST registration certificate. Your listings now show the "GST verified" badge.`,
      link: '/settings',
    };
  }
  return {
    title: 'Your business verification was not approved',
    body: `We could not verify ${submission.legalName} (GSTIN ${submission.gstin}). Reason: ${submission.reason ?? ''} You can correct the details and submit again in your settings.`,
    link: '/settings',
  };
}
