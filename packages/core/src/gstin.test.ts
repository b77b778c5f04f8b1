import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  checkGstin,
  checkPan,
  checkUdyam,
  GST_STATE_CODES,
  GSTIN_MESSAGES,
  gstinCheckCharacter,
  offlineGstLookup,
} from './gstin';

/** Published GSTINs of well-known companies (real format, real check characters). */
const VALID = ['27AAPFU0939F1ZV', '29AAGCB7383J1Z4', '24AAACC1206D1ZM', '09AAACH7409R1ZZ'];

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';

describe('checkGstin', () => {
  it.each(VALID)('accepts %s', (gstin) => {
    expect(checkGstin(gstin)).toEqual({
      ok: true,
      gstin,
      stateCode: gstin.slice(0, 2),
      pan: gstin.slice(2, 12),
    });
  });

  it('accepts lower case and spaces as typed, answering the normalized number', () => {
    expect(checkGstin(' 27aapfu0939f1zv ')).toMatchObject({ ok: true, gstin: '27AAPFU0939F1ZV' });
    expect(checkGstin('27 AAPFU 0939F 1ZV')).toMatchObject({ ok: true, gstin: '27AAPFU0939F1ZV' });
  });

  it.each([
    ['', 'required'],
    ['   ', 'required'],
    ['27AAPFU0939F1Z#', 'characters'],
    ['27AAPFU0939F1ZÉ', 'characters'],
    ['27AAPFU0939F1Z', 'length'],
    ['27AAPFU0939F1ZVV', 'length'],
    ['00AAPFU0939F1ZV', 'stateCode'],
    ['39AAPFU0939F1ZV', 'stateCode'],
    ['99AAPFU0939F1ZV', 'stateCode'],
    ['2AAAPFU0939F1ZV', 'stateCode'],
    ['271APFU0939F1ZV', 'pan'],
    ['27AAPFUA939F1ZV', 'pan'],
    ['27AAPFU093911ZV', 'pan'],
    ['27AAPFU0939F0ZV', 'entityNumber'],
    ['27AAPFU0939F1YV', 'defaultZ'],
    ['27AAPFU0939F1ZW', 'checksum'],
    ['27AAPFU0939F2ZV', 'checksum'],
    ['72AAPFU0939F1ZV', 'stateCode'],
    ['27AAPFV0939F1ZV', 'checksum'],
  ] as const)('%j fails with %s and its own message', (input, error) => {
    expect(checkGstin(input)).toEqual({ ok: false, error, message: GSTIN_MESSAGES[error] });
  });

  it('gives each kind of failure a different message', () => {
    const messages = Object.values(GSTIN_MESSAGES);
    expect(new Set(messages).size).toBe(messages.length);
    expect(GSTIN_MESSAGES.checksum).toBe("The GSTIN's last character does not match; check for a typo.");
  });

  it('knows the state codes 01-38 and 97 only', () => {
    expect(GST_STATE_CODES).toHaveLength(39);
    expect(GST_STATE_CODES).toContain('01');
    expect(GST_STATE_CODES).toContain('38');
    expect(GST_STATE_CODES).toContain('97');
    expect(GST_STATE_CODES).not.toContain('99');
    // Every state code with a valid rest is accepted once its check character is recomputed.
    for (const code of GST_STATE_CODES) {
      const first14 = `${code}AAPFU0939F1Z`;
      expect(checkGstin(first14 + gstinCheckCharacter(first14)).ok).toBe(true);
    }
  });

  it('computes the published check characters', () => {
    for (const gstin of VALID) expect(gstinCheckCharacter(gstin.slice(0, 14))).toBe(gstin.charAt(14));
  });
});

/** A valid GSTIN built from random parts, its check character computed. */
const validGstin = fc
  .tuple(
    fc.constantFrom(...GST_STATE_CODES),
    fc.string({ unit: fc.constantFrom(...'ABCDEFGHIJKLMNOPQRSTUVWXYZ'), minLength: 5, maxLength: 5 }),
    fc.integer({ min: 0, max: 9999 }),
    fc.constantFrom(...'ABCDEFGHIJKLMNOPQRSTUVWXYZ'),
    fc.constantFrom(...'123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ'),
  )
  .map(([state, letters, digits, last, entity]) => {
    const first14 = `${state}${letters}${String(digits).padStart(4, '0')}${last}${entity}Z`;
    return first14 + gstinCheckCharacter(first14);
  });

