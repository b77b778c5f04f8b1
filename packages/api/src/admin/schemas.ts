import {
  AUDIT_ACTIONS,
  AUDIT_TARGETS,
  AUTH_ROLES,
  LIMITS,
  LISTING_STATUSES,
  MESSAGES,
  parseUserType,
  USER_STATUSES,
} from '@barterads/core';
import { z } from 'zod';
import { PublicUser } from '../accounts/users';
import { BarterFields } from '../listings/schemas';

/** A filter that also accepts 'all' and '' (both mean "no filter"), as the admin screens and REST queries send. */
function optionalFilter<const T extends readonly [string, ...string[]]>(values: T) {
  return z
    .union([z.enum(values), z.literal('all'), z.literal('')])
    .optional()
    .transform((v): T[number] | undefined => (v === 'all' || v === '' ? undefined : v));
}

/** The business type filter also reads the spec's aliases ('media owners', 'advertisers', …). */
const userTypeFilter = z
  .string()
  .optional()
  .transform((v, ctx) => {
    if (v === undefined || v === '' || v === 'all') return undefined;
    const parsed = parseUserType(v);
    if (!parsed) {
      ctx.addIssue({ code: 'custom', message: 'Unknown user type' });
      return z.NEVER;
    }
    return parsed;
  });

const searchText = z
  .string()
  .max(200)
  .optional()
  .transform((v) => {
    const t = v?.trim();
    return t ? t : undefined;
  });

/** Query strings arrive as text over REST; tRPC callers send numbers. */
const offset = z.coerce.number().int().min(0).max(1_000_000).default(0);

/** `verified` as a boolean, or 'true'/'false'/'all' from a query string. */
const verifiedFilter = z
  .union([z.boolean(), z.enum(['true', 'false', 'all', ''])])
  .optional()
  .transform((v) => (v === 'true' || v === true ? true : v === 'false' || v === false ? false : undefined));

// ---- users ----------------------------------------------------------------------------------

export const AdminUsersInput = z
  .object({
    limit: z.coerce.number().int().min(1).max(LIMITS.adminUsersLimit).default(LIMITS.adminUsersLimit),
    offset,
    q: searchText,
    role: optionalFilter(AUTH_ROLES),
    status: optionalFilter(USER_STATUSES),
    userType: userTypeFilter,
  })
  .prefault({});
export type AdminUsersInput = z.infer<typeof AdminUsersInput>;

export const AdminUsersOutput = z.object({ users: z.array(PublicUser), total: z.number().int() });

export const SetUserStatusInput = z.object({
  id: z.uuid({ message: MESSAGES.adminUserNotFound }),
  status: z.enum(USER_STATUSES),
});
export type SetUserStatusInput = z.infer<typeof SetUserStatusInput>;

export const UserOutput = z.object({ user: PublicUser });

// ---- listings -------------------------------------------------------------------------------

/** The contract's barter object, with what the admin screens add (owner, archive reason). */
export const AdminListing = BarterFields.extend({
  /** The owner edited title, description, photos or contact after it was verified: it needs review again. */
  needsReview: z.boolean(),
  archivedReason: z.string().nullable(),
  archivedAt: z.string().nullable(),
  owner: z.object({ _id: z.string(), name: z.string(), email: z.string() }),
});
export type AdminListing = z.infer<typeof AdminListing>;

export const ADMIN_LISTINGS_DEFAULT = 50;
export const ADMIN_LISTINGS_MAX = 200;

export const AdminListingsInput = z
  .object({
    limit: z.coerce.number().int().min(1).max(ADMIN_LISTINGS_MAX).default(ADMIN_LISTINGS_DEFAULT),
    offset,
    q: searchText,
    ownerType: userTypeFilter,
    status: optionalFilter(LISTING_STATUSES),
    verified: verifiedFilter,
    /** Only listings whose owner edited them after they were verified. */
    needsReview: verifiedFilter,
  })
  .prefault({});
export type AdminListingsInput = z.infer<typeof AdminListingsInput>;

