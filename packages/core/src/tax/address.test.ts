import { describe, expect, it } from 'vitest';
import { BusinessAddressFields } from '../forms/address';
import { ADDRESS_MESSAGES, addressGstinProblem, pinStateProblem, statesOfPin } from './address';

describe('business address', () => {
  it("knows the states of a PIN's postal circle", () => {
    expect(statesOfPin('411004')).toEqual(['Maharashtra']);
    expect(statesOfPin('560025')).toEqual(['Karnataka']);
    expect(statesOfPin('110001')).toEqual(['Delhi']);
    expect(statesOfPin('403001')).toContain('Goa'); // Goa is in Maharashtra's circle 40
    expect(statesOfPin('160017')).toContain('Chandigarh');
    expect(statesOfPin('737101')).toContain('Sikkim');
    expect(statesOfPin('500001')).toEqual(['Telangana']);
    expect(statesOfPin('834001')).toEqual(['Bihar', 'Jharkhand']);
    expect(statesOfPin('999999')).toEqual([]); // the army's
    expect(statesOfPin('41100')).toEqual([]);
    expect(statesOfPin('011004')).toEqual([]);
  });

  it('refuses a PIN of another state, an unknown state or a PIN that is not 6 digits', () => {
    expect(pinStateProblem('411004', 'Maharashtra')).toBeNull();
    expect(pinStateProblem('411004', 'Karnataka')).toBe(ADDRESS_MESSAGES.pinState);
    expect(pinStateProblem('41100a', 'Maharashtra')).toBe(ADDRESS_MESSAGES.pin);
    expect(pinStateProblem('411004', 'Bombay')).toBe(ADDRESS_MESSAGES.state);
    const parsed = BusinessAddressFields.safeParse({
      line: 'x',
      city: 'Pune',
      pin: '560025',
      state: 'Maharashtra',
    });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]).toMatchObject({ path: ['pin'], message: ADDRESS_MESSAGES.pinState });
    expect(
      BusinessAddressFields.safeParse({ line: 'x', city: 'Pune', pin: '411004', state: 'Maharashtra' })
        .success,
    ).toBe(true);
  });

  it("holds the state to a verified GSTIN's", () => {
    expect(addressGstinProblem({ state: 'Maharashtra' }, '27AAAPL1234C1Z5')).toBeNull();
    expect(addressGstinProblem({ state: 'Karnataka' }, '27AAAPL1234C1Z5')).toBe(ADDRESS_MESSAGES.gstinState);
    expect(addressGstinProblem({ state: 'Karnataka' }, null)).toBeNull();
    // Daman and Diu's old code and the merged territory's name the same place.
    expect(
      addressGstinProblem({ state: 'Dadra and Nagar Haveli and Daman and Diu' }, '25AAAPL1234C1Z5'),
    ).toBeNull();
  });
});