describe('checkGstin properties', () => {
  it('accepts every well-formed GSTIN with its check character', () => {
    fc.assert(fc.property(validGstin, (gstin) => checkGstin(gstin).ok));
  });

  it('catches any single changed character', () => {
    fc.assert(
      fc.property(
        validGstin,
        fc.integer({ min: 0, max: 14 }),
        fc.integer({ min: 1, max: 35 }),
        (gstin, position, shift) => {
          const original = ALPHABET.indexOf(gstin.charAt(position));
          const changed = ALPHABET.charAt((original + shift) % 36);
          const typo = gstin.slice(0, position) + changed + gstin.slice(position + 1);
          expect(typo).not.toBe(gstin);
          expect(checkGstin(typo).ok).toBe(false);
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('catches a changed last character with the check-character message', () => {
    fc.assert(
      fc.property(validGstin, fc.integer({ min: 1, max: 35 }), (gstin, shift) => {
        const changed = ALPHABET.charAt((ALPHABET.indexOf(gstin.charAt(14)) + shift) % 36);
        expect(checkGstin(gstin.slice(0, 14) + changed)).toMatchObject({ ok: false, error: 'checksum' });
      }),
    );
  });

  it('never throws on any text', () => {
    fc.assert(fc.property(fc.string({ maxLength: 40 }), (text) => typeof checkGstin(text).ok === 'boolean'));
  });
});

describe('checkPan', () => {
  it('accepts a PAN, and one that is characters 3-12 of the GSTIN', () => {
    expect(checkPan('aapfu0939f')).toEqual({ ok: true, value: 'AAPFU0939F' });
    expect(checkPan('AAPFU0939F', '27AAPFU0939F1ZV')).toEqual({ ok: true, value: 'AAPFU0939F' });
  });

  it.each(['AAPFU0939', 'AAPF10939F', 'AAPFU093AF', 'AAPFU09390'])('refuses the malformed %s', (pan) => {
    expect(checkPan(pan)).toEqual({ ok: false, message: GSTIN_MESSAGES.panFormat });
  });

  it("refuses a PAN that is not the GSTIN's", () => {
    expect(checkPan('AAGCB7383J', '27AAPFU0939F1ZV')).toEqual({
      ok: false,
      message: GSTIN_MESSAGES.panMismatch,
    });
  });
});

describe('checkUdyam', () => {
  it('accepts UDYAM-XX-00-0000000', () => {
    expect(checkUdyam('UDYAM-MH-01-0012345')).toEqual({ ok: true, value: 'UDYAM-MH-01-0012345' });
    expect(checkUdyam(' udyam-ka-26-1234567 ')).toEqual({ ok: true, value: 'UDYAM-KA-26-1234567' });
  });

  it.each([
    'UDYAM-MH-1-0012345',
    'UDYAM-M1-01-0012345',
    'UDYAM-MH-01-001234',
    'UDYOG-MH-01-0012345',
    'MH-01-0012345',
  ])('refuses %s', (udyam) => {
    expect(checkUdyam(udyam)).toEqual({ ok: false, message: GSTIN_MESSAGES.udyamFormat });
  });
});

describe('offlineGstLookup', () => {
  it('answers from the offline checks', async () => {
    await expect(offlineGstLookup.lookup('27AAPFU0939F1ZV')).resolves.toEqual({
      ok: true,
      gstin: '27AAPFU0939F1ZV',
      stateCode: '27',
      pan: 'AAPFU0939F',
      source: 'offline',
    });
    await expect(offlineGstLookup.lookup('27AAPFU0939F1ZW')).resolves.toEqual({
      ok: false,
      message: GSTIN_MESSAGES.checksum,
      source: 'offline',
    });
  });
});
