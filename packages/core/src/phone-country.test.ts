import { describe, expect, it } from 'vitest';
import { countryFromPhone, PHONE_COUNTRIES } from './phone';

describe('countryFromPhone', () => {
  it('reads the country from the longest matching calling code', () => {
    expect(countryFromPhone('+919876543210')).toBe('IN');
    expect(countryFromPhone('+971501234567')).toBe('AE');
    expect(countryFromPhone('+442079460958')).toBe('GB');
    expect(countryFromPhone('+14155550100')).toBe('US');
    expect(countryFromPhone('+9779812345678')).toBe('NP');
  });

  it('falls back to India for unknown or missing numbers', () => {
    expect(countryFromPhone('+999123456789')).toBe('IN');
    expect(countryFromPhone(null)).toBe('IN');
  });

  it('lists India first, as the default country of the phone input', () => {
    expect(PHONE_COUNTRIES[0]).toEqual({ iso: 'IN', name: 'India', dial: '91' });
  });
});
