import { describe, expect, it } from 'vitest';
import { MESSAGES } from './messages';
import { normalizePhone, whatsappLink } from './phone';

describe('normalizePhone (spec section 5)', () => {
  it.each([
    ['+44 20 7946 0958', '+442079460958'],
    ['9876543210', '+919876543210'],
    ['98765 43210', '+919876543210'],
    ['919876543210', '+919876543210'],
    ['14155552671', '+14155552671'],
  ])('%s -> %s', (input, phone) => {
    expect(normalizePhone(input)).toEqual({ ok: true, phone });
  });

  it.each(['12345', '5876543210', '1234567890123456', ''])('rejects %j', (input) => {
    expect(normalizePhone(input)).toEqual({ ok: false, message: MESSAGES.invalidPhone });
  });

  it('builds a chat link only with at least 8 digits', () => {
    expect(whatsappLink('+91 98765 43210')).toBe('https://wa.me/919876543210');
    expect(whatsappLink('1234567')).toBeNull();
    expect(whatsappLink(null)).toBeNull();
  });
});
