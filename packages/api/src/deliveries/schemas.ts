import {
  DEAL_MESSAGES,
  DELIVERABLE_ACTIONS,
  DELIVERABLE_STATUSES,
  DELIVERY_LIMITS,
  DELIVERY_MESSAGES,
  DISPUTE_OUTCOMES,
  DISPUTE_REASONS,
} from '@barterads/core';
import { z } from 'zod';
import { UploadedFileField } from '../storage/uploads';

const DealId = z.uuid({ error: DEAL_MESSAGES.notFound });
const ItemId = z.uuid({ error: DELIVERY_MESSAGES.itemNotFound });

const blankToUndefined = (value: unknown) =>
  value === null || (typeof value === 'string' && value.trim() === '') ? undefined : value;

const Link = z.preprocess(
  blankToUndefined,
  z
    .string()
    .trim()
    .max(DELIVERY_LIMITS.linkMax, `Please keep the link under ${DELIVERY_LIMITS.linkMax} characters.`)
    .refine((value) => {
      try {
        const url = new URL(value);
        return url.protocol === 'https:' || url.protocol === 'http:';
      } catch {
        return false;
      }
    }, DELIVERY_MESSAGES.linkInvalid)
    .optional(),
);

/**
 * Mark an item delivered with proof: files (photos or PDFs, up to 10, multipart REST only), a note, a link. At
 * least one file or a link.
 */
export const DeliverInput = z
  .object({
    id: DealId,
    itemId: ItemId,
    files: z
      .array(UploadedFileField)
      .max(DELIVERY_LIMITS.maxProofFiles, `Attach at most ${DELIVERY_LIMITS.maxProofFiles} files.`)
      .default([]),
    note: z.preprocess(
      blankToUndefined,
      z
        .string()
        .trim()
        .max(DELIVERY_LIMITS.noteMax, `Please keep the note under ${DELIVERY_LIMITS.noteMax} characters.`)
        .optional(),
    ),
    link: Link,
  })
  .refine((input) => input.files.length > 0 || input.link !== undefined, {
    message: DELIVERY_MESSAGES.proofRequired,
    path: ['files'],
  });
export type DeliverInput = z.infer<typeof DeliverInput>;

export const DeliverableIdInput = z.object({ id: DealId, itemId: ItemId });
export type DeliverableIdInput = z.infer<typeof DeliverableIdInput>;

export const DisputeInput = z.object({
  id: DealId,
  itemId: ItemId,
  reason: z.enum(DISPUTE_REASONS, {
    error: `The reason must be one of ${DISPUTE_REASONS.join(', ')}.`,
  }),
  details: z
    .string({ error: DELIVERY_MESSAGES.detailsRequired })
    .trim()
    .min(1, DELIVERY_MESSAGES.detailsRequired)
    .max(
      DELIVERY_LIMITS.disputeDetailsMax,
      `Please keep it under ${DELIVERY_LIMITS.disputeDetailsMax} characters.`,
    ),
});
export type DisputeInput = z.infer<typeof DisputeInput>;

/** Evidence for the caller's open dispute of an item: photos or PDFs (multipart REST only), at least one. */
export const DisputeEvidenceInput = z.object({
  id: DealId,
  itemId: ItemId,
  files: z
    .array(UploadedFileField)
    .min(1, 'Attach at least one photo or PDF.')
    .max(DELIVERY_LIMITS.maxProofFiles, `Attach at most ${DELIVERY_LIMITS.maxProofFiles} files.`),
});
export type DisputeEvidenceInput = z.infer<typeof DisputeEvidenceInput>;

export const ResolveDisputeInput = z.object({
  id: DealId,
  itemId: ItemId,
  outcome: z.enum(DISPUTE_OUTCOMES, {
    error: `The outcome must be one of ${DISPUTE_OUTCOMES.join(', ')}.`,
  }),
  note: z
    .string({ error: DELIVERY_MESSAGES.resolutionNoteRequired })
    .trim()
    .min(1, DELIVERY_MESSAGES.resolutionNoteRequired)
    .max(
      DELIVERY_LIMITS.resolutionNoteMax,
      `Please keep the note under ${DELIVERY_LIMITS.resolutionNoteMax} characters.`,
    ),
});
export type ResolveDisputeInput = z.infer<typeof ResolveDisputeInput>;

export const ProofView = z.object({
  _id: z.string(),
  /** The authorized address (parties and admins only). */
  url: z.string(),
  kind: z.enum(['photo', 'document']),
  contentType: z.string(),
  filename: z.string(),
  round: z.number().int(),
});

/** A deliverable as the deal shows it. */
export const DeliverableView = z.object({
  _id: z.string(),
  status: z.enum(DELIVERABLE_STATUSES),
  round: z.number().int(),
  deliveredAt: z.string().nullable(),
  /** When the delivery is accepted automatically unless answered (delivered items only). */
  autoAcceptAt: z.string().nullable(),
  acceptedAt: z.string().nullable(),
  autoAccepted: z.boolean(),
  note: z.string().nullable(),
  link: z.string().nullable(),
  disputeReason: z.string().nullable(),
  disputeDetails: z.string().nullable(),
  disputedAt: z.string().nullable(),
  resolutionNote: z.string().nullable(),
  /** The current delivery's proof files. */
  proof: z.array(ProofView),
  /** The receiver's evidence for a dispute of the current delivery (parties and admins see it). */
  evidence: z.array(ProofView),
  /** What the viewer may do to this item now (the deliverable table in packages/core). */
  actions: z.array(z.enum(DELIVERABLE_ACTIONS)),
});
export type DeliverableView = z.infer<typeof DeliverableView>;
/** A deliverable as stored, before the viewer's actions are added. */
export type StoredDeliverableView = Omit<DeliverableView, 'actions'>;

export const TimelineEntry = z.object({
  at: z.string(),
  kind: z.string(),
  itemId: z.string().nullable(),
  actorId: z.string().nullable(),
  note: z.string().nullable(),
});
export type TimelineEntry = z.infer<typeof TimelineEntry>;
