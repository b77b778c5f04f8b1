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
    /**
     * The name the business shows (its company name when this was submitted, or the new one a rename sent to
     * review), approved together with the legal name: the "GST verified" badge is only ever shown beside one of
     * the two. Null when the business shows no company name.
     */
    tradeName: text('trade_name'),
    /** Set when a rename of a verified business opened this review: the name it showed before. */
    renamedFrom: text('renamed_from'),
    pan: text('pan'),
    udyam: text('udyam'),
    /** The GST registration certificate in the upload storage (private: owner and admins only). */
    certificateKey: text('certificate_key').notNull(),
    certificateType: text('certificate_type').notNull(),
    certificateName: text('certificate_name').notNull(),
    certificateBytes: integer('certificate_bytes').notNull(),
    /**
     * When the stored certificate was deleted: a superseded submission's at once, a decided one's once a later
     * decision replaced it (the storage sweeper). The row stays, as the business's history.
     */
    certificateRemovedAt: tz('certificate_removed_at'),
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
    /** The admin queue's check: other businesses with the same GSTIN verified or pending. */
    index('business_verifications_gstin_idx').on(t.gstin),
    /** The sweeper's lookup of the rows that hold a stored certificate. */
    index('business_verifications_certificate_key_idx').on(t.certificateKey),
  ],
);

export type BusinessVerificationRow = typeof businessVerifications.$inferSelect;
