/**
 * Offline checks of India's business identifiers (product-spec-2 section 4): GSTIN, PAN and Udyam number.
 * Pure functions, run by the browser as the user types and by the server before anything is stored.
 *
 * A GSTIN has 15 characters: a 2-digit state code, the holder's 10-character PAN, an entity number (1-9 or A-Z:
 * which registration of that PAN in that state), the letter Z, and a check character computed from the first 14
 * characters (mod 36, the factors alternating 1 and 2, like Luhn).
 */

export const GSTIN_LENGTH = 15;

/** The characters of a GSTIN, in the order of their values for the check character. */
const GSTIN_ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/** State and union-territory codes of GST (01-38), and 97 for "Other Territory". */
export const GST_STATE_CODES: readonly string[] = [
  ...Array.from({ length: 38 }, (_, i) => String(i + 1).padStart(2, '0')),
  '97',
];

/** The user-facing messages of each check, one per kind of failure. */
export const GSTIN_MESSAGES = {
  required: 'Please enter your GSTIN.',
  characters: 'A GSTIN has only letters and digits.',
  length: 'A GSTIN has 15 characters.',
  stateCode: "The GSTIN's first two digits must be a state code (01 to 38, or 97).",
  pan: 'Characters 3-12 of the GSTIN must be a PAN: five letters, four digits, then a letter.',
  entityNumber: "The GSTIN's 13th character must be a digit from 1 to 9 or a letter.",
  defaultZ: "The GSTIN's 14th character must be the letter Z.",
  checksum: "The GSTIN's last character does not match; check for a typo.",
  panFormat: 'A PAN has 10 characters: five letters, four digits, then a letter.',
  panMismatch: 'The PAN must match characters 3-12 of the GSTIN.',
  udyamFormat: 'An Udyam number looks like UDYAM-MH-01-0012345.',
} as const;

export type GstinError =
  | 'required'
  | 'characters'
  | 'length'
  | 'stateCode'
  | 'pan'
  | 'entityNumber'
  | 'defaultZ'
  | 'checksum';

export type GstinCheck =
  | { ok: true; gstin: string; stateCode: string; pan: string }
  | { ok: false; error: GstinError; message: string };

const PAN_SHAPE = /^[A-Z]{5}[0-9]{4}[A-Z]$/;
const UDYAM_SHAPE = /^UDYAM-[A-Z]{2}-[0-9]{2}-[0-9]{7}$/;

/** Upper case without spaces, hyphens or dots: how people paste a GSTIN or PAN from a document. */
export function normalizeGstin(input: string): string {
  return input.replace(/[\s.-]/g, '').toUpperCase();
}

/** The check character of the first 14 characters of a GSTIN (which must be from its alphabet). */
export function gstinCheckCharacter(first14: string): string {
  let sum = 0;
  for (let i = 0; i < 14; i++) {
    const value = GSTIN_ALPHABET.indexOf(first14.charAt(i));
    if (value < 0) throw new RangeError(`Not a GSTIN character: ${first14.charAt(i)}`);
    const product = value * (i % 2 === 0 ? 1 : 2);
    sum += Math.floor(product / 36) + (product % 36);
  }
  return GSTIN_ALPHABET.charAt((36 - (sum % 36)) % 36);
}

function failure(error: GstinError): GstinCheck {
  return { ok: false, error, message: GSTIN_MESSAGES[error] };
}

/** Checks a GSTIN offline; the first failing check names what is wrong. */
export function checkGstin(input: string): GstinCheck {
  const gstin = normalizeGstin(input);
  if (gstin.length === 0) return failure('required');
  if (!/^[0-9A-Z]+$/.test(gstin)) return failure('characters');
  if (gstin.length !== GSTIN_LENGTH) return failure('length');
  const stateCode = gstin.slice(0, 2);
  if (!GST_STATE_CODES.includes(stateCode)) return failure('stateCode');
  const pan = gstin.slice(2, 12);
  if (!PAN_SHAPE.test(pan)) return failure('pan');
  if (gstin.charAt(12) === '0') return failure('entityNumber');
  if (gstin.charAt(13) !== 'Z') return failure('defaultZ');
  if (gstinCheckCharacter(gstin.slice(0, 14)) !== gstin.charAt(14)) return failure('checksum');
  return { ok: true, gstin, stateCode, pan };
}

export type IdCheck = { ok: true; value: string } | { ok: false; message: string };

/** A PAN's shape and, given a valid GSTIN, that it is the GSTIN's characters 3-12. */
export function checkPan(input: string, gstin?: string): IdCheck {
  const pan = normalizeGstin(input);
  if (!PAN_SHAPE.test(pan)) return { ok: false, message: GSTIN_MESSAGES.panFormat };
  if (gstin !== undefined) {
    const checked = checkGstin(gstin);
    if (checked.ok && checked.pan !== pan) return { ok: false, message: GSTIN_MESSAGES.panMismatch };
  }
  return { ok: true, value: pan };
}

/** An Udyam registration number: `UDYAM-` state letters, district digits and a 7-digit serial. */
export function checkUdyam(input: string): IdCheck {
  const udyam = input.trim().toUpperCase();
  if (!UDYAM_SHAPE.test(udyam)) return { ok: false, message: GSTIN_MESSAGES.udyamFormat };
  return { ok: true, value: udyam };
}

/** What a GST lookup tells about a GSTIN. `source` says how it was checked. */
export type GstLookupResult =
  | { ok: true; gstin: string; stateCode: string; pan: string; source: 'offline' }
  | { ok: false; message: string; source: 'offline' };

/**
 * Where a GSTIN is looked up before a submission is stored. Today only the offline checker below; a live
 * provider (the GST network's public search, a GSP) can implement the same interface later, adding its
 * `source` and the registered legal name to the result.
 */
export interface GstLookupProvider {
  lookup(gstin: string): Promise<GstLookupResult>;
}

/** The offline provider: the format and check character only, no network. */
export const offlineGstLookup: GstLookupProvider = {
  async lookup(gstin) {
    const checked = checkGstin(gstin);
    return checked.ok
      ? { ok: true, gstin: checked.gstin, stateCode: checked.stateCode, pan: checked.pan, source: 'offline' }
      : { ok: false, message: checked.message, source: 'offline' };
  },
};
