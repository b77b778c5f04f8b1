import { trpc } from '@barterads/api-client';
import { LIMITS, MESSAGES, type UserType } from '@barterads/core';
import { SignupFields } from '@barterads/core/forms';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  Alert,
  Anchor,
  Button,
  Group,
  PasswordInput,
  Radio,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { dismissSessionExpiredNotice } from '../../api';
import { applyServerIssues, useSecondsLeft } from '../../components/forms';
import {
  EMPTY_PHONE,
  PhoneInput,
  type PhoneInputValue,
  phoneInputToString,
} from '../../components/PhoneInput';
import { translateFormErrors, useCoreText, usePageLanguage } from '../../i18n/core-text';
import { failureMessage } from './messages';

interface SignupValues {
  userType: UserType;
  firstName: string;
  lastName: string;
  email: string;
  password: string;
  phoneNumber: PhoneInputValue;
  companyName: string;
  description: string;
}

const FIELDS = [
  'userType',
  'firstName',
  'lastName',
  'email',
  'password',
  'phoneNumber',
  'companyName',
  'description',
] as const;

/** Seconds before another code can be asked for (the server allows 5 an hour per address). */
export const RESEND_COOLDOWN_SECONDS = 30;

/** The server's sign-up schema, shared through @barterads/core/forms, run on what the form will send. */
const resolveSignup = schemaResolver(SignupFields, { sync: true });
const toInput = (values: SignupValues) => ({
  ...values,
  phoneNumber: phoneInputToString(values.phoneNumber),
});

export interface SignupFormProps {
  /** Called with the new user once the account exists (the session cookie is set). */
  onSignedUp(user: { role: string; userType: UserType }): void;
}

/**
 * Sign-up with e-mail verification (spec sections 2, 4, 5): send a code, Verify/Resend (with a cool-down),
 * then 'Complete Signup' creates the account with the proof of the verified code. Fields are checked with the
 * server's own schema; every outcome is said once, next to what it is about.
 */
