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
