/**
 * The business address a tax invoice names (rule 46 of the CGST Rules: the supplier's and the recipient's name,
 * address and state): kept on the member's business profile, with a PIN code whose postal circle must agree with
 * the state, and a state that must be its GSTIN's when the member is GST verified (the invoice's state is the
 * GSTIN's).
 */
import { GST_STATE_NAMES, stateOfGstin } from './legs';

export const PIN_PATTERN = /^[1-8]\d{5}$/;

/**
 * The states and union territories each postal circle (a PIN's first two digits) serves, by India Post's
 * allocation. A circle that spans more than one state lists each (Chandigarh in Punjab's 16, Goa in
 * Maharashtra's 40, Sikkim in 73, the North East in 79, Bihar and Jharkhand in 80-85, ...). 9x are the army's.
 */
const PIN_CIRCLE_STATES: Readonly<Record<string, readonly string[]>> = (() => {
  const table: Record<string, string[]> = {};
  const put = (from: number, to: number, ...states: string[]) => {
    for (let n = from; n <= to; n += 1) table[String(n)] = [...(table[String(n)] ?? []), ...states];
  };
  put(11, 11, 'Delhi');
  put(12, 13, 'Haryana');
  put(14, 16, 'Punjab');
  put(16, 16, 'Chandigarh', 'Haryana');
  put(17, 17, 'Himachal Pradesh');
  put(18, 19, 'Jammu and Kashmir');
  put(19, 19, 'Ladakh');
  put(20, 28, 'Uttar Pradesh');
  put(24, 24, 'Uttarakhand');
  put(26, 26, 'Uttarakhand');
  put(30, 34, 'Rajasthan');
  put(36, 39, 'Gujarat');
  put(36, 36, 'Daman and Diu', 'Dadra and Nagar Haveli and Daman and Diu');
  put(39, 39, 'Daman and Diu', 'Dadra and Nagar Haveli and Daman and Diu');
  put(40, 44, 'Maharashtra');
  put(40, 40, 'Goa');
  put(45, 48, 'Madhya Pradesh');
  put(49, 49, 'Chhattisgarh');
  put(50, 50, 'Telangana');
  put(51, 53, 'Andhra Pradesh');
  put(53, 53, 'Puducherry');
  put(56, 59, 'Karnataka');
  put(60, 64, 'Tamil Nadu');
  put(60, 60, 'Puducherry');
  put(67, 69, 'Kerala');
  put(67, 67, 'Puducherry');
  put(68, 68, 'Lakshadweep');
  put(70, 74, 'West Bengal');
  put(73, 73, 'Sikkim');
  put(74, 74, 'Andaman and Nicobar Islands');
  put(75, 77, 'Odisha');
  put(78, 78, 'Assam');
  put(79, 79, 'Assam', 'Arunachal Pradesh', 'Meghalaya', 'Manipur', 'Mizoram', 'Nagaland', 'Tripura');
  put(80, 85, 'Bihar', 'Jharkhand');
  return table;
})();

/** The states a PIN code may be in (its postal circle's), or none for a PIN no circle serves. */
export function statesOfPin(pin: string): readonly string[] {
  if (!PIN_PATTERN.test(pin)) return [];
  return PIN_CIRCLE_STATES[pin.slice(0, 2)] ?? [];
}

/** Every state and union territory name a business address may give (the GST state list's names). */
export const ADDRESS_STATES: readonly string[] = [...new Set(Object.values(GST_STATE_NAMES))]
  .filter((name) => name !== 'Other Territory')
  .sort();

export const ADDRESS_MESSAGES = {
  pin: 'A PIN code has 6 digits and starts with 1 to 8.',
  state: 'Choose your state from the list.',
  pinState: 'This PIN code is not in the state you chose.',
  gstinState: 'Your verified GSTIN is registered in another state: use the address on your GST registration.',
} as const;

/** A business address on the profile (the form's and the server's schema is `BusinessAddressFields`, forms). */
export interface BusinessAddress {
  line: string;
  city: string;
  pin: string;
  state: string;
}

/** Why a PIN and a state do not go together (the PIN's postal circle serves other states), or null. */
export function pinStateProblem(pin: string, state: string): string | null {
  if (!PIN_PATTERN.test(pin)) return ADDRESS_MESSAGES.pin;
  if (!ADDRESS_STATES.includes(state)) return ADDRESS_MESSAGES.state;
  return statesOfPin(pin).includes(state) ? null : ADDRESS_MESSAGES.pinState;
}

/** Why an address cannot stand beside a verified GSTIN (its state is the GSTIN's), or null when it can. */
export function addressGstinProblem(
  address: Pick<BusinessAddress, 'state'>,
  gstin: string | null,
): string | null {
  if (!gstin) return null;
  const registered = stateOfGstin(gstin);
  if (!registered || registered === address.state) return null;
  // Daman and Diu's old code 25 and the merged territory's 26 name the same place.
  const merged = ['Daman and Diu', 'Dadra and Nagar Haveli and Daman and Diu'];
  if (merged.includes(registered) && merged.includes(address.state)) return null;
  return ADDRESS_MESSAGES.gstinState;
}

/** The address as one line for a document ("12 MG Road, Pune 411001, Maharashtra"). */
export function addressText(address: BusinessAddress): string {
  return `${address.line}, ${address.city} ${address.pin}, ${address.state}`;
}
