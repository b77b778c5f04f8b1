import { INVOICE_NUMBER_MAX_LENGTH, INVOICE_PREFIX_PATTERN, isKnownSac } from '@barterads/core';
import { z } from 'zod';

export const DealTaxInput = z.object({ id: z.uuid() });
export type DealTaxInput = z.infer<typeof DealTaxInput>;

/** One leg as the contract's object: rupees with two decimals, dates as `YYYY-MM-DD`. */
export const Leg = z.object({
  /** Null in a preview before acceptance (nothing is stored yet). */
  _id: z.string().nullable(),
  dealId: z.string(),
  supplierId: z.string(),
  recipientId: z.string(),
  supplierGstin: z.string().nullable(),
  recipientGstin: z.string().nullable(),
  supplierState: z.string().nullable(),
  placeOfSupply: z.string().nullable(),
  placeOfSupplyBasis: z.enum(['recipient', 'property']),
  sac: z.string(),
  ratePct: z.number(),
  description: z.string(),
  lines: z.array(
    z.object({ title: z.string(), quantity: z.number(), unit: z.string(), valueInr: z.number() }),
  ),
  taxableValue: z.number(),
  igst: z.number(),
  cgst: z.number(),
  sgst: z.number(),
  status: z.enum(['draft', 'issued', 'not_required']),
  supplyDate: z.string().nullable(),
  dueDate: z.string().nullable(),
  invoiceNumber: z.string().nullable(),
  issuedAt: z.string().nullable(),
});
export type Leg = z.infer<typeof Leg>;

export const TaxPreviewResult = z.object({
  legs: z.array(Leg),
  /** True once the deal is accepted: the legs are the stored ones. */
  stored: z.boolean(),
  /** The viewer's side, from the same legs: GST owed on what it gives, GST it may claim on what it receives. */
  mine: z.object({ owe: z.number(), mayClaim: z.number() }),
});
export type TaxPreviewResult = z.infer<typeof TaxPreviewResult>;

export const InvoiceSeriesInput = z.object({
  prefix: z
    .string()
    .trim()
    .regex(INVOICE_PREFIX_PATTERN, 'The prefix has 1 to 10 characters: capital letters, digits, / and -.'),
});
export type InvoiceSeriesInput = z.infer<typeof InvoiceSeriesInput>;
export const InvoiceSeriesResult = z.object({ prefix: z.string(), next: z.string() });
export const InvoiceSeriesState = z.object({ prefix: z.string().nullable(), next: z.string().nullable() });

export const IssueLegInput = z.object({
  id: z.uuid(),
  legId: z.uuid(),
  /** Given: the leg was issued outside BarterAds with this number. */
  invoiceNumber: z
    .string()
    .trim()
    .min(1)
    .max(INVOICE_NUMBER_MAX_LENGTH, `An invoice number has at most ${INVOICE_NUMBER_MAX_LENGTH} characters.`)
    .regex(/^[A-Za-z0-9/-]+$/, 'An invoice number has only letters, digits, / and -.')
    .optional(),
  sac: z.string().refine(isKnownSac, 'Choose a SAC from the list.').optional(),
});
export type IssueLegInput = z.infer<typeof IssueLegInput>;
export const LegResult = z.object({ leg: Leg });

export const LegDocumentInput = z.object({ id: z.uuid(), legId: z.uuid() });
/** The e-invoice JSON (INV-01, version 1.1): keys as the government's schema spells them. */
export const EInvoiceResult = z.record(z.string(), z.unknown());

const Day = z.iso.date();

export const StatementInput = z.object({
  from: Day,
  to: Day,
  format: z.enum(['json', 'csv', 'pdf']).default('json'),
});
export type StatementInput = z.infer<typeof StatementInput>;

/** A statement's leg: the leg, the day it counts on (the acceptance day) and the other party's name. */
export const StatementLeg = Leg.extend({ date: z.string(), counterparty: z.string() });
const StatementTotals = z.object({
  count: z.number(),
  taxableValue: z.number(),
  igst: z.number(),
  cgst: z.number(),
  sgst: z.number(),
  tax: z.number(),
});
export const StatementResult = z.union([
  z.object({
    from: z.string(),
    to: z.string(),
    supplied: z.array(StatementLeg),
    received: z.array(StatementLeg),
    totals: z.object({ outward: StatementTotals, inward: StatementTotals }),
  }),
  /** `format: csv` or `pdf`: the file, which the REST path sends as it is (a PDF's bytes travel as base64). */
  z.object({
    file: z.object({
      filename: z.string(),
      contentType: z.string(),
      content: z.string(),
      encoding: z.enum(['utf8', 'base64']),
    }),
  }),
]);
export type StatementResult = z.infer<typeof StatementResult>;

/** A leg the member still has to issue: the leg, its deal's number and the days left to issue it. */
export const LegToIssue = Leg.extend({ dealNumber: z.string(), daysLeft: z.number().nullable() });
export const LegsToIssueResult = z.object({ legs: z.array(LegToIssue) });
