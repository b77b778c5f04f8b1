const WHOLE_RUPEES = new Intl.NumberFormat('en-IN', {
  style: 'currency',
  currency: 'INR',
  maximumFractionDigits: 0,
});
const RUPEES_AND_PAISE = new Intl.NumberFormat('en-IN', {
  style: 'currency',
  currency: 'INR',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/**
 * An amount in paise (what Razorpay and the server use) as people read money: whole rupees when it has no paise
 * ("₹999"), else always two decimals ("₹1,533.30", never "₹1,533.3").
 */
export function formatPaise(paise: number): string {
  return paise % 100 === 0 ? WHOLE_RUPEES.format(paise / 100) : RUPEES_AND_PAISE.format(paise / 100);
}