export function SignupForm({ onSignedUp }: SignupFormProps) {
  const { t } = useLingui();
  const core = useCoreText();
  const language = usePageLanguage();
  const utils = trpc.useUtils();
  const form = useForm<SignupValues>({
    mode: 'controlled',
    initialValues: {
      userType: 'advertiser',
      firstName: '',
      lastName: '',
      email: '',
      password: '',
      phoneNumber: EMPTY_PHONE,
      companyName: '',
      description: '',
    },
    // The shared schema's messages are core's English ones: shown in the page's language.
    validate: (values) => translateFormErrors(resolveSignup(toInput(values)), core),
  });
  const [otpToken, setOtpToken] = useState<string | null>(null);
  const [otp, setOtp] = useState('');
  const [otpError, setOtpError] = useState<string | null>(null);
  const [otpInfo, setOtpInfo] = useState<{ color: 'green' | 'red'; text: string } | null>(null);
  /** The e-mail the code was sent to / verified for. */
  const [codeEmail, setCodeEmail] = useState<string | null>(null);
  const [proofToken, setProofToken] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [resendAt, setResendAt] = useState<number | null>(null);
  const resendIn = useSecondsLeft(resendAt);

  const email = form.values.email.trim().toLowerCase();
  const verified = Boolean(proofToken) && codeEmail === email;

  const sendOtp = trpc.accounts.sendEmailOtp.useMutation({
    onSuccess: ({ otp_token }, { email: sentTo }) => {
      setOtpToken(otp_token);
      setCodeEmail(sentTo.toLowerCase());
      setProofToken(null);
      setOtp('');
      setOtpError(null);
      // The same words whether or not the address has an account: its mail says which (no existence oracle).
      setOtpInfo({ color: 'green', text: core(MESSAGES.otpCheckMail) });
      setResendAt(Date.now() + RESEND_COOLDOWN_SECONDS * 1000);
    },
    onError: (error) => {
      if (applyServerIssues(form, error, ['email'])) return setOtpInfo(null);
      setOtpInfo({
        color: 'red',
        text: failureMessage(error, (status) => t`Failed (${status})`, core(MESSAGES.otpSendFailed)),
      });
    },
  });
  const verifyOtp = trpc.accounts.verifyOtp.useMutation({
    onSuccess: ({ proof_token }) => {
      setProofToken(proof_token);
      setOtpError(null);
      setOtpInfo({ color: 'green', text: core(MESSAGES.otpVerified) });
    },
    onError: (error) => {
      setOtpInfo(null);
      setOtpError(
        failureMessage(error, () => core(MESSAGES.otpVerifyFailed), core(MESSAGES.otpVerifyFailed)),
      );
    },
  });
  const signup = trpc.accounts.signup.useMutation({
    onSuccess: ({ user }) => {
      utils.accounts.session.setData(undefined, { user });
      dismissSessionExpiredNotice();
      onSignedUp(user);
    },
    onError: (error) => {
      if (applyServerIssues(form, error, FIELDS)) return;
      setFormError(
        failureMessage(error, (status) => t`Signup failed (HTTP ${status})`, core(MESSAGES.networkError)),
      );
    },
  });

  const onSend = () => {
    if (form.validateField('email').hasError) return;
    sendOtp.mutate({ email: form.values.email.trim() });
  };

  const onVerify = () => {
    if (!otpToken) return setOtpInfo({ color: 'red', text: core(MESSAGES.otpSendFirst) });
    if (!otp.trim()) return setOtpError(core(MESSAGES.otpEnter));
    verifyOtp.mutate({ otp_token: otpToken, otp: otp.trim() });
  };

  const onSubmit = form.onSubmit((values) => {
    setFormError(null);
    if (!proofToken) return setFormError(core(MESSAGES.otpRequired));
    if (codeEmail !== values.email.trim().toLowerCase())
      return setFormError(core(MESSAGES.invalidEmailOnSubmit));
    const input = toInput(values);
    signup.mutate({
      ...input,
      proofToken,
      email: values.email.trim(),
      firstName: values.firstName.trim(),
      lastName: values.lastName.trim(),
      name: `${values.firstName.trim()} ${values.lastName.trim()}`,
      // The language the account is made in: its e-mails and, on sign-in, the app follow it.
      language,
    });
  });

  const resendLabel = resendIn > 0 ? t`Resend in ${resendIn} s` : t`Resend`;

  return (
    <form onSubmit={onSubmit} noValidate aria-label={t`Sign up`}>
      <Stack>
        {formError ? (
          <Alert color="red" role="alert">
            {formError}
          </Alert>
        ) : null}
        <Radio.Group label={t`I am`} required {...form.getInputProps('userType')}>
          <Group mt={6}>
            <Radio value="advertiser" label={core('Advertiser')} />
            <Radio value="media_owner" label={core('Media Owner')} />
          </Group>
        </Radio.Group>
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          <TextInput
            label={t`First name`}
            required
            autoComplete="given-name"
            {...form.getInputProps('firstName')}
          />
          <TextInput
            label={t`Last name`}
            required
            autoComplete="family-name"
            {...form.getInputProps('lastName')}
          />
        </SimpleGrid>
        <Stack gap={6}>
          <Group align="flex-end" gap="xs" wrap="nowrap">
            <TextInput
              style={{ flex: 1 }}
              label={t`Email`}
              type="email"
              required
              autoComplete="email"
              placeholder="name@example.com"
              {...form.getInputProps('email')}
              rightSection={
                verified ? (
                  <Text c="green" fz="lg" aria-label={t`verified`}>
                    ✓
                  </Text>
                ) : null
              }
            />
            {!otpToken ? (
              <Button
                variant="light"
                onClick={onSend}
                loading={sendOtp.isPending}
                mb={form.errors.email ? 22 : 0}
              >
                <Trans>Send OTP</Trans>
              </Button>
            ) : null}
          </Group>
          {otpToken && !verified && codeEmail === email ? (
            <Group align="flex-start" gap="xs" wrap="wrap">
              <TextInput
                style={{ flex: 1, minWidth: 140 }}
                label="OTP"
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={LIMITS.otpLength}
                // While a new code is on its way the field and Verify wait for its answer: that answer brings the
                // token the new code pairs with, and clears the field. Its mail can land first (a slow connection),
                // and a code typed then was checked against the old token ("Wrong code") and wiped.
                disabled={sendOtp.isPending}
                value={otp}
                onChange={(e) => {
                  setOtp(e.currentTarget.value.replace(/\D/g, ''));
                  setOtpError(null);
                }}
                error={otpError}
              />
              <Group gap="xs" mt={25}>
                <Button onClick={onVerify} loading={verifyOtp.isPending} disabled={sendOtp.isPending}>
                  <Trans>Verify</Trans>
                </Button>
                <Button
                  variant="default"
                  onClick={onSend}
                  loading={sendOtp.isPending}
                  disabled={resendIn > 0}
                  aria-label={resendIn > 0 ? t`Resend, possible in ${resendIn} seconds` : t`Resend`}
                >
                  {resendLabel}
                </Button>
              </Group>
            </Group>
          ) : null}
          {otpToken && codeEmail !== email ? (
            <Text fz="sm" c="orange">
              <Trans>The e-mail changed: send a new code to verify it.</Trans>{' '}
              <Button
                variant="subtle"
                size="compact-sm"
                onClick={onSend}
                loading={sendOtp.isPending}
                disabled={resendIn > 0}
              >
                {resendIn > 0 ? t`Send OTP in ${resendIn} s` : t`Send OTP`}
              </Button>
            </Text>
          ) : null}
          {otpInfo && (codeEmail === email || otpInfo.color === 'red') ? (
            <Text fz="sm" c={otpInfo.color} role={otpInfo.color === 'red' ? 'alert' : 'status'}>
              {otpInfo.text}
            </Text>
          ) : null}
        </Stack>
        <PasswordInput
          label={t`Password`}
          required
          autoComplete="new-password"
          description={t`At least ${LIMITS.passwordMin} characters`}
          {...form.getInputProps('password')}
        />
        <PhoneInput
          label={t`Phone`}
          required
          value={form.values.phoneNumber}
          onChange={(value) => form.setFieldValue('phoneNumber', value)}
          error={form.errors.phoneNumber as string | undefined}
        />
        <TextInput
          label={t`Company name`}
          autoComplete="organization"
          {...form.getInputProps('companyName')}
        />
        <Textarea
          label={t`Description`}
          autosize
          minRows={2}
          maxRows={6}
          {...form.getInputProps('description')}
        />
        <Text fz="sm" c="dimmed">
          <Trans>
            By creating an account you agree to the{' '}
            <Anchor component={Link} to="/terms" fz="sm">
              Terms and Conditions
            </Anchor>{' '}
            and consent to the processing of your personal data as described in the{' '}
            <Anchor component={Link} to="/privacy-policy" fz="sm">
              Privacy Policy
            </Anchor>
            .
          </Trans>
        </Text>
        <Button type="submit" fullWidth loading={signup.isPending}>
          {verified ? t`Complete Signup` : t`Create account`}
        </Button>
      </Stack>
    </form>
  );
}
