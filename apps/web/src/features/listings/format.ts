import { type ListingUnit, UNIT_LABELS } from '@barterads/core';

const RUPEES = new Intl.NumberFormat('en-IN', {
  style: 'currency',
  currency: 'INR',
  maximumFractionDigits: 0,
});

/** "₹25,000 per week". */
export function formatRate(rateInr: number, unit: ListingUnit): string {
  return `${RUPEES.format(rateInr)} ${UNIT_LABELS[unit].per}`;
}

export function formatInr(value: number): string {
  return RUPEES.format(value);
}
