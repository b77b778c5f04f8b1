/**
 * A member's own invoice series for its barter legs (product-spec-3 section 1): a prefix such as `HS/25-26/`
 * and numbers without gaps per financial year. Rule 46 allows 16 characters: a prefix of at most 10 leaves six
 * digits.
 */
export const INVOICE_PREFIX_PATTERN = /^[A-Z0-9/-]{1,10}$/;
export const INVOICE_NUMBER_MAX_LENGTH = 16;

/** `HS/25-26/` and 7 → `HS/25-26/007` (at least three digits). */
export function seriesInvoiceNumber(prefix: string, sequence: number): string {
  return `${prefix}${String(sequence).padStart(3, '0')}`;
}
