import { formatRupees, type ListingUnit, UNIT_LABELS } from '@barterads/core';

/** "₹25,000 per week" (`translate` gives the unit in the page's language: useCoreText). */
export function formatRate(
  rateInr: number,
  unit: ListingUnit,
  translate: (english: string) => string = (english) => english,
): string {
  return `${formatRupees(rateInr)} ${translate(UNIT_LABELS[unit].per)}`;
}

/** "₹25,000" (core's formatRupees: Indian grouping without an Intl formatter to build). */
export const formatInr = formatRupees;
