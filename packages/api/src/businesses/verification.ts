import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import type { Readable } from 'node:stream';
import {
  type BusinessVerificationStatus,
  CERTIFICATE_TYPES,
  type CertificateType,
  type GstLookupProvider,
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
import { and, asc, count, desc, eq, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { displayName } from '../accounts/users';
import { writeAudit } from '../admin/audit';
import { type NotifyDeps, notify } from '../notifications/notify';
import type { Logger } from '../services';
import type { FileStorage } from '../storage/storage';
import { decisionNotice } from './mail';
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

/** Where a submission's certificate is stored: a private key (never under `public/`), unguessable. */
export function certificateKey(businessId: string, submissionId: string, type: CertificateType): string {
  return `private/verifications/${businessId}/${submissionId}.${EXTENSIONS[type]}`;
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
    certificate: {
      url: certificateUrl(row.id),
      type: row.certificateType as CertificateType,
      name: row.certificateName,
      bytes: row.certificateBytes,
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
 * still pending is superseded by the new one, so the queue holds one per business. The GSTIN is looked up (today:
 * the offline checks) before anything is stored; the certificate is stored before the row, and deleted again when
 * the row cannot be written.
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
  await deps.storage.put(key, createReadStream(certificate.path), {
    contentType: certificate.contentType,
    size: certificate.size,
  });
  try {
    const row = await deps.db.transaction(async (tx) => {
      await tx.execute(sql`select 1 from ${users} where ${users.id} = ${user.id} for update`);
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
    });
    return toSubmission(row);
  } catch (error) {
    await deps.storage.delete(key).catch(() => {});
    throw error;
  }
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

function toAdminVerification(row: AdminRow): AdminVerification {
  const s = row.submission;
  return {
    ...toSubmission(s),
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
  return {
    verifications: rows.map(toAdminVerification),
    total: totals?.total ?? 0,
    pending: totals?.pending ?? 0,
  };
}

export interface DecideDeps {
  db: Database;
  /** Tells the business of the decision once it is committed (a rolled-back decision tells nobody). */
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
    return row!;
  });
  const verification = toAdminVerification(decided);
  // The bell and the e-mail (sent once by the notifications' job); notify never fails the decision.
  await notify(deps.notify, {
    userId: verification.businessId,
    kind: 'verification_decided',
    ...decisionNotice(verification),
    dedupeKey: `verification:${verification._id}:decided`,
  });
  return verification;
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
    })
    .from(businessVerifications)
    .where(eq(businessVerifications.id, id))
    .limit(1);
  if (!row || (row.businessId !== viewer.id && viewer.role !== 'admin')) {
    throw new TRPCError({ code: 'NOT_FOUND', message: VERIFICATION_MESSAGES.submissionNotFound });
  }
  const stored = await storage.get(row.key);
  if (!stored) throw new TRPCError({ code: 'NOT_FOUND', message: VERIFICATION_MESSAGES.submissionNotFound });
  return { body: stored.body, contentType: row.type, size: stored.size, filename: row.name };
}
