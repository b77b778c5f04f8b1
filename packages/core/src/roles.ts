export const USER_TYPES = ['advertiser', 'media_owner'] as const;
export type UserType = (typeof USER_TYPES)[number];

export const AUTH_ROLES = ['admin', 'user'] as const;
export type AuthRole = (typeof AUTH_ROLES)[number];

export const USER_STATUSES = ['active', 'suspended'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

// A Map, not an object literal: the text comes from callers, and an object would also answer for the names every
// object inherits ('constructor', 'toString', ...).
const USER_TYPE_ALIASES = new Map<string, UserType>([
  ['advertiser', 'advertiser'],
  ['advertisers', 'advertiser'],
  ['media_owner', 'media_owner'],
  ['media_owners', 'media_owner'],
  ['media owner', 'media_owner'],
  ['media owners', 'media_owner'],
  ['mediaowner', 'media_owner'],
  ['mediaowners', 'media_owner'],
]);

/** Reads a business type from any of the spec's aliases (section 3); undefined when unknown. */
export function parseUserType(value: unknown): UserType | undefined {
  if (typeof value !== 'string') return undefined;
  return USER_TYPE_ALIASES.get(value.trim().toLowerCase());
}

/** Any role other than admin is treated as user; text is lowercased (section 3). */
export function parseAuthRole(value: unknown): AuthRole {
  return typeof value === 'string' && value.trim().toLowerCase() === 'admin' ? 'admin' : 'user';
}

export function userTypeLabel(type: UserType): string {
  return type === 'media_owner' ? 'Media Owner' : 'Advertiser';
}

/**
 * The one meaning of a listing's exchange field (`seeking` in the API): what its owner gives or asks for in
 * return. An advertiser's need says what the advertiser offers; a media owner's inventory says what the owner
 * wants. The same verb on the post and edit forms ("What do you offer in exchange?"), the card ("Offers in
 * exchange") and the API documentation.
 */
export const EXCHANGE_FIELD = {
  advertiser: {
    verb: 'offer',
    question: 'What do you offer in exchange?',
    card: 'Offers in exchange',
  },
  media_owner: {
    verb: 'want',
    question: 'What do you want in exchange?',
    card: 'Wants in exchange',
  },
} as const satisfies Record<UserType, { verb: string; question: string; card: string }>;

/** The API documentation's description of the exchange field (`seeking`). */
export const EXCHANGE_FIELD_DESCRIPTION =
  "What the listing's owner gives or asks for in exchange: for an advertiser's need, what the advertiser " +
  "offers (the form's 'What do you offer in exchange?', the card's 'Offers in exchange'); for a media " +
  "owner's inventory, what the owner wants ('What do you want in exchange?', 'Wants in exchange').";