export const AdminListingsOutput = z.object({ listings: z.array(AdminListing), total: z.number().int() });

export const SetListingVerifiedInput = z.object({
  id: z.uuid({ message: MESSAGES.adminListingNotFound }),
  verified: z.boolean(),
});

export const ArchiveListingInput = z.object({
  id: z.uuid({ message: MESSAGES.adminListingNotFound }),
  reason: z
    .string({ message: MESSAGES.adminArchiveReasonRequired })
    .trim()
    .min(3, { message: MESSAGES.adminArchiveReasonRequired })
    .max(1000),
});

export const ListingOutput = z.object({ listing: AdminListing });

// ---- metrics --------------------------------------------------------------------------------

export const METRIC_WEEKS = 12;

export const AdminMetrics = z.object({
  users: z.number().int(),
  listings: z.number().int(),
  verifiedListings: z.number().int(),
  pendingListings: z.number().int(),
  /** Deals accepted, ever (issue 19). */
  acceptedDeals: z.number().int(),
  /** Offers still open: proposed, their period not passed. */
  openDeals: z.number().int(),
  series: z.object({
    users: z.array(z.number().int()),
    listings: z.array(z.number().int()),
    verified: z.array(z.number().int()),
    pending: z.array(z.number().int()),
    /** Deals accepted in each of the last 12 weeks. */
    deals: z.array(z.number().int()),
  }),
});
export type AdminMetrics = z.infer<typeof AdminMetrics>;

export const UsersByCountry = z.object({
  total: z.number().int(),
  items: z.array(z.object({ country: z.string(), count: z.number().int(), pct: z.number() })),
});
export type UsersByCountry = z.infer<typeof UsersByCountry>;

// ---- activity (audit log) -------------------------------------------------------------------

export const ActivityInput = z
  .object({
    limit: z.coerce.number().int().min(1).max(100).default(50),
    offset,
    action: optionalFilter(AUDIT_ACTIONS),
    targetType: optionalFilter(AUDIT_TARGETS),
    targetId: z.uuid().optional(),
    actorId: z.uuid().optional(),
  })
  .prefault({});
export type ActivityInput = z.infer<typeof ActivityInput>;

const AuditValue = z.record(z.string(), z.union([z.string(), z.boolean(), z.number(), z.null()]));

export const ActivityEntry = z.object({
  id: z.number().int(),
  action: z.enum(AUDIT_ACTIONS),
  targetType: z.enum(AUDIT_TARGETS),
  targetId: z.string(),
  /** The user's e-mail or the listing's title, when the target still exists. */
  targetLabel: z.string().nullable(),
  actor: z.object({ _id: z.string(), name: z.string(), email: z.string() }),
  before: AuditValue,
  after: AuditValue,
  reason: z.string().nullable(),
  createdAt: z.string(),
});
export type ActivityEntry = z.infer<typeof ActivityEntry>;

export const ActivityOutput = z.object({ entries: z.array(ActivityEntry), total: z.number().int() });

// ---- Enterprise account managers ------------------------------------------------------------

export const Person = z.object({ _id: z.string(), name: z.string(), email: z.string() });
export type Person = z.infer<typeof Person>;

export const EnterpriseMember = Person.extend({
  companyName: z.string().nullable(),
  period: z.string(),
  endsAt: z.string(),
  accountManager: Person.nullable(),
});
export type EnterpriseMember = z.infer<typeof EnterpriseMember>;

export const EnterpriseMembersOutput = z.object({
  members: z.array(EnterpriseMember),
  /** The active admins who can be assigned. */
  managers: z.array(Person),
});

export const SetAccountManagerInput = z.object({
  userId: z.uuid('userId must be a user id.'),
  /** The admin to assign, or null to remove the assignment. */
  managerId: z.uuid('managerId must be a user id.').nullable(),
});
export type SetAccountManagerInput = z.infer<typeof SetAccountManagerInput>;
export const SetAccountManagerOutput = z.object({ member: EnterpriseMember });

export const MyAccountManagerOutput = z.object({ accountManager: Person.nullable() });
