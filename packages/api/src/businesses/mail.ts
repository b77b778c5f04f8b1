import type { Mailer } from '../mail/mailer';
import type { VerificationSubmission } from './schemas';

/**
 * What the business is told of a decision: a title, a line and where it leads, the shape of a notification's
 * payload (kind `verification_decided`), so the notifications domain's `notify()` can carry the same words.
 */
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

/** The e-mail that tells a business of an admin's decision on its verification. */
export function decisionMail(
  business: { email: string; firstName: string },
  submission: VerificationSubmission,
  appUrl: string,
) {
  const notice = decisionNotice(submission);
  const link = `${appUrl.replace(/\/+$/, '')}${notice.link}`;
  return {
    to: business.email,
    subject: notice.title,
    text: `Hello ${business.firstName || 'there'},\n\n${notice.body}\n\n${link}\n\nBarterAds`,
  };
}

export function mailDecision(mailer: Mailer, appUrl: string) {
  return (business: { email: string; firstName: string }, submission: VerificationSubmission) =>
    mailer.send(decisionMail(business, submission, appUrl));
}
