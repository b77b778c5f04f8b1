import { COMPANY, LEGAL } from '@barterads/core';

/** One section of a legal page: its anchor id, heading and paragraphs or list items. */
export interface LegalSection {
  id: string;
  title: string;
  body: readonly string[];
  list?: readonly string[];
}

const contactBody = [
  `${COMPANY.legalName}, ${COMPANY.address}.`,
  `E-mail: ${COMPANY.supportEmail}. We reply within ${LEGAL.replyWithinHours} hours on business days.`,
];

/** Privacy policy: the 11 sections of the spec. */
export const PRIVACY_SECTIONS: readonly LegalSection[] = [
  {
    id: 'information-we-collect',
    title: 'Information we collect',
    body: ['We collect the information you give us and a small amount of technical data:'],
    list: [
      'Account details: your name, e-mail address, phone number, company name and description.',
      'Listings and messages you post or send through the platform.',
      'Payment records such as plan, amount and payment reference (card details are handled by our payment provider, not by us).',
      'Technical data such as browser type, IP address and pages visited, used to keep the service secure.',
    ],
  },
  {
    id: 'how-we-use-information',
    title: 'How we use your information',
    body: [
      'We use your information to create and run your account, show your listings, connect you with other businesses, process subscriptions, send service e-mails such as one-time codes, prevent fraud and improve the platform.',
    ],
  },
  {
    id: 'sharing-of-information',
    title: 'Sharing of information',
    body: [
      'We do not sell your personal data. We share it only with service providers who help us run BarterAds (hosting, e-mail, payments), with other users when you choose to publish a listing or contact them, and with authorities when the law requires it.',
    ],
  },
  {
    id: 'data-retention',
    title: 'Data retention',
    body: [
      'We keep your data while your account is active and for as long as needed to meet legal, tax and accounting obligations. You can ask us to delete your account at any time.',
    ],
  },
  {
    id: 'cookies',
    title: 'Cookies',
    body: [
      'We use a strictly necessary session cookie to keep you signed in and local storage to remember your theme. We do not use advertising cookies.',
    ],
  },
  {
    id: 'security',
    title: 'Security',
    body: [
      'Passwords are stored as salted hashes, connections are encrypted and access to personal data is limited to staff who need it. No system is perfectly secure, so please keep your password private.',
    ],
  },
  {
    id: 'your-rights',
    title: 'Your rights',
    body: [
      'You may access, correct or delete your personal data, withdraw consent and ask how we process it. Write to us using the details in the Contact section.',
    ],
  },
  {
    id: 'third-party-links',
    title: 'Third-party links',
    body: [
      'Listings and pages may link to other websites or chat services. Their privacy practices are their own; please read their policies.',
    ],
  },
  {
    id: 'children',
    title: `Children under ${LEGAL.minimumAge}`,
    body: [
      `BarterAds is for businesses. You must be ${LEGAL.minimumAge} or over, or a registered business, to use it. We do not knowingly collect data from anyone under ${LEGAL.minimumAge}.`,
    ],
  },
  {
    id: 'changes',
    title: 'Changes to this policy',
    body: [
      'We may update this policy. We will change the effective date above and, for important changes, tell you by e-mail or on the site.',
    ],
  },
  { id: 'contact', title: 'Contact us', body: contactBody },
];

/** Terms and conditions: the 12 sections of the spec. */
export const TERMS_SECTIONS: readonly LegalSection[] = [
  {
    id: 'acceptance',
    title: 'Acceptance of terms',
    body: [
      'By creating an account or using BarterAds you agree to these terms. If you do not agree, please do not use the platform.',
    ],
  },
  {
    id: 'about',
    title: 'About BarterAds',
    body: [
      `BarterAds is operated by ${COMPANY.legalName}, a limited liability partnership based in Mumbai, India. It is a marketplace where advertisers and media owners exchange advertising space, media assets and marketing services without cash.`,
    ],
  },
  {
    id: 'user-obligations',
    title: 'User obligations',
    body: [
      `You must be ${LEGAL.minimumAge} or over, or a registered business. You agree to give accurate information, keep your password safe, post only lawful and truthful listings and respect other users.`,
    ],
  },
  {
    id: 'transactions',
    title: 'Barter transactions',
    body: [
      'Deals are agreed directly between users. BarterAds is not a party to them and does not guarantee the quality, delivery or value of anything exchanged. Agree the details in writing before you start.',
    ],
  },
  {
    id: 'fees',
    title: 'Fees and subscriptions',
    body: [
      'Browsing is free. Paid plans are billed monthly or yearly in Indian rupees and include a commission per deal as shown on the pricing page. Refunds follow our refund and cancellation policy.',
    ],
  },
  {
    id: 'verification',
    title: 'Verification',
    body: [
      'We verify e-mail addresses and may review businesses and listings. A verified flag means we checked certain details; it is not an endorsement or a guarantee.',
    ],
  },
  {
    id: 'intellectual-property',
    title: 'Intellectual property',
    body: [
      'The BarterAds name, logo and software belong to us. You keep the rights to the content you post and give us permission to show it on the platform to run the service.',
    ],
  },
  {
    id: 'liability',
    title: 'Limitation of liability',
    body: [
      'The platform is provided as it is. To the extent the law allows, we are not liable for indirect losses or for disputes between users, and our total liability is limited to the fees you paid us in the last three months.',
    ],
  },
  {
    id: 'termination',
    title: 'Suspension and termination',
    body: [
      'We may suspend or close accounts that break these terms or put other users at risk. You may close your account at any time.',
    ],
  },
  {
    id: 'governing-law',
    title: 'Governing law',
    body: [
      `These terms are governed by the laws of India. The courts of ${LEGAL.governingCourts} have exclusive jurisdiction over any dispute.`,
    ],
  },
  {
    id: 'changes',
    title: 'Changes to these terms',
    body: [
      'We may update these terms. Continuing to use BarterAds after a change means you accept the new terms.',
    ],
  },
  { id: 'contact', title: 'Contact us', body: contactBody },
];

/** Refund and cancellation policy: 6 sections with the constants of spec section 9. */
export const REFUND_SECTIONS: readonly LegalSection[] = [
  {
    id: 'subscription-cancellation',
    title: 'Cancelling a subscription',
    body: [
      'You can cancel your plan at any time from your account or by writing to us. Your plan stays active until the end of the period you paid for.',
    ],
  },
  {
    id: 'full-refund',
    title: `Full refund within ${LEGAL.fullRefundWindowHours} hours`,
    body: [
      `If you cancel within ${LEGAL.fullRefundWindowHours} hours of purchase, we refund the full amount you paid: every plan payment of those ${LEGAL.fullRefundWindowHours} hours, a plan and an upgrade bought the same day alike. A plan you paid for earlier keeps running to the end of its period; what the refunded plan added (more listings, featured listings) ends with it.`,
    ],
  },
  {
    id: 'refund-requests',
    title: 'Refund requests',
    body: [
      `Any other refund request must reach us within ${LEGAL.refundRequestWindowDays} days of the transaction, with the payment reference and the reason. We review each request and reply by e-mail.`,
    ],
  },
  {
    id: 'processing',
    title: 'Processing time',
    body: [
      `Approved refunds are paid back to the original payment method within ${LEGAL.refundProcessingDays} working days.`,
    ],
  },
  {
    id: 'barter-deals',
    title: 'Barter deals between users',
    body: [
      'Barter deals agreed between users are non-refundable. BarterAds is not a party to them; please settle any dispute directly with the other business.',
    ],
  },
  { id: 'contact', title: 'Contact us', body: contactBody },
];
