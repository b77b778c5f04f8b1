import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  index,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { id, timestamps, tz } from './columns';
import { authRole, businessVerificationStatus, language, userStatus, userType } from './enums';

export const users = pgTable(
  'users',
  {
    id: id(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    phoneNumber: text('phone_number'),
    companyName: text('company_name'),
    description: text('description'),
    role: authRole('role').notNull().default('user'),
    userType: userType('user_type').notNull().default('advertiser'),
    emailVerified: boolean('email_verified').notNull().default(false),
    status: userStatus('status').notNull().default('active'),
    /** ISO 3166-1 alpha-2 code, used for the admin's users-by-country figures. */
    country: text('country').notNull().default('IN'),
    prefEmailUpdates: boolean('pref_email_updates').notNull().default(true),
    /**
     * 'Show my business page' (spec part two, section 1; part one's 'show my profile to verified partners'):
     * on by default; off hides the page /b/<id> and the company name on the owner's cards.
     */
    prefShowProfile: boolean('pref_show_profile').notNull().default(true),
    /** The member's language (`en`, `hi`, `mr`): chosen in the header or settings; mail and WhatsApp follow it. */
    language: language('language').notNull().default('en'),
    /** The business's GST verification: its latest submission's status (`business_verifications`). */
    gstVerification: businessVerificationStatus('gst_verification').notNull().default('unverified'),
    /**
     * The business address on the member's profile, which its tax invoices name (rule 46 of the CGST Rules):
     * street line, city, PIN code and state, all four or none (the state agrees with the PIN's postal circle
     * and, when GST verified, with the GSTIN; checked in packages/core `BusinessAddressFields`).
     */
    addressLine: text('address_line'),
    addressCity: text('address_city'),
    addressPin: text('address_pin'),
    addressState: text('address_state'),
    /**
     * The member says its aggregate turnover is above the e-invoicing threshold (rule 48(4); ₹5 crore since
     * 1 August 2023): its barter legs to registered recipients get the e-invoice JSON (schema 1.1) as well.
     */
    einvoicing: boolean('einvoicing').notNull().default(false),
    /** Enterprise: the admin assigned as the member's dedicated account manager. */
    accountManagerId: uuid('account_manager_id').references((): AnyPgColumn => users.id, {
      onDelete: 'set null',
    }),
    /** A staff member an admin made a broker: works the trade desk and drafts deals for members (never answers for them). */
    isBroker: boolean('is_broker').notNull().default(false),
    /** Set when the user deleted the account: personal fields are anonymized, the row stays for integrity. */
    deletedAt: tz('deleted_at'),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('users_email_lower_unique').on(sql`lower(${t.email})`),
    index('users_created_at_idx').on(t.createdAt),
    index('users_country_idx').on(t.country),
    index('users_role_status_type_idx').on(t.role, t.status, t.userType),
    /** The owners a "Verified businesses only" search keeps. */
    index('users_gst_verified_idx').on(t.id).where(sql`${t.gstVerification} = 'verified'`),
    check(
      'users_address_whole',
      sql`(${t.addressLine} is null) = (${t.addressCity} is null) and (${t.addressLine} is null) = (${t.addressPin} is null) and (${t.addressLine} is null) = (${t.addressState} is null)`,
    ),
    check('users_address_pin', sql`${t.addressPin} ~ '^[1-8][0-9]{5}$'`),
  ],
);

export type UserRow = typeof users.$inferSelect;
export type NewUserRow = typeof users.$inferInsert;
