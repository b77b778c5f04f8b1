import {
  AUDIT_ACTIONS,
  AUDIT_TARGETS,
  AUTH_ROLES,
  DEAL_STATUSES,
  LISTING_STATUSES,
  PAYMENT_KINDS,
  PAYMENT_STATUSES,
  REFUND_STATUSES,
  USER_STATUSES,
  USER_TYPES,
} from '@barterads/core';
import { z } from 'zod';

const page = z.coerce.number().int().min(1).max(100_000).optional().catch(undefined);
const text = z.string().trim().max(200).optional().catch(undefined);

/** The Users page's URL state: search text, the three filters, the page. */
export const UsersSearch = z.object({
  q: text,
  role: z.enum(AUTH_ROLES).optional().catch(undefined),
  status: z.enum(USER_STATUSES).optional().catch(undefined),
  type: z.enum(USER_TYPES).optional().catch(undefined),
  page,
});
export type UsersSearch = z.infer<typeof UsersSearch>;

/** The Listings page's URL state: the owner-type tab, status, verified, search text, the page. */
export const ListingsSearch = z.object({
  tab: z.enum(USER_TYPES).optional().catch(undefined),
  status: z.enum(LISTING_STATUSES).optional().catch(undefined),
  verified: z.enum(['yes', 'no', 'review']).optional().catch(undefined),
  q: text,
  page,
});
export type ListingsSearch = z.infer<typeof ListingsSearch>;

/** The Activity page's URL state. */
export const ActivitySearch = z.object({
  action: z.enum(AUDIT_ACTIONS).optional().catch(undefined),
  target: z.enum(AUDIT_TARGETS).optional().catch(undefined),
  page,
});
export type ActivitySearch = z.infer<typeof ActivitySearch>;

export const VERIFICATION_STATUS_FILTERS = ['pending', 'verified', 'rejected', 'superseded'] as const;

/** The verification queue's URL state: status filter, the selected submission, the page. */
export const VerificationsSearch = z.object({
  status: z.enum(VERIFICATION_STATUS_FILTERS).optional().catch(undefined),
  selected: z.uuid().optional().catch(undefined),
  page,
});
export type VerificationsSearch = z.infer<typeof VerificationsSearch>;

/** The Deals page's URL state: the state filter. */
export const DealsSearch = z.object({
  status: z.enum(DEAL_STATUSES).optional().catch(undefined),
});
export type DealsSearch = z.infer<typeof DealsSearch>;

/** The Payments page's URL state: status, kind, the member's e-mail, the page. */
export const PaymentsSearch = z.object({
  status: z.enum(PAYMENT_STATUSES).optional().catch(undefined),
  kind: z.enum(PAYMENT_KINDS).optional().catch(undefined),
  q: text,
  page,
});
export type PaymentsSearch = z.infer<typeof PaymentsSearch>;

/** The refund queue's URL state: the state filter (none: requested first, then the rest). */
export const RefundsSearch = z.object({
  status: z.enum(REFUND_STATUSES).optional().catch(undefined),
});
export type RefundsSearch = z.infer<typeof RefundsSearch>;
