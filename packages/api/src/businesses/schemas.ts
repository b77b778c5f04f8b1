import {
  BUSINESS_VERIFICATION_STATUSES,
  CERTIFICATE_TYPES,
  checkGstin,
  checkPan,
  checkUdyam,
  GSTIN_MESSAGES,
  VERIFICATION_DECISIONS,
  VERIFICATION_LIMITS,
  VERIFICATION_MESSAGES,
  VERIFICATION_SUBMISSION_STATUSES,
} from '@barterads/core';
import { z } from 'zod';
import { UploadedFileField } from '../storage/uploads';

/** An empty text field of a form means "not given". */
const blankToUndefined = (value: unknown) =>
  value === null || (typeof value === 'string' && value.trim() === '') ? undefined : value;

const GstinField = z.string({ error: GSTIN_MESSAGES.required }).transform((value, ctx) => {
  const checked = checkGstin(value);
  if (!checked.ok) {
    ctx.addIssue({ code: 'custom', message: checked.message });
    return z.NEVER;
  }
  return checked.gstin;
});

/** Verify your business: GSTIN, legal name, optional PAN and Udyam number, the GST certificate. */
export const SubmitVerificationInput = z
  .object({
    gstin: GstinField,
    legalName: z
      .string({ error: VERIFICATION_MESSAGES.legalNameRequired })
      .trim()
      .min(1, VERIFICATION_MESSAGES.legalNameRequired)
      .max(
        VERIFICATION_LIMITS.legalNameMax,
        `Please keep it under ${VERIFICATION_LIMITS.legalNameMax} characters.`,
      ),
    pan: z.preprocess(blankToUndefined, z.string().max(20, GSTIN_MESSAGES.panFormat).optional()),
    udyam: z.preprocess(blankToUndefined, z.string().max(40, GSTIN_MESSAGES.udyamFormat).optional()),
    /** The GST registration certificate: a PDF or an image, its type sniffed by the upload plumbing. */
    certificate: UploadedFileField,
  })
  .transform((value, ctx) => {
    let pan: string | null = null;
    if (value.pan !== undefined) {
      const checked = checkPan(value.pan, value.gstin);
      if (!checked.ok) ctx.addIssue({ code: 'custom', path: ['pan'], message: checked.message });
      else pan = checked.value;
    }
    let udyam: string | null = null;
    if (value.udyam !== undefined) {
      const checked = checkUdyam(value.udyam);
      if (!checked.ok) ctx.addIssue({ code: 'custom', path: ['udyam'], message: checked.message });
      else udyam = checked.value;
    }
    return { ...value, pan, udyam };
  });
export type SubmitVerificationInput = z.output<typeof SubmitVerificationInput>;

/** The contract's answer to a submission. */
export const Verification = z.object({
  status: z.enum(VERIFICATION_SUBMISSION_STATUSES),
  gstin: z.string(),
  legalName: z.string(),
  submittedAt: z.string(),
});
export const SubmitVerificationResult = z.object({ verification: Verification });

/** One submission as its owner and the admins see it. */
export const VerificationSubmission = z.object({
  _id: z.string(),
  businessId: z.string(),
  status: z.enum(VERIFICATION_SUBMISSION_STATUSES),
  gstin: z.string(),
  legalName: z.string(),
  pan: z.string().nullable(),
  udyam: z.string().nullable(),
  /** The name the business shows, approved with the legal name (the badge is only shown beside one of them). */
  tradeName: z.string().nullable(),
  /** Set when a rename of a verified business opened this review: the name shown before. */
  renamedFrom: z.string().nullable(),
  /** The authorized address of the certificate (owner and admins only). */
  certificate: z.object({
    url: z.string(),
    type: z.enum(CERTIFICATE_TYPES),
    name: z.string(),
    bytes: z.number().int(),
    /** When it was deleted after a later decision (the address then answers 404). */
    removedAt: z.string().nullable(),
  }),
  reason: z.string().nullable(),
  submittedAt: z.string(),
  decidedAt: z.string().nullable(),
});
export type VerificationSubmission = z.infer<typeof VerificationSubmission>;

/** The signed-in user's business verification: its status and every submission, newest first. */
export const MyVerificationResult = z.object({
  status: z.enum(BUSINESS_VERIFICATION_STATUSES),
  /** The latest submission, with the admin's reason when rejected. */
  latest: VerificationSubmission.nullable(),
  history: z.array(VerificationSubmission),
});
export type MyVerificationResult = z.infer<typeof MyVerificationResult>;

/** Query strings arrive as text over REST; tRPC callers send numbers. */
export const AdminVerificationsInput = z
  .object({
    status: z
      .union([z.enum(VERIFICATION_SUBMISSION_STATUSES), z.literal('all'), z.literal('')])
      .optional()
      .transform((v) => (v === 'all' || v === '' ? undefined : v)),
    businessId: z.uuid({ error: 'Unknown business.' }).optional(),
    limit: z.coerce.number().int().min(1).max(100).default(50),
    offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  })
  .prefault({});
export type AdminVerificationsInput = z.infer<typeof AdminVerificationsInput>;

export const AdminVerification = VerificationSubmission.extend({
  business: z.object({
    _id: z.string(),
    name: z.string(),
    email: z.string(),
    companyName: z.string().nullable(),
    status: z.enum(BUSINESS_VERIFICATION_STATUSES),
  }),
  decidedBy: z.object({ _id: z.string(), name: z.string() }).nullable(),
  /** Other businesses with this GSTIN verified or pending: a flag for the admin to look before approving. */
  gstinElsewhere: z.array(
    z.object({
      _id: z.string(),
      name: z.string(),
      companyName: z.string().nullable(),
      status: z.enum(['verified', 'pending']),
    }),
  ),
});
export type AdminVerification = z.infer<typeof AdminVerification>;

export const AdminVerificationsResult = z.object({
  verifications: z.array(AdminVerification),
  total: z.number().int(),
  pending: z.number().int(),
});

export const VerificationIdInput = z.object({
  id: z.uuid({ error: VERIFICATION_MESSAGES.submissionNotFound }),
});

export const DecideVerificationInput = z
  .object({
    id: z.uuid({ error: VERIFICATION_MESSAGES.submissionNotFound }),
    decision: z.enum(VERIFICATION_DECISIONS, { error: 'The decision must be approve or reject.' }),
    reason: z.preprocess(
      blankToUndefined,
      z
        .string()
        .trim()
        .max(
          VERIFICATION_LIMITS.reasonMax,
          `Please keep it under ${VERIFICATION_LIMITS.reasonMax} characters.`,
        )
        .optional(),
    ),
  })
  .superRefine((value, ctx) => {
    if (value.decision === 'reject' && !value.reason) {
      ctx.addIssue({ code: 'custom', path: ['reason'], message: VERIFICATION_MESSAGES.reasonRequired });
    }
  });
export type DecideVerificationInput = z.infer<typeof DecideVerificationInput>;

export const DecideVerificationResult = z.object({ verification: AdminVerification });
