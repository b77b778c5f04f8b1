import type { Mailer } from '../mail/mailer';
import type { VerificationSubmission } from './schemas';

/** The e-mail that tells a business of an admin's decision on its verification. */
export function decisionMail(
  business: { email: string; firstName: string },
  submission: VerificationSubmission,
  appUrl: string,
) {
  const settings = `${appUrl.replace(/\/+$/, '')}/settings`;
  const greeting = `Hello ${business.firstName || 'there'},`;
  if (submission.status === 'verified') {
    return {
      to: business.email,
      subject: 'Your business is GST verified',
      text: `${greeting}\n\nWe checked ${submission.legalName} (GSTIN ${submission.gstin}) against its GST registration certificate. Your listings now show the "GST verified" badge.\n\n${settings}\n\nBarterAds`,
    };
  }
  return {
    to: business.email,
    subject: 'Your business verification was not approved',
    text: `${greeting}\n\nWe could not verify ${submission.legalName} (GSTIN ${submission.gstin}).\n\nReason: ${submission.reason ?? ''}\n\nYou can correct the details and submit again in your settings:\n${settings}\n\nBarterAds`,
  };
}

export function mailDecision(mailer: Mailer, appUrl: string) {
  return (business: { email: string; firstName: string }, submission: VerificationSubmission) =>
    mailer.send(decisionMail(business, submission, appUrl));
}
