import { describe, expect, it } from 'vitest';
import { businessNameKey, sameBusinessName } from './verification';

describe('business names for the GST verified badge', () => {
  it('treats case, spacing, punctuation and the usual abbreviations as the same name', () => {
    expect(sameBusinessName('ACME Traders Pvt. Ltd.', 'Acme Traders Private Limited')).toBe(true);
    expect(sameBusinessName('Sharma & Sons', 'sharma and sons')).toBe(true);
    expect(sameBusinessName('  Kabir  Foods ', 'Kabir Foods')).toBe(true);
    expect(businessNameKey('Mehta Company')).toBe(businessNameKey('Mehta Co.'));
  });

  it('tells a different name apart, and never matches a missing one', () => {
    expect(sameBusinessName('Acme Traders', 'Tata Motors Limited')).toBe(false);
    expect(sameBusinessName('Acme Traders', 'Acme Traders East')).toBe(false);
    expect(sameBusinessName(null, 'Acme')).toBe(false);
    expect(sameBusinessName('', '')).toBe(false);
  });
});
