import { z } from 'zod';
import { MESSAGES } from '../messages';
import {
  EmailField,
  NewPasswordField,
  optionalPhone,
  optionalText,
  PhoneField,
  patchText,
  singleLineText,
  UserTypeField,
} from './fields';

/** The fields of the sign-up form; the server's sign-up input adds the proof of the verified e-mail. */
export const SignupFields = z.object({
  userType: UserTypeField,
  email: EmailField,
  password: NewPasswordField,
  firstName: singleLineText('First name'),
  lastName: singleLineText('Last name'),
  phoneNumber: PhoneField,
  companyName: optionalText('Company name', 200, true),
  description: optionalText('Description', 2000),
});
export type SignupFields = z.input<typeof SignupFields>;

/** The profile of account settings: a partial update (absent stays, blank clears the optional fields). */
export const ProfileFields = z
  .object({
    firstName: singleLineText('First name').optional(),
    lastName: singleLineText('Last name').optional(),
    email: EmailField.optional(),
    phoneNumber: optionalPhone(),
    companyName: patchText('Company name', 200, true),
    description: patchText('Description', 2000),
  })
  .strip();
export type ProfileFields = z.input<typeof ProfileFields>;

/** What the server needs to change a password. */
export const ChangePasswordFields = z.object({
  currentPassword: z.string({ error: MESSAGES.passwordFillBoth }).min(1, MESSAGES.passwordFillBoth).max(256),
  newPassword: z
    .string({ error: MESSAGES.passwordFillBoth })
    .min(1, MESSAGES.passwordFillBoth)
    .pipe(NewPasswordField),
});

/** The change-password form: the server's fields and the confirmation, which must match. */
export const ChangePasswordForm = ChangePasswordFields.extend({
  confirmPassword: z.string(),
}).refine((values) => values.newPassword === values.confirmPassword, {
  message: MESSAGES.passwordMismatch,
  path: ['confirmPassword'],
});
export type ChangePasswordForm = z.input<typeof ChangePasswordForm>;
