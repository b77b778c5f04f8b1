import { isValidEmail, LIMITS, MESSAGES, normalizePhone, parseUserType, USER_TYPES } from '@barterads/core';
import { z } from 'zod';
import { PublicUser } from './users';

export const EmailField = z
  .string({ error: MESSAGES.invalidEmail })
  .trim()
  .max(254, MESSAGES.invalidEmail)
  .refine(isValidEmail, MESSAGES.invalidEmail)
  .transform((email) => email.toLowerCase());

export const LoginInput = z.object({
  email: EmailField,
  password: z.string({ error: 'Password is required.' }).min(1, 'Password is required.').max(256),
});

const NewPassword = z
  .string({ error: MESSAGES.passwordTooShort })
  .min(LIMITS.passwordMin, MESSAGES.passwordTooShort)
  .max(256, 'Password must be at most 256 characters.');

function requiredText(label: string, max = 100) {
  return z
    .string({ error: `${label} is required.` })
    .trim()
    .min(1, `${label} is required.`)
    .max(max, `${label} must be at most ${max} characters.`);
}

/** Optional free text: blank becomes null. */
function optionalText(label: string, max: number) {
  return z
    .string()
    .trim()
    .max(max, `${label} must be at most ${max} characters.`)
    .nullish()
    .transform((value) => (value ? value : null));
}

/** A field of a partial update: absent stays absent, blank or null clears it. */
function patchText(label: string, max: number) {
  return z
    .string()
    .trim()
    .max(max, `${label} must be at most ${max} characters.`)
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

export const SendOtpInput = z.object({ email: EmailField });
export const SendOtpResult = z.object({ otp_token: z.string(), message: z.string() });

export const VerifyOtpInput = z.object({
  otp_token: z.string({ error: MESSAGES.otpSendFirst }).min(1, MESSAGES.otpSendFirst).max(200),
  otp: z
    .string({ error: MESSAGES.otpEnter })
    .trim()
    .min(1, MESSAGES.otpEnter)
    .regex(/^\d{6}$/, MESSAGES.otpInvalid),
});
export const VerifyOtpResult = z.object({ proof_token: z.string(), message: z.string() });

export const SignupInput = z.object({
  /** The proof_token of verify-otp; REST callers send it as the bearer token instead. */
  proofToken: z.string().max(200).optional(),
  userType: UserTypeField,
  email: EmailField,
  password: NewPassword,
  firstName: requiredText('First name'),
  lastName: requiredText('Last name'),
  /** The spec's client sends `name` too; it is derived from first and last name. */
  name: z.string().max(201).optional(),
  phoneNumber: PhoneField,
  companyName: optionalText('Company name', 200),
  description: optionalText('Description', 2000),
});
export type SignupInput = z.infer<typeof SignupInput>;

export const UpdateProfileInput = z
  .object({
    firstName: requiredText('First name').optional(),
    lastName: requiredText('Last name').optional(),
    email: EmailField.optional(),
    phoneNumber: z
      .string({ error: MESSAGES.invalidPhone })
      .max(40, MESSAGES.invalidPhone)
      .nullish()
      .transform((value, ctx) => {
        if (value === undefined) return undefined;
        if (value === null || value.trim() === '') return null;
        const result = normalizePhone(value);
        if (!result.ok) {
          ctx.addIssue({ code: 'custom', message: result.message });
          return z.NEVER;
        }
        return result.phone;
      }),
    companyName: patchText('Company name', 200),
    description: patchText('Description', 2000),
    /** Show my business page (on: /b/<id> is public and cards name the company). */
    showBusinessPage: z.boolean({ error: 'showBusinessPage must be true or false.' }).optional(),
  })
  .strip();
export type UpdateProfileInput = z.infer<typeof UpdateProfileInput>;

export const ChangePasswordInput = z.object({
  currentPassword: z.string({ error: MESSAGES.passwordFillBoth }).min(1, MESSAGES.passwordFillBoth).max(256),
  newPassword: z
    .string({ error: MESSAGES.passwordFillBoth })
    .min(1, MESSAGES.passwordFillBoth)
    .pipe(NewPassword),
});

export const SwitchRoleInput = z.object({ role: UserTypeField });

/** `showProfile` is part one's name of `showBusinessPage`: both say the same setting. */
export const Preferences = z.object({
  emailUpdates: z.boolean(),
  showProfile: z.boolean(),
  showBusinessPage: z.boolean(),
});
export const UpdatePreferencesInput = Preferences.partial();

export const VerifyEmailInput = VerifyOtpInput;

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
