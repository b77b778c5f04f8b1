import { DEFAULT_DEAL_OPEN_DAYS, type DealItemUnit, type UserType } from '@barterads/core';
import type { DealItemFormValues, DealOfferFormValues } from '@barterads/core/forms';

// What the deal pages need of an offer without the form itself (DealOfferForm.tsx loads with the form, on use).

export const DEFAULT_OPEN_DAYS = String(DEFAULT_DEAL_OPEN_DAYS);

/** The API's items from the form: each side's items given by its party. */
export function toApiItems(values: DealOfferFormValues, meId: string, otherId: string) {
  const item = (giverId: string) => (row: DealItemFormValues) => ({
    giverId,
    listingId: row.listingId || undefined,
    title: row.title,
    quantity: Number(row.quantity),
    unit: row.unit as DealItemUnit,
    startDate: row.startDate || undefined,
    endDate: row.endDate || undefined,
    valueInr: Number(row.valueInr),
  });
  return [...values.get.map(item(otherId)), ...values.give.map(item(meId))];
}

/**
 * What a party can give from its listings: its active inventory, never its needs (a need is what it wants; offered
 * as what it gives, its budget made a nonsense offer).
 */
export function givableListings<T extends { status: string; ownerType: UserType }>(
  listings: readonly T[],
): T[] {
  return listings.filter((l) => l.status === 'active' && l.ownerType === 'media_owner');
}
