/**
 * The GST arithmetic of our own documents (product-spec-2 section 6): what we issue, the rate in every price, the
 * financial year and series of a number, and the split of a GST-inclusive amount. Plans (plans.ts) only price.
 */
/** What GST documents we issue: a tax invoice for every payment, a credit note for every refund. */
export const INVOICE_KINDS = ['invoice', 'credit_note'] as const;
export type InvoiceKind = (typeof INVOICE_KINDS)[number];

/** GST included in every price (18%). */
export const GST_RATE_PERCENT = 18;
/** Maharashtra's GST state code: the seller's state, where CGST + SGST apply. */
export const MAHARASHTRA_STATE_CODE = '27';

/** The Indian financial year (April to March, Asia/Kolkata) of an instant: `2026-27`. */
export function financialYear(at: Date): string {
  const ist = new Date(at.getTime() + 330 * 60 * 1000);
  const year = ist.getUTCFullYear();
  const start = ist.getUTCMonth() >= 3 ? year : year - 1;
  return `${start}-${String((start + 1) % 100).padStart(2, '0')}`;
}

/** `BA/2026-27/000001` for invoices, `BA-CN/2026-27/000001` for credit notes. */
export function invoiceNumber(kind: InvoiceKind, fy: string, sequence: number): string {
  return `${kind === 'invoice' ? 'BA' : 'BA-CN'}/${fy}/${String(sequence).padStart(6, '0')}`;
}

export interface GstSplit {
  /** All in paise; taxable + cgst + sgst + igst = total. */
  total: number;
  taxable: number;
  cgst: number;
  sgst: number;
  igst: number;
}

/** Splits a GST-inclusive amount: CGST + SGST within the seller's state, IGST across states. */
export function splitGst(totalPaise: number, sameState: boolean): GstSplit {
  const taxable = Math.round((totalPaise * 100) / (100 + GST_RATE_PERCENT));
  const tax = totalPaise - taxable;
  if (!sameState) return { total: totalPaise, taxable, cgst: 0, sgst: 0, igst: tax };
  const cgst = Math.floor(tax / 2);
  return { total: totalPaise, taxable, cgst, sgst: tax - cgst, igst: 0 };
}

/** GST on a taxable value (paise): IGST at the full rate across states, CGST and SGST at half each within one. */
export interface GstOnTaxable {
  igst: number;
  cgst: number;
  sgst: number;
}

/**
 * The one rounding of the barter legs (product-spec-3 section 1): each tax head is computed on the taxable value
 * and rounded to the paisa (half up), so CGST and SGST are always equal. Rates may have one decimal (2.5%).
 */
export function gstOnTaxable(taxablePaise: number, ratePct: number, sameState: boolean): GstOnTaxable {
  // Tenths of a percent keep 2.5% exact: tax = taxable * rate10 / 1000.
  const rate10 = Math.round(ratePct * 10);
  if (!sameState) return { igst: Math.round((taxablePaise * rate10) / 1000), cgst: 0, sgst: 0 };
  const half = Math.round((taxablePaise * rate10) / 2000);
  return { igst: 0, cgst: half, sgst: half };
}
