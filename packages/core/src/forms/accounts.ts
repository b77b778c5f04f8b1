import { z } from 'zod';
import { MESSAGES } from '../messages';
import {
  EmailField,
  NewPasswordField,
  optionalPhone,
  optionalText,
  PhoneField,
  patchText,
  requiredText,
  UserTypeField,
} from './fields';

/** The fields of the sign-up form; the server's sign-up input adds the proof of the verified e-mail. */
export const SignupFields = z.object({
  userType: UserTypeField,
  email: EmailField,
  password: NewPasswordField,
  firstName: requiredText('First name'),
  lastName: requiredText('Last name'),
  phoneNumber: PhoneField,
  companyName: optionalText('Company name', 200),
  description: optionalText('Description', 2000),
});
export type SignupFields = z.input<typeof SignupFields>;

/** The profile of account settings: a partial update (absent stays, blank clears the optional fields). */
export const ProfileFields = z
  .object({
    firstName: requiredText('First name').optional(),
    lastName: requiredText('Last name').optional(),
    email: EmailField.optional(),
    phoneNumber: optionalPhone(),
    companyName: patchText('Company name', 200),
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
