import { trpc } from '@barterads/api-client';
import { isValidEmail, LIMITS, MESSAGES, normalizePhone, type UserType } from '@barterads/core';
import {
  Alert,
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
import { notifications } from '@mantine/notifications';
import { type FormEvent, useState } from 'react';
import { dismissSessionExpiredNotice } from '../../api';
import {
  EMPTY_PHONE,
  PhoneInput,
  type PhoneInputValue,
  phoneInputToString,
} from '../../components/PhoneInput';
import { failureMessage } from './messages';

interface Fields {
  userType: UserType;
  firstName: string;
  lastName: string;
  email: string;
  password: string;
  companyName: string;
  description: string;
}

type FieldErrors = Partial<Record<keyof Fields | 'phone' | 'otp', string>>;

export interface SignupFormProps {
  /** Called with the new user once the account exists (the session cookie is set). */
  onSignedUp(user: { role: string; userType: UserType }): void;
}

/**
 * Sign-up with e-mail verification (spec sections 2, 4, 5): send a code, Verify/Resend, then
 * 'Complete Signup' creates the account with the proof of the verified code.
 */
export function SignupForm({ onSignedUp }: SignupFormProps) {
  const utils = trpc.useUtils();
  const [fields, setFields] = useState<Fields>({
    userType: 'advertiser',
    firstName: '',
    lastName: '',
    email: '',
    password: '',
    companyName: '',
    description: '',
  });
  const [phone, setPhone] = useState<PhoneInputValue>(EMPTY_PHONE);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [otpToken, setOtpToken] = useState<string | null>(null);
  const [otp, setOtp] = useState('');
  const [otpInfo, setOtpInfo] = useState<{ color: 'green' | 'red'; text: string } | null>(null);
  /** The e-mail the code was sent to / verified for. */
  const [codeEmail, setCodeEmail] = useState<string | null>(null);
  const [proofToken, setProofToken] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);

  const verified = Boolean(proofToken) && codeEmail === fields.email.trim().toLowerCase();

  const sendOtp = trpc.accounts.sendEmailOtp.useMutation({
    onSuccess: ({ otp_token }, { email }) => {
      setOtpToken(otp_token);
      setCodeEmail(email.toLowerCase());
      setProofToken(null);
      setOtp('');
      setOtpInfo({ color: 'green', text: MESSAGES.otpSent });
      notifications.show({ color: 'green', message: MESSAGES.otpSent });
    },
    onError: (error) => {
      const text = failureMessage(error, (status) => `Failed (${status})`, MESSAGES.otpSendFailed);
      setOtpInfo({ color: 'red', text });
      notifications.show({ color: 'red', message: text });
    },
  });
  const verifyOtp = trpc.accounts.verifyOtp.useMutation({
    onSuccess: ({ proof_token }) => {
      setProofToken(proof_token);
      setOtpInfo({ color: 'green', text: MESSAGES.otpVerified });
      setErrors((e) => ({ ...e, otp: undefined }));
    },
    onError: (error) => {
      setOtpInfo({
        color: 'red',
        text: failureMessage(error, () => MESSAGES.otpVerifyFailed, MESSAGES.otpVerifyFailed),
      });
    },
  });
  const signup = trpc.accounts.signup.useMutation({
    onSuccess: ({ user }) => {
      utils.accounts.session.setData(undefined, { user });
      dismissSessionExpiredNotice();
      onSignedUp(user);
    },
    onError: (error) => setFormError(failureMessage(error, (status) => `Signup failed (HTTP ${status})`)),
  });

  const set =
    <K extends keyof Fields>(name: K) =>
    (event: { currentTarget: { value: string } }) => {
      const value = event.currentTarget.value as Fields[K];
      setFields((f) => ({ ...f, [name]: value }));
      setErrors((e) => ({ ...e, [name]: undefined }));
    };

  const onSend = () => {
    const email = fields.email.trim();
    if (!isValidEmail(email)) {
      setErrors((e) => ({ ...e, email: MESSAGES.invalidEmail }));
      return;
    }
    setErrors((e) => ({ ...e, email: undefined }));
    sendOtp.mutate({ email });
  };

  const onVerify = () => {
    if (!otpToken) return setOtpInfo({ color: 'red', text: MESSAGES.otpSendFirst });
    if (!otp.trim()) return setErrors((e) => ({ ...e, otp: MESSAGES.otpEnter }));
    verifyOtp.mutate({ otp_token: otpToken, otp: otp.trim() });
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    const found: FieldErrors = {};
    if (!fields.firstName.trim()) found.firstName = 'First name is required.';
    if (!fields.lastName.trim()) found.lastName = 'Last name is required.';
    const email = fields.email.trim();
    if (!isValidEmail(email)) found.email = MESSAGES.invalidEmail;
    if (fields.password.length < LIMITS.passwordMin) found.password = MESSAGES.passwordTooShort;
    const normalized = normalizePhone(phoneInputToString(phone));
    if (!normalized.ok) found.phone = MESSAGES.invalidPhone;
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    if (!proofToken) return setFormError(MESSAGES.otpRequired);
    if (codeEmail !== email.toLowerCase()) return setFormError(MESSAGES.invalidEmailOnSubmit);
    signup.mutate({
      proofToken,
      userType: fields.userType,
      email,
      password: fields.password,
      firstName: fields.firstName.trim(),
      lastName: fields.lastName.trim(),
      name: `${fields.firstName.trim()} ${fields.lastName.trim()}`,
      phoneNumber: normalized.ok ? normalized.phone : '',
      companyName: fields.companyName,
      description: fields.description,
    });
  };

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Sign up">
      <Stack>
        {formError ? (
          <Alert color="red" role="alert">
            {formError}
          </Alert>
        ) : null}
        <Radio.Group
          label="I am"
          required
          value={fields.userType}
          onChange={(value) => setFields((f) => ({ ...f, userType: value as UserType }))}
        >
          <Group mt={6}>
            <Radio value="advertiser" label="Advertiser" />
            <Radio value="media_owner" label="Media Owner" />
          </Group>
        </Radio.Group>
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          <TextInput
            label="First name"
            required
            autoComplete="given-name"
            value={fields.firstName}
            onChange={set('firstName')}
            error={errors.firstName}
          />
          <TextInput
            label="Last name"
            required
            autoComplete="family-name"
            value={fields.lastName}
            onChange={set('lastName')}
            error={errors.lastName}
          />
        </SimpleGrid>
        <Stack gap={6}>
          <Group align="flex-end" gap="xs" wrap="nowrap">
            <TextInput
              style={{ flex: 1 }}
              label="Email"
              type="email"
              required
              autoComplete="email"
              placeholder="name@example.com"
              value={fields.email}
              onChange={set('email')}
              error={errors.email}
              rightSection={
                verified ? (
                  <Text c="green" fz="lg" aria-label="verified">
                    ✓
                  </Text>
                ) : null
              }
            />
            {!otpToken ? (
              <Button variant="light" onClick={onSend} loading={sendOtp.isPending} mb={errors.email ? 22 : 0}>
                Send OTP
              </Button>
            ) : null}
          </Group>
          {otpToken && !verified ? (
            <Group align="flex-end" gap="xs" wrap="wrap">
              <TextInput
                style={{ flex: 1, minWidth: 140 }}
                label="OTP"
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={LIMITS.otpLength}
                value={otp}
                onChange={(e) => {
                  setOtp(e.currentTarget.value.replace(/\D/g, ''));
                  setErrors((x) => ({ ...x, otp: undefined }));
                }}
                error={errors.otp}
              />
              <Button onClick={onVerify} loading={verifyOtp.isPending}>
                Verify
              </Button>
              <Button variant="default" onClick={onSend} loading={sendOtp.isPending}>
                Resend
              </Button>
            </Group>
          ) : null}
          {otpToken && codeEmail !== fields.email.trim().toLowerCase() ? (
            <Text fz="sm" c="orange">
              The e-mail changed: send a new code to verify it.{' '}
              <Button variant="subtle" size="compact-sm" onClick={onSend} loading={sendOtp.isPending}>
                Send OTP
              </Button>
            </Text>
          ) : null}
          {otpInfo ? (
            <Text fz="sm" c={otpInfo.color} role={otpInfo.color === 'red' ? 'alert' : 'status'}>
              {otpInfo.text}
            </Text>
          ) : null}
        </Stack>
        <PasswordInput
          label="Password"
          required
          autoComplete="new-password"
          description={`At least ${LIMITS.passwordMin} characters`}
          value={fields.password}
          onChange={set('password')}
          error={errors.password}
        />
        <PhoneInput
          label="Phone"
          required
          value={phone}
          onChange={(value) => {
            setPhone(value);
            setErrors((e) => ({ ...e, phone: undefined }));
          }}
          error={errors.phone}
        />
        <TextInput
          label="Company name"
          autoComplete="organization"
          value={fields.companyName}
          onChange={set('companyName')}
        />
        <Textarea
          label="Description"
          autosize
          minRows={2}
          maxRows={6}
          value={fields.description}
          onChange={set('description')}
        />
        <Button type="submit" fullWidth loading={signup.isPending}>
          {verified ? 'Complete Signup' : 'Create account'}
        </Button>
      </Stack>
    </form>
  );
}
