import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { id, timestamps, tz } from './columns';
import { verificationSubmissionStatus } from './enums';
import { users } from './users';

/**
 * A business's GST verification submissions, every one kept (the history per business). A business's id is its
 * owner's user id; its current status is `users.gst_verification` (the latest submission's status, or
 * `unverified`). At most one submission of a business is pending.
 */
export const businessVerifications = pgTable(
  'business_verifications',
  {
    id: id(),
    businessId: uuid('business_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    gstin: text('gstin').notNull(),
    legalName: text('legal_name').notNull(),
    pan: text('pan'),
    udyam: text('udyam'),
    /** The GST registration certificate in the upload storage (private: owner and admins only). */
    certificateKey: text('certificate_key').notNull(),
    certificateType: text('certificate_type').notNull(),
    certificateName: text('certificate_name').notNull(),
    certificateBytes: integer('certificate_bytes').notNull(),
    status: verificationSubmissionStatus('status').notNull().default('pending'),
    /** The admin's reason, shown to the user when rejected. */
    reason: text('reason'),
    decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: tz('decided_at'),
    ...timestamps(),
  },
  (t) => [
    index('business_verifications_business_idx').on(t.businessId, t.createdAt.desc()),
    index('business_verifications_status_idx').on(t.status, t.createdAt),
    uniqueIndex('business_verifications_one_pending').on(t.businessId).where(sql`${t.status} = 'pending'`),
  ],
);

export type BusinessVerificationRow = typeof businessVerifications.$inferSelect;
