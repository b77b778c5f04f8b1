import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../messages';
import { ChangePasswordForm, ContactFields, ProfileFields, SignupFields } from './index';

/** The first message per field, as @mantine/form's schemaResolver shows them. */
function fieldErrors(result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) {
  const errors: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) {
    const key = issue.path.map(String).join('.');
    errors[key] ??= issue.message;
  }
  return errors;
}

describe('shared form schemas', () => {
  it('sign-up: the server messages, one per field', () => {
    const errors = fieldErrors(
      SignupFields.safeParse({
        userType: 'advertiser',
        email: 'x',
        password: '123',
        firstName: ' ',
        lastName: '',
        phoneNumber: '12',
      }),
    );
    expect(errors).toEqual({
      email: MESSAGES.invalidEmail,
      password: MESSAGES.passwordTooShort,
      firstName: 'First name is required.',
      lastName: 'Last name is required.',
      phoneNumber: MESSAGES.invalidPhone,
    });
  });

  it('contact: each missing field names what it lacks, never the same sentence twice', () => {
    const errors = fieldErrors(
      ContactFields.safeParse({ fullName: '', emailAddress: ' ', subject: '', message: '' }),
    );
    expect(errors).toEqual({
      fullName: MESSAGES.contactNameRequired,
      emailAddress: MESSAGES.contactEmailRequired,
      subject: MESSAGES.contactSubjectRequired,
      message: MESSAGES.contactMessageRequired,
    });
    expect(new Set(Object.values(errors)).size).toBe(4);
    const parsed = ContactFields.parse({
      fullName: 'Meera',
      emailAddress: 'meera@brand.in',
      phoneNumber: '',
      subject: 'Hi',
      message: 'Hello',
    });
    expect(parsed).toMatchObject({ phoneNumber: null, role: 'other' });
  });

  it('profile: blank optional fields clear, a blank name is refused, the phone is normalized', () => {
    expect(fieldErrors(ProfileFields.safeParse({ firstName: '' }))).toEqual({
      firstName: 'First name is required.',
    });
    expect(ProfileFields.parse({ phoneNumber: '98765 43210', companyName: ' ' })).toEqual({
      phoneNumber: '+919876543210',
      companyName: null,
    });
  });

  it('change password: the confirmation must match, under the confirmation field', () => {
    const errors = fieldErrors(
      ChangePasswordForm.safeParse({
        currentPassword: 'old-pass',
        newPassword: 'new-pass-1',
        confirmPassword: 'new-pass-2',
      }),
    );
    expect(errors).toEqual({ confirmPassword: MESSAGES.passwordMismatch });
  });
});
