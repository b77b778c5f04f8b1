import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import {
  type BusinessVerificationStatus,
  CERTIFICATE_TYPES,
  type CertificateType,
  type GstLookupProvider,
  sameBusinessName,
  VERIFICATION_LIMITS,
  VERIFICATION_MESSAGES,
} from '@barterads/core';
import {
  type BusinessVerificationRow,
  businessVerifications,
  type Database,
  type Executor,
  type UserRow,
  users,
} from '@barterads/db';
import { TRPCError } from '@trpc/server';
import { and, asc, count, desc, eq, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { displayName } from '../accounts/users';
import { writeAudit } from '../admin/audit';
import { writeEvent } from '../events/outbox';
import type { NotifyDeps } from '../notifications/notify';
import type { Logger } from '../services';
import type { FileStorage } from '../storage/storage';
import { keyColumnFiles, storeThenCommit } from '../storage/stored-files';
import type {
  AdminVerification,
  AdminVerificationsInput,
  DecideVerificationInput,
  MyVerificationResult,
  SubmitVerificationInput,
  VerificationSubmission,
} from './schemas';

const EXTENSIONS: Record<CertificateType, string> = {
  'application/pdf': 'pdf',
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
};

function isCertificateType(type: string): type is CertificateType {
  return (CERTIFICATE_TYPES as readonly string[]).includes(type);
}

const CERTIFICATE_PREFIX = 'private/verifications/';

/** Where a submission's certificate is stored: a private key (never under `public/`), unguessable. */
export function certificateKey(businessId: string, submissionId: string, type: CertificateType): string {
  return `${CERTIFICATE_PREFIX}${businessId}/${submissionId}.${EXTENSIONS[type]}`;
}

/** The authorized address of a submission's certificate: the owner and admins only. */
export function certificateUrl(submissionId: string): string {
  return `/api/verifications/${submissionId}/certificate`;
}

export function toSubmission(row: BusinessVerificationRow): VerificationSubmission {
  return {
    _id: row.id,
    businessId: row.businessId,
    status: row.status,
    gstin: row.gstin,
    legalName: row.legalName,
    pan: row.pan,
    udyam: row.udyam,
    tradeName: row.tradeName,
    renamedFrom: row.renamedFrom,
    certificate: {
      url: certificateUrl(row.id),
      type: row.certificateType as CertificateType,
      name: row.certificateName,
      bytes: row.certificateBytes,
      removedAt: row.certificateRemovedAt ? row.certificateRemovedAt.toISOString() : null,
    },
    reason: row.reason,
    submittedAt: row.createdAt.toISOString(),
    decidedAt: row.decidedAt ? row.decidedAt.toISOString() : null,
  };
}

export interface SubmitDeps {
  db: Database;
  storage: FileStorage;
  gstLookup: GstLookupProvider;
}

/**
 * Stores a submission and makes the business `pending`: a first submission, a resubmission after a rejection, or
 * new details of a verified business (a changed GSTIN or legal name needs an admin's review again). A submission
 * still pending is superseded by the new one, so the queue holds one per business. The name the business shows
 * now (its company name) goes with it as the trade name the admin approves beside the legal name. The GSTIN is
 * looked up (today: the offline checks) before anything is stored; the certificate is stored, then the row
 * committed (storeThenCommit: the certificate is deleted again when the row is not written).
 */
export async function submitVerification(
  deps: SubmitDeps,
  user: UserRow,
  input: SubmitVerificationInput,
): Promise<VerificationSubmission> {
  const lookup = await deps.gstLookup.lookup(input.gstin);
  if (!lookup.ok) throw new TRPCError({ code: 'BAD_REQUEST', message: lookup.message });
  const { certificate } = input;
  if (!isCertificateType(certificate.contentType)) {
    throw new TRPCError({ code: 'UNSUPPORTED_MEDIA_TYPE', message: VERIFICATION_MESSAGES.certificateType });
  }
  if (certificate.size > VERIFICATION_LIMITS.certificateMaxBytes) {
    throw new TRPCError({ code: 'PAYLOAD_TOO_LARGE', message: VERIFICATION_MESSAGES.certificateTooLarge });
  }
  const id = randomUUID();
  const key = certificateKey(user.id, id, certificate.contentType);
  const row = await storeThenCommit(
    deps.storage,
    (files) => files.file(certificate, key),
    () =>
      deps.db.transaction(async (tx) => {
        const [owner] = await tx
          .select({ companyName: users.companyName })
          .from(users)
          .where(eq(users.id, user.id))
          .for('no key update');
        await tx
          .update(businessVerifications)
          .set({ status: 'superseded' })
          .where(
            and(eq(businessVerifications.businessId, user.id), eq(businessVerifications.status, 'pending')),
          );
        const [inserted] = await tx
          .insert(businessVerifications)
          .values({
            id,
            businessId: user.id,
            gstin: lookup.gstin,
            legalName: input.legalName,
            tradeName: owner?.companyName ?? null,
            pan: input.pan,
            udyam: input.udyam,
            certificateKey: key,
            certificateType: certificate.contentType,
            certificateName: certificate.filename.slice(0, 200) || 'certificate',
            certificateBytes: certificate.size,
          })
          .returning();
        await tx.update(users).set({ gstVerification: 'pending' }).where(eq(users.id, user.id));
        return inserted!;
      }),
  );
  return toSubmission(row);
}

/** What a change of company name did to the business's GST verification. */
export type CompanyNameReview = 'unaffected' | 'in-review' | 'restored';

/**
 * The "GST verified" badge is only ever shown beside a name an admin approved: the verified legal name or the
 * trade name approved with it. Called in the profile change's transaction (the user's row locked) when the
 * company name changes:
 * - a verified business taking a name it was not verified under goes back to review (`pending`): a new
 *   submission with the same GSTIN, legal name and certificate carries the new name for the admin to approve;
 *   the badge leaves every card and page at once, and returns when the admin approves;
 * - while that review is pending (or after it was rejected), taking back a verified name restores the badge at
 *   once (the review is withdrawn);
 * - a submission pending for other reasons carries the name shown now, so the admin approves what members see.
 */
export async function reviewCompanyName(
  tx: Executor,
  before: Pick<UserRow, 'id' | 'companyName' | 'gstVerification' | 'firstName' | 'lastName'>,
  companyName: string | null,
): Promise<CompanyNameReview> {
  if (
    before.gstVerification !== 'verified' &&
    before.gstVerification !== 'pending' &&
    before.gstVerification !== 'rejected'
  )
    return 'unaffected';
  const [latest] = await tx
    .select()
    .from(businessVerifications)
    .where(eq(businessVerifications.businessId, before.id))
    .orderBy(desc(businessVerifications.createdAt), desc(businessVerifications.id))
    .limit(1);
  const [verified] = await tx
    .select()
    .from(businessVerifications)
    .where(and(eq(businessVerifications.businessId, before.id), eq(businessVerifications.status, 'verified')))
    .orderBy(desc(businessVerifications.decidedAt), desc(businessVerifications.createdAt))
    .limit(1);
  const approved = (row: BusinessVerificationRow | undefined) =>
    row !== undefined &&
    (sameBusinessName(companyName, row.legalName) || sameBusinessName(companyName, row.tradeName));
  if (before.gstVerification === 'verified') {
    if (!verified || approved(verified)) return 'unaffected';
    await tx.insert(businessVerifications).values({
      businessId: before.id,
      gstin: verified.gstin,
      legalName: verified.legalName,
      tradeName: companyName,
      renamedFrom: before.companyName ?? displayName(before),
      pan: verified.pan,
      udyam: verified.udyam,
      certificateKey: verified.certificateKey,
      certificateType: verified.certificateType,
      certificateName: verified.certificateName,
      certificateBytes: verified.certificateBytes,
    });
    await tx.update(users).set({ gstVerification: 'pending' }).where(eq(users.id, before.id));
    return 'in-review';
  }
  const renameReview = latest?.renamedFrom !== null && latest?.renamedFrom !== undefined;
  if (renameReview && latest && latest.status !== 'verified' && approved(verified)) {
    if (latest.status === 'pending')
      await tx
        .update(businessVerifications)
        .set({ status: 'superseded' })
        .where(eq(businessVerifications.id, latest.id));
    await tx.update(users).set({ gstVerification: 'verified' }).where(eq(users.id, before.id));
    return 'restored';
  }
  if (before.gstVerification === 'pending' && latest?.status === 'pending') {
    await tx
      .update(businessVerifications)
      .set({ tradeName: companyName })
      .where(eq(businessVerifications.id, latest.id));
    return 'in-review';
  }
  return 'unaffected';
}

/** The business's status and every submission, newest first. */
export async function myVerification(db: Executor, userId: string): Promise<MyVerificationResult> {
  const [user] = await db
    .select({ status: users.gstVerification })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  const rows = await db
    .select()
    .from(businessVerifications)
    .where(eq(businessVerifications.businessId, userId))
    .orderBy(desc(businessVerifications.createdAt), desc(businessVerifications.id))
    .limit(50);
  const history = rows.map(toSubmission);
  return { status: user?.status ?? 'unverified', latest: history[0] ?? null, history };
}

/** A verified business's registered identity (for deal letters and invoices), or null. */
export async function verifiedBusiness(
  db: Executor,
  userId: string,
): Promise<{ gstin: string; legalName: string } | null> {
  const [row] = await db
    .select({ gstin: businessVerifications.gstin, legalName: businessVerifications.legalName })
    .from(businessVerifications)
    .innerJoin(users, eq(users.id, businessVerifications.businessId))
    .where(
      and(
        eq(businessVerifications.businessId, userId),
        eq(businessVerifications.status, 'verified'),
        eq(users.gstVerification, 'verified'),
      ),
    )
    .orderBy(desc(businessVerifications.decidedAt))
    .limit(1);
  return row ?? null;
}

const owner = alias(users, 'owner');
const decider = alias(users, 'decider');

const adminColumns = {
  submission: businessVerifications,
  ownerFirst: owner.firstName,
  ownerLast: owner.lastName,
  ownerEmail: owner.email,
  ownerCompany: owner.companyName,
  ownerStatus: owner.gstVerification,
  deciderFirst: decider.firstName,
  deciderLast: decider.lastName,
};

type AdminRow = {
  submission: BusinessVerificationRow;
  ownerFirst: string;
  ownerLast: string;
  ownerEmail: string;
  ownerCompany: string | null;
  ownerStatus: BusinessVerificationStatus;
  deciderFirst: string | null;
  deciderLast: string | null;
};

/** Another business with the same GSTIN verified or waiting for review: the admin queue flags it. */
type GstinElsewhere = AdminVerification['gstinElsewhere'][number];

function toAdminVerification(row: AdminRow, elsewhere: GstinElsewhere[] = []): AdminVerification {
  const s = row.submission;
  return {
    ...toSubmission(s),
    gstinElsewhere: elsewhere,
    business: {
      _id: s.businessId,
      name: displayName({ firstName: row.ownerFirst, lastName: row.ownerLast }),
      email: row.ownerEmail,
      companyName: row.ownerCompany,
      status: row.ownerStatus,
    },
    decidedBy:
      s.decidedBy && row.deciderFirst !== null
        ? {
            _id: s.decidedBy,
            name: displayName({ firstName: row.deciderFirst, lastName: row.deciderLast ?? '' }),
          }
        : null,
  };
}

function adminSelect(db: Executor) {
  return db
    .select(adminColumns)
    .from(businessVerifications)
    .innerJoin(owner, eq(owner.id, businessVerifications.businessId))
    .leftJoin(decider, eq(decider.id, businessVerifications.decidedBy));
}

/** The admin's queue: pending submissions first (oldest first, the order they came in), then the rest, newest first. */
export async function listVerifications(
  db: Executor,
  input: AdminVerificationsInput,
): Promise<{ verifications: AdminVerification[]; total: number; pending: number }> {
  const conditions: SQL[] = [];
  if (input.status) conditions.push(eq(businessVerifications.status, input.status));
  if (input.businessId) conditions.push(eq(businessVerifications.businessId, input.businessId));
  const where = conditions.length ? and(...conditions) : undefined;
  const isPending = sql`(${businessVerifications.status} = 'pending')`;
  const [rows, [totals]] = await Promise.all([
    adminSelect(db)
      .where(where)
      .orderBy(
        desc(isPending),
        asc(sql`case when ${isPending} then ${businessVerifications.createdAt} end`),
        desc(businessVerifications.createdAt),
        desc(businessVerifications.id),
      )
      .limit(input.limit)
      .offset(input.offset),
    db
      .select({ total: count(), pending: sql<number>`count(*) filter (where ${isPending})::int` })
      .from(businessVerifications)
      .where(where),
  ]);
  const elsewhere = await gstinElsewhere(
    db,
    rows.map((row) => row.submission),
  );
  return {
    verifications: rows.map((row) => toAdminVerification(row, elsewhere.get(row.submission.id))),
    total: totals?.total ?? 0,
    pending: totals?.pending ?? 0,
  };
}

/**
 * For each submission, the other businesses whose GSTIN is the same and is verified or pending there (their
 * business's current status, from its latest submission): one GSTIN in two accounts may be a branch, or someone
 * else's GSTIN, and the admin should look before approving.
 */
async function gstinElsewhere(
  db: Executor,
  submissions: readonly Pick<BusinessVerificationRow, 'id' | 'businessId' | 'gstin'>[],
): Promise<Map<string, GstinElsewhere[]>> {
  const gstins = [...new Set(submissions.map((s) => s.gstin))];
  const found = new Map<string, GstinElsewhere[]>();
  if (gstins.length === 0) return found;
  const rows = await db
    .selectDistinct({
      gstin: businessVerifications.gstin,
      businessId: owner.id,
      firstName: owner.firstName,
      lastName: owner.lastName,
      companyName: owner.companyName,
      status: owner.gstVerification,
    })
    .from(businessVerifications)
    .innerJoin(owner, eq(owner.id, businessVerifications.businessId))
    .where(
      and(
        inArray(businessVerifications.gstin, gstins),
        or(
          and(eq(businessVerifications.status, 'verified'), eq(owner.gstVerification, 'verified')),
          and(eq(businessVerifications.status, 'pending'), eq(owner.gstVerification, 'pending')),
        ),
        isNull(owner.deletedAt),
      ),
    );
  for (const submission of submissions) {
    const others = rows
      .filter((r) => r.gstin === submission.gstin && r.businessId !== submission.businessId)
      .map((r) => ({
        _id: r.businessId,
        name: displayName({ firstName: r.firstName, lastName: r.lastName }),
        companyName: r.companyName,
        status: r.status === 'verified' ? ('verified' as const) : ('pending' as const),
      }));
    if (others.length > 0) found.set(submission.id, others);
  }
  return found;
}

export interface DecideDeps {
  db: Database;
  /** Wakes the dispatcher, which tells the business of the decision (its event; a rolled-back one tells nobody). */
  notify: NotifyDeps;
  logger: Logger;
}

/**
 * Approves or rejects a pending submission, and sets the business's status to match, with its audit row in the
 * same transaction. A submission already decided or superseded answers 409 and changes nothing.
 */
export async function decideVerification(
  deps: DecideDeps,
  actorId: string,
  input: DecideVerificationInput,
): Promise<AdminVerification> {
  const decided = await deps.db.transaction(async (tx) => {
    const [current] = await tx
      .select()
      .from(businessVerifications)
      .where(eq(businessVerifications.id, input.id))
      .for('update');
    if (!current) {
      throw new TRPCError({ code: 'NOT_FOUND', message: VERIFICATION_MESSAGES.submissionNotFound });
    }
    if (current.status !== 'pending') {
      throw new TRPCError({ code: 'CONFLICT', message: VERIFICATION_MESSAGES.notPending });
    }
    const status = input.decision === 'approve' ? 'verified' : 'rejected';
    const reason = input.decision === 'reject' ? (input.reason ?? null) : null;
    await tx
      .update(businessVerifications)
      .set({ status, reason, decidedBy: actorId, decidedAt: new Date() })
      .where(eq(businessVerifications.id, input.id));
    await tx.update(users).set({ gstVerification: status }).where(eq(users.id, current.businessId));
    await writeAudit(tx, {
      actorId,
      action: input.decision === 'approve' ? 'approve_verification' : 'reject_verification',
      targetType: 'business',
      targetId: current.businessId,
      before: { status: 'pending', submissionId: current.id },
      after: { status, submissionId: current.id, gstin: current.gstin, legalName: current.legalName },
      reason,
    });
    const [row] = await adminSelect(tx).where(eq(businessVerifications.id, input.id));
    // `verification.decided` in the decision's transaction (the outbox): the business (its audience) and admins
    // read it from GET /api/events and its webhooks; the snapshot is the business's own view of its submission
    // (not the admin's, which names other businesses with the same GSTIN).
    await writeEvent(tx, {
      type: 'verification.decided',
      actor: { kind: 'admin', id: actorId },
      resourceType: 'verification',
      resourceId: current.id,
      audience: [current.businessId],
      data: { verification: toSubmission(row!.submission) },
    });
    return row!;
  });
  // The event tells the business (the dispatcher's bell and e-mail channels, events/notices.ts).
  deps.notify.wakeEvents?.();
  const elsewhere = await gstinElsewhere(deps.db, [decided.submission]);
  return toAdminVerification(decided, elsewhere.get(decided.submission.id));
}

/**
 * A submission's certificate for `viewer`: the business's owner or an admin; anyone else gets 404, as for an
 * unknown id, so certificates cannot be found by trying ids.
 */
export async function readCertificate(
  db: Executor,
  storage: FileStorage,
  viewer: Pick<UserRow, 'id' | 'role'>,
  id: string,
): Promise<{ body: Readable; contentType: string; size: number; filename: string }> {
  const [row] = await db
    .select({
      businessId: businessVerifications.businessId,
      key: businessVerifications.certificateKey,
      type: businessVerifications.certificateType,
      name: businessVerifications.certificateName,
      removedAt: businessVerifications.certificateRemovedAt,
    })
    .from(businessVerifications)
    .where(eq(businessVerifications.id, id))
    .limit(1);
  if (!row || (row.businessId !== viewer.id && viewer.role !== 'admin')) {
    throw new TRPCError({ code: 'NOT_FOUND', message: VERIFICATION_MESSAGES.submissionNotFound });
  }
  if (row.removedAt) {
    throw new TRPCError({ code: 'NOT_FOUND', message: VERIFICATION_MESSAGES.certificateRemoved });
  }
  const stored = await storage.get(row.key);
  if (!stored) throw new TRPCError({ code: 'NOT_FOUND', message: VERIFICATION_MESSAGES.submissionNotFound });
  return { body: stored.body, contentType: row.type, size: stored.size, filename: row.name };
}

/** GST certificates for the storage sweeper: referenced while a submission still keeps its certificate. */
export const CERTIFICATE_FILES = keyColumnFiles(
  'GST certificates',
  CERTIFICATE_PREFIX,
  businessVerifications,
  businessVerifications.certificateKey,
  isNull(businessVerifications.certificateRemovedAt),
);

/**
 * Certificates kept past their use are let go (their rows stay, as the history, marked removed; the sweeper then
 * deletes each object no submission still keeps): a superseded submission's at once (it serves no decision), and
 * a decided one's once a later submission of the business has been decided (the decision it served is
 * replaced). A pending submission and the latest decided one keep theirs. Answers how many were let go.
 */
export async function retireCertificates(db: Executor, now = new Date()): Promise<number> {
  const retired = await db
    .update(businessVerifications)
    .set({ certificateRemovedAt: now })
    .where(
      and(
        isNull(businessVerifications.certificateRemovedAt),
        or(
          eq(businessVerifications.status, 'superseded'),
          and(
            inArray(businessVerifications.status, ['verified', 'rejected']),
            sql`exists (select 1 from business_verifications later
              where later.business_id = ${businessVerifications.businessId} and later.id <> ${businessVerifications.id}
              and later.decided_at is not null and later.decided_at > ${businessVerifications.decidedAt})`,
          ),
        ),
      ),
    )
    .returning({ id: businessVerifications.id });
  return retired.length;
}
