import { z } from 'zod';
import { CONTACT_ROLES, isValidEmail, LIMITS } from '../constants';
import { MESSAGES } from '../messages';
import { optionalPhone, requiredText, singleLineText } from './fields';

/**
 * The public contact form (spec sections 3 and 5): name, e-mail, subject and message are required; name and subject
 * are one line (they reach the support mail's lines).
 */
export const ContactFields = z.object({
  fullName: singleLineText('Name', LIMITS.contactNameMax, MESSAGES.contactNameRequired),
  emailAddress: z
    .string({ error: MESSAGES.contactEmailRequired })
    .trim()
    .min(1, { error: MESSAGES.contactEmailRequired, abort: true })
    .max(254, MESSAGES.invalidEmail)
    .refine(isValidEmail, MESSAGES.invalidEmail),
  phoneNumber: optionalPhone(32).transform((value) => value ?? null),
  role: z
    .enum(CONTACT_ROLES, { error: 'Please choose who you are.' })
    .optional()
    .nullable()
    .transform((value) => value ?? 'other'),
  subject: singleLineText('Subject', LIMITS.contactSubjectMax, MESSAGES.contactSubjectRequired),
  message: requiredText('Message', LIMITS.messageMaxLength, MESSAGES.contactMessageRequired),
});
export type ContactFields = z.input<typeof ContactFields>;
