import { LANGUAGES, MESSAGES } from '@barterads/core';
import {
  BusinessAddressFields,
  ChangePasswordFields,
  EmailField,
  NewPasswordField,
  ProfileFields,
  SignupFields,
  UserTypeField,
} from '@barterads/core/forms';
import { z } from 'zod';
import { PublicUser } from './users';

export const LoginInput = z.object({
  email: EmailField,
  password: z.string({ error: 'Password is required.' }).min(1, 'Password is required.').max(256),
});

export const SendOtpInput = z.object({ email: EmailField });
export const SendOtpResult = z.object({ otp_token: z.string(), message: z.string() });

export const VerifyOtpInput = z.object({
  otp_token: z.string({ error: MESSAGES.otpSendFirst }).min(1, MESSAGES.otpSendFirst).max(200),
  otp: z
    .string({ error: MESSAGES.otpEnter })
    .trim()
    .min(1, MESSAGES.otpEnter)
    .regex(/^\d{6}$/, MESSAGES.otpCodeFormat),
});
export const VerifyOtpResult = z.object({ proof_token: z.string(), message: z.string() });

export const SignupInput = SignupFields.extend({
  /** The proof_token of verify-otp; REST callers send it as the bearer token instead. */
  proofToken: z.string().max(200).optional(),
  /** The spec's client sends `name` too; it is derived from first and last name. */
  name: z.string().max(201).optional(),
});
export type SignupInput = z.infer<typeof SignupInput>;

export const UpdateProfileInput = ProfileFields.extend({
  /** Show my business page (on: /b/<id> is public and cards name the company). */
  showBusinessPage: z.boolean({ error: 'showBusinessPage must be true or false.' }).optional(),
  /** The member's language (issue 33): the web app's, their e-mails' and WhatsApp messages'. */
  language: z.enum(LANGUAGES, { error: 'language must be en, hi or mr.' }).optional(),
  /**
   * The business address its tax invoices name (product-spec-3 section 1, rule 46): `{ line, city, pin, state }`
   * (a 6-digit PIN of the state's postal circle; the GSTIN's state when GST verified), or null to remove it.
   */
  businessAddress: BusinessAddressFields.nullable().optional(),
  /** My aggregate turnover is above the e-invoicing threshold (the e-invoice JSON of my legs is offered). */
  einvoicing: z.boolean({ error: 'einvoicing must be true or false.' }).optional(),
}).strip();
export type UpdateProfileInput = z.infer<typeof UpdateProfileInput>;

export const ChangePasswordInput = ChangePasswordFields;

export const SwitchRoleInput = z.object({ role: UserTypeField });

/** `showProfile` is part one's name of `showBusinessPage`: both say the same setting. */
export const Preferences = z.object({
  emailUpdates: z.boolean(),
  showProfile: z.boolean(),
  showBusinessPage: z.boolean(),
});
export const UpdatePreferencesInput = Preferences.partial();

/** E-mail change: the current password and the new address; a code goes to it. */
export const RequestEmailChangeInput = z.object({
  newEmail: EmailField,
  password: z.string({ error: 'Please enter your password.' }).min(1, 'Please enter your password.').max(256),
});
export const ConfirmEmailChangeInput = VerifyOtpInput;

/** Forgot password: a code to the address, then the code and a new password. */
export const RequestPasswordResetInput = z.object({ email: EmailField });
export const ResetPasswordInput = VerifyOtpInput.extend({ newPassword: NewPasswordField });

export const AuthResult = z.object({ token: z.string(), user: PublicUser, message: z.string() });
export const UserResult = z.object({ user: PublicUser });
export const UserMessageResult = z.object({ user: PublicUser, message: z.string() });
export const MessageResult = z.object({ message: z.string() });
export const SessionResult = z.object({ user: PublicUser.nullable() });

/** Data rights: erasing the account re-checks the password. */
export const DeleteAccountInput = z.object({
  password: z
    .string({ error: 'Please enter your password to confirm.' })
    .min(1, 'Please enter your password to confirm.')
    .max(256),
});
export const DeleteAccountResult = z.object({ message: z.string() });
