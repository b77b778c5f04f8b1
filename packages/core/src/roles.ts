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
