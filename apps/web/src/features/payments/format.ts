const rupees = new Intl.NumberFormat('en-IN', {
  style: 'currency',
  currency: 'INR',
  maximumFractionDigits: 0,
});
const paise = new Intl.NumberFormat('en-IN', {
  style: 'currency',
  currency: 'INR',
  minimumFractionDigits: 0,
});
const day = new Intl.DateTimeFormat('en-IN', { dateStyle: 'medium' });

/** ₹2,499 from whole rupees. */
export function formatRupees(amount: number): string {
  return rupees.format(amount);
}

/** ₹2,499 from an amount in paise (what Razorpay and the server use). */
export function formatPaise(amount: number): string {
  return paise.format(amount / 100);
}

export function formatDay(iso: string): string {
  return day.format(new Date(iso));
}

export const PERIOD_LABEL = { monthly: 'Monthly', yearly: 'Yearly' } as const;
