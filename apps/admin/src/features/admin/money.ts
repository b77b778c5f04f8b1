import type { PaymentStatus, RefundStatus } from '@barterads/core';

const rupees = new Intl.NumberFormat('en-IN', {
  style: 'currency',
  currency: 'INR',
  maximumFractionDigits: 0,
});

/** ₹2,499 or ₹1,533.30 from an amount in paise (what Razorpay and the server use). */
export { formatPaise } from '@barterads/core';
/** ₹2,499 from paise, whole rupees (chart axes and figures). */
export const formatPaiseRounded = (amount: number) => rupees.format(Math.round(amount / 100));

export const PAYMENT_STATUS_LABELS: Record<PaymentStatus, { label: string; color: string }> = {
  created: { label: 'Not paid', color: 'gray' },
  paid: { label: 'Paid', color: 'green' },
  failed: { label: 'Failed', color: 'red' },
};

export const REFUND_STATUS_LABELS: Record<RefundStatus, { label: string; color: string }> = {
  requested: { label: 'Requested', color: 'yellow' },
  processing: { label: 'Processing', color: 'blue' },
  processed: { label: 'Refunded', color: 'green' },
  rejected: { label: 'Rejected', color: 'red' },
  failed: { label: 'Failed', color: 'red' },
};

/** An invoice or credit note as a PDF (the server lets an admin download any). */
export const invoiceHref = (id: string) => `/api/payments/invoices/${id}.pdf`;
