import { z } from 'zod';
import { isValidEmail, LIMITS } from '../constants';
import { MESSAGES } from '../messages';
import { normalizePhone } from '../phone';
import { parseUserType, USER_TYPES } from '../roles';
import { hasControlCharacters } from '../text';

/**
 * Field builders shared by the server's procedure inputs and the apps' forms (through @mantine/form's
 * schemaResolver), so both sides refuse the same values with the same words.
 */

/** An e-mail address, trimmed and lower-cased. */
export const EmailField = z
  .string({ error: MESSAGES.invalidEmail })
  .trim()
  .max(254, MESSAGES.invalidEmail)
  .refine(isValidEmail, MESSAGES.invalidEmail)
  .transform((email) => email.toLowerCase());

/** A new password: at least LIMITS.passwordMin characters. */
export const NewPasswordField = z
  .string({ error: MESSAGES.passwordTooShort })
  .min(LIMITS.passwordMin, MESSAGES.passwordTooShort)
  .max(256, 'Password must be at most 256 characters.');

/** Required free text: blank is refused with '<label> is required.' (or `required` when given). */
export function requiredText(label: string, max = 100, required = `${label} is required.`) {
  return z
    .string({ error: required })
    .trim()
    .min(1, required)
    .max(max, `${label} must be at most ${max} characters.`);
}

/** A one-line value (names, subjects) has no line breaks or control characters. */
const oneLine = (value: string | null | undefined) => !value || !hasControlCharacters(value);

/** Required one-line text (names, subjects): as requiredText, and line breaks or control characters refused. */
export function singleLineText(label: string, max = 100, required = `${label} is required.`) {
  return requiredText(label, max, required).refine(oneLine, MESSAGES.controlCharacters);
}

/** Optional free text: blank becomes null; a one-line field refuses line breaks and control characters. */
export function optionalText(label: string, max: number, singleLine = false) {
  return z
    .string()
    .trim()
    .max(max, `${label} must be at most ${max} characters.`)
    .refine((value) => !singleLine || oneLine(value), MESSAGES.controlCharacters)
    .nullish()
    .transform((value) => (value ? value : null));
}

/** A field of a partial update: absent stays absent, blank or null clears it. */
export function patchText(label: string, max: number, singleLine = false) {
  return z
    .string()
    .trim()
    .max(max, `${label} must be at most ${max} characters.`)
    .refine((value) => !singleLine || oneLine(value), MESSAGES.controlCharacters)
    .nullish()
    .transform((value) => (value === undefined ? undefined : value ? value : null));
}

/** A phone number normalized to international format (spec section 5). */
export const PhoneField = z
  .string({ error: MESSAGES.invalidPhone })
  .max(40, MESSAGES.invalidPhone)
  .transform((value, ctx) => {
    const result = normalizePhone(value);
    if (!result.ok) {
      ctx.addIssue({ code: 'custom', message: result.message });
      return z.NEVER;
    }
    return result.phone;
  });

/** An optional phone number: blank becomes null, anything else must be a valid number. */
export function optionalPhone(max = 40) {
  return z
    .string({ error: MESSAGES.invalidPhone })
    .trim()
    .max(max, MESSAGES.invalidPhone)
    .nullish()
    .transform((value, ctx) => {
      if (value === undefined) return undefined;
      if (value === null || value === '') return null;
      const result = normalizePhone(value);
      if (!result.ok) {
        ctx.addIssue({ code: 'custom', message: result.message });
        return z.NEVER;
      }
      return result.phone;
    });
}

/** advertiser | media_owner, from any of the spec's aliases. */
export const UserTypeField = z
  .string({ error: 'Choose advertiser or media owner.' })
  .transform((value, ctx) => {
    const type = parseUserType(value);
    if (!type) {
      ctx.addIssue({ code: 'custom', message: 'Choose advertiser or media owner.' });
      return z.NEVER;
    }
    return type;
  })
  .pipe(z.enum(USER_TYPES));
