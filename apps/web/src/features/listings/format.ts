import { formatRupees, type ListingUnit, UNIT_LABELS } from '@barterads/core';

/** "₹25,000 per week". */
export function formatRate(rateInr: number, unit: ListingUnit): string {
  return `${formatRupees(rateInr)} ${UNIT_LABELS[unit].per}`;
}

/** "₹25,000" (core's formatRupees: Indian grouping without an Intl formatter to build). */
export const formatInr = formatRupees;
