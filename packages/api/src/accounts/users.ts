import { AUTH_ROLES, type BusinessAddress, LANGUAGES, USER_STATUSES, USER_TYPES } from '@barterads/core';
import type { UserRow } from '@barterads/db';
import { z } from 'zod';

/** The user object of the contract: never a password hash or a session. */
export const PublicUser = z.object({
  _id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  name: z.string(),
  email: z.string(),
  phoneNumber: z.string().nullable(),
  companyName: z.string().nullable(),
  description: z.string().nullable(),
  role: z.enum(AUTH_ROLES),
  userType: z.enum(USER_TYPES),
  emailVerified: z.boolean(),
  status: z.enum(USER_STATUSES),
  country: z.string(),
  /** Show my business page (/b/<id>) and the company name on my cards. */
  showBusinessPage: z.boolean(),
  /** The member's language: `en`, `hi` or `mr`. */
  language: z.enum(LANGUAGES),
  /** The business address its tax invoices name (line, city, PIN, state), or null until given. */
  businessAddress: z
    .object({ line: z.string(), city: z.string(), pin: z.string(), state: z.string() })
    .nullable(),
  /** The member's turnover is above the e-invoicing threshold: its legs get the e-invoice JSON too. */
  einvoicing: z.boolean(),
  /** Staff with the trade desk's broker role (given by an admin): the admin app opens the desk for them. */
  broker: z.boolean(),
  createdAt: z.string(),
});
export type PublicUser = z.infer<typeof PublicUser>;

export function displayName(user: Pick<UserRow, 'firstName' | 'lastName'>): string {
  return `${user.firstName} ${user.lastName}`.trim();
}

export function toPublicUser(user: UserRow): PublicUser {
  return {
    _id: user.id,
    firstName: user.firstName,
    lastName: user.lastName,
    name: displayName(user),
    email: user.email,
    phoneNumber: user.phoneNumber,
    companyName: user.companyName,
    description: user.description,
    role: user.role,
    userType: user.userType,
    emailVerified: user.emailVerified,
    status: user.status,
    country: user.country,
    showBusinessPage: user.prefShowProfile,
    language: user.language,
    businessAddress: businessAddressOf(user),
    einvoicing: user.einvoicing,
    broker: user.isBroker,
    createdAt: user.createdAt.toISOString(),
  };
}

/** The member's business address as one object, or null while it has none. */
export function businessAddressOf(
  user: Pick<UserRow, 'addressLine' | 'addressCity' | 'addressPin' | 'addressState'>,
): BusinessAddress | null {
  if (!user.addressLine || !user.addressCity || !user.addressPin || !user.addressState) return null;
  return { line: user.addressLine, city: user.addressCity, pin: user.addressPin, state: user.addressState };
}

/** E-mails are compared case-insensitively and stored trimmed and lowercased. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}
