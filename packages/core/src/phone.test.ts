import { describe, expect, it } from 'vitest';
import { MESSAGES } from './messages';
import { normalizePhone, whatsappLink, whatsappListingText } from './phone';

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
    // Issue 17: the chat opens with words naming the listing.
    expect(whatsappLink('+91 98765 43210', whatsappListingText('Hoarding & bus shelter'))).toBe(
      'https://wa.me/919876543210?text=Hello!%20I%20saw%20your%20listing%20%22Hoarding%20%26%20bus%20shelter%22%20on%20BarterAds%20and%20would%20like%20to%20discuss%20a%20barter.',
    );
  });
});
