import {
  CONTACT_ROLES,
  hasControlCharacters,
  isValidEmail,
  LIMITS,
  MESSAGES,
  normalizePhone,
} from '@barterads/core';
import { z } from 'zod';

const required = (max: number) =>
  z
    .string({ error: MESSAGES.contactRequired })
    .trim()
    .min(1, MESSAGES.contactRequired)
    .max(max, `Please keep this under ${max} characters.`);

/** A one-line field: no line breaks or control characters (they would reach the support mail's lines). */
const singleLine = (max: number) =>
  required(max).refine((value) => !hasControlCharacters(value), MESSAGES.controlCharacters);

/** The public contact form (spec sections 3 and 5): name, e-mail, subject and message are required. */
export const ContactInput = z.object({
  fullName: singleLine(LIMITS.contactNameMax),
  emailAddress: z
    .string({ error: MESSAGES.contactRequired })
    .trim()
    .min(1, MESSAGES.contactRequired)
    .max(254, MESSAGES.invalidEmail)
    .refine(isValidEmail, MESSAGES.invalidEmail),
  phoneNumber: z
    .string()
    .trim()
    .max(32, MESSAGES.invalidPhone)
    .optional()
    .nullable()
    .transform((value, ctx) => {
      if (!value) return null;
      const result = normalizePhone(value);
      if (!result.ok) {
        ctx.addIssue({ code: 'custom', message: result.message });
        return z.NEVER;
      }
      return result.phone;
    }),
  role: z
    .enum(CONTACT_ROLES, { error: 'Please choose who you are.' })
    .optional()
    .nullable()
    .transform((value) => value ?? 'other'),
  subject: singleLine(LIMITS.contactSubjectMax),
  message: required(LIMITS.messageMaxLength),
});
export type ContactInput = z.input<typeof ContactInput>;
export type ContactMessage = z.output<typeof ContactInput>;

export const ContactResult = z.object({ message: z.string() });
export type ContactResult = z.infer<typeof ContactResult>;
