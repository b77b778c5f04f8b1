import { MESSAGES } from './messages';

export const PHONE_MAX_DIGITS = 15;
export const CONTACT_MIN_DIGITS = 8;

export type PhoneResult = { ok: true; phone: string } | { ok: false; message: string };

/**
 * Normalizes a phone number to international format (product-spec section 5):
 * a number starting with + is kept; a 10-digit Indian number starting with 6-9 gets +91;
 * 91 followed by such a number gets +; other 11-15 digit numbers get +.
 */
export function normalizePhone(input: string): PhoneResult {
  const trimmed = input.trim();
  const digits = trimmed.replace(/\D/g, '');
  if (trimmed.startsWith('+')) {
    if (digits.length >= CONTACT_MIN_DIGITS && digits.length <= PHONE_MAX_DIGITS) {
      return { ok: true, phone: `+${digits}` };
    }
    return { ok: false, message: MESSAGES.invalidPhone };
  }
  if (/^[6-9]\d{9}$/.test(digits)) return { ok: true, phone: `+91${digits}` };
  if (/^91[6-9]\d{9}$/.test(digits)) return { ok: true, phone: `+${digits}` };
  if (digits.length >= 11 && digits.length <= PHONE_MAX_DIGITS) return { ok: true, phone: `+${digits}` };
  return { ok: false, message: MESSAGES.invalidPhone };
}

export function phoneDigits(phone: string | null | undefined): string {
  return (phone ?? '').replace(/\D/g, '');
}

/** The WhatsApp chat link of a listing's contact phone, or null when it has fewer than 8 digits. */
export function whatsappLink(phone: string | null | undefined, text?: string): string | null {
  const digits = phoneDigits(phone);
  if (digits.length < CONTACT_MIN_DIGITS) return null;
  return text ? `https://wa.me/${digits}?text=${encodeURIComponent(text)}` : `https://wa.me/${digits}`;
}

/** The first words of a WhatsApp chat opened from a listing: they name the listing and where it was seen. */
export function whatsappListingText(title: string): string {
  return `Hello! I saw your listing "${title}" on BarterAds and would like to discuss a barter.`;
}

/** Countries of the international phone input (India first, the default), with their calling codes. */
export const PHONE_COUNTRIES = [
  { iso: 'IN', name: 'India', dial: '91' },
  { iso: 'AE', name: 'United Arab Emirates', dial: '971' },
  { iso: 'AU', name: 'Australia', dial: '61' },
  { iso: 'BD', name: 'Bangladesh', dial: '880' },
  { iso: 'BR', name: 'Brazil', dial: '55' },
  { iso: 'CA', name: 'Canada', dial: '1' },
  { iso: 'CN', name: 'China', dial: '86' },
  { iso: 'DE', name: 'Germany', dial: '49' },
  { iso: 'ES', name: 'Spain', dial: '34' },
  { iso: 'FR', name: 'France', dial: '33' },
  { iso: 'GB', name: 'United Kingdom', dial: '44' },
  { iso: 'ID', name: 'Indonesia', dial: '62' },
  { iso: 'IT', name: 'Italy', dial: '39' },
  { iso: 'JP', name: 'Japan', dial: '81' },
  { iso: 'KE', name: 'Kenya', dial: '254' },
  { iso: 'KR', name: 'South Korea', dial: '82' },
  { iso: 'LK', name: 'Sri Lanka', dial: '94' },
  { iso: 'MY', name: 'Malaysia', dial: '60' },
  { iso: 'NG', name: 'Nigeria', dial: '234' },
  { iso: 'NL', name: 'Netherlands', dial: '31' },
  { iso: 'NP', name: 'Nepal', dial: '977' },
  { iso: 'NZ', name: 'New Zealand', dial: '64' },
  { iso: 'PH', name: 'Philippines', dial: '63' },
  { iso: 'QA', name: 'Qatar', dial: '974' },
  { iso: 'SA', name: 'Saudi Arabia', dial: '966' },
  { iso: 'SG', name: 'Singapore', dial: '65' },
  { iso: 'TH', name: 'Thailand', dial: '66' },
  { iso: 'US', name: 'United States', dial: '1' },
  { iso: 'ZA', name: 'South Africa', dial: '27' },
] as const;

export type PhoneCountry = (typeof PHONE_COUNTRIES)[number];

/** The country of an international number by its longest matching calling code; India when unknown. */
export function countryFromPhone(phone: string | null | undefined): string {
  const digits = phoneDigits(phone);
  let best: PhoneCountry | undefined;
  for (const country of PHONE_COUNTRIES) {
    if (digits.startsWith(country.dial) && (!best || country.dial.length > best.dial.length)) best = country;
  }
  // +1 is shared by the US and Canada: count it as the US.
  if (best?.dial === '1') return 'US';
  return best?.iso ?? 'IN';
}
