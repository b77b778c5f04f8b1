/** Business constants and limits of product-spec section 9 and the contract. */
export const LIMITS = {
  passwordMin: 6,
  otpLength: 6,
  otpTtlMinutes: 10,
  otpMaxAttempts: 5,
  defaultListingRating: 4.5,
  listingsPageDefault: 24,
  listingsPageMax: 100,
  listingTitleMax: 120,
  listingLocationMax: 120,
  listingDescriptionMax: 2000,
  listingSeekingMax: 300,
  listingImageUrlMax: 2048,
  /** Photos per listing (spec part two, section 1). */
  listingPhotosMax: 8,
  /** Largest photo accepted, in bytes (10 MB). */
  listingPhotoBytesMax: 10 * 1024 * 1024,
  searchQueryMax: 200,
  /**
   * A search's `total` counts matches exactly up to this many; past it the answer says 1,000 and
   * `totalCapped: true` (shown as "1,000+"), so counting costs the same whatever the table size.
   */
  searchTotalCap: 1000,
  featuredListings: 3,
  listingViewsBatchMax: 100,
  clicksWindowDays: 7,
  adminUsersLimit: 200,
  recentPostingsLimit: 8,
  donutLegendCountries: 10,
  topCategories: 5,
  messageMaxLength: 4000,
  messagesPageDefault: 30,
  messagesPageMax: 100,
  /** Messages one user may send per minute. */
  messagesPerMinute: 30,
  /** An unread message waits this long before its recipient is e-mailed… */
  unreadEmailDelayMinutes: 15,
  /** …and a conversation e-mails a participant at most once in this many minutes. */
  unreadEmailIntervalMinutes: 60,
  landingCategoriesInitial: 3,
  landingCategoriesExpanded: 9,
  contactNameMax: 120,
  contactSubjectMax: 200,
  /** Contact form submissions allowed per IP in one hour. */
  contactPerHour: 5,
} as const;

/** Who is writing through the contact form (spec section 3). */
/** The photo formats accepted (listing photos, delivery proof), by content on the server; the forms mirror them. */
export const PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;

/**
 * How wide a listing page draws its cover photo at each viewport width (its `sizes`): the page's <img> and the
 * preload the server puts in the page's <head> must say the same, or the browser fetches the photo twice.
 */
export const LISTING_COVER_SIZES = '(min-width: 992px) 760px, 100vw';

export const CONTACT_ROLES = ['advertiser', 'media_owner', 'agency', 'other'] as const;
export type ContactRole = (typeof CONTACT_ROLES)[number];
export const CONTACT_ROLE_LABELS: Record<ContactRole, string> = {
  advertiser: 'Advertiser',
  media_owner: 'Media Owner',
  agency: 'Agency',
  other: 'Other',
};

export const DELAYS_MS = {
  marketplaceSearchDebounce: 300,
  adminUserSearchDebounce: 250,
  requestTimeout: 15_000,
  /** The server gives up on Razorpay's API after this long (well under the client's request time-out). */
  paymentGatewayTimeout: 8_000,
} as const;

/** Refund and legal constants of spec section 9. */
export const LEGAL = {
  minimumAge: 18,
  fullRefundWindowHours: 24,
  refundRequestWindowDays: 7,
  /** The refund policy's figure (product-spec); the refund policy, the payment history and the admin say it. */
  refundProcessingDays: '10-14',
  governingCourts: 'Mumbai',
  replyWithinHours: 24,
} as const;

export const COMPANY = {
  brand: 'BarterAds',
  legalName: 'BarterAds Media LLP',
  locationLabel: 'Mumbai',
  supportEmail: 'support@barterads.in',
  generalEmail: 'hello@barterads.in',
  phones: ['+91 22 4000 1234', '+91 98200 12345'],
  address: '4th Floor, Trade Centre, Bandra Kurla Complex, Bandra (East), Mumbai 400051, Maharashtra, India',
  legalEffectiveDate: '20/08/2025',
  businessHours: [
    { days: 'Monday - Friday', hours: '9:00 AM - 7:00 PM' },
    { days: 'Saturday', hours: '10:00 AM - 4:00 PM' },
    { days: 'Sunday', hours: 'Closed' },
  ],
} as const;

/** A simple, strict e-mail format: something@something.tld, no spaces. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function isValidEmail(value: string): boolean {
  return EMAIL_PATTERN.test(value);
}
