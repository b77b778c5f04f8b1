import { Alert, Anchor, Button, Group, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { type FormEvent, useState } from 'react';

/** The form's words: English by default (englishForgotPasswordLabels); an app with catalogues passes its own. */
export interface ForgotPasswordLabels {
  title: string;
  sendCodeForm: string;
  intro: string;
  email: string;
  sendCode: string;
  enterEmail: string;
  setPasswordForm: string;
  code: string;
  enterCode: string;
  newPassword: string;
  newPasswordHint: string;
  passwordTooShort: string;
  showHidePassword: string;
  setNewPassword: string;
  sendNewCode: string;
  backToSignIn: string;
}

/** The form's English words (`minPasswordLength` characters at least for the new password). */
export function englishForgotPasswordLabels(minPasswordLength: number): ForgotPasswordLabels {
  return {
    title: 'Reset your password',
    sendCodeForm: 'Send a reset code',
    intro: 'Enter the e-mail address of your account and we will send you a code.',
    email: 'Email',
    sendCode: 'Send code',
    enterEmail: 'Please enter your e-mail address.',
    setPasswordForm: 'Set a new password',
    code: 'Code from the e-mail',
    enterCode: 'Please enter the 6-digit code from the e-mail.',
    newPassword: 'New password',
    newPasswordHint: `At least ${minPasswordLength} characters. You will be signed out everywhere.`,
    passwordTooShort: `The new password must be at least ${minPasswordLength} characters.`,
    showHidePassword: 'Show or hide password',
    setNewPassword: 'Set new password',
    sendNewCode: 'Send a new code',
    backToSignIn: 'Back to sign in',
  };
}

export interface ForgotPasswordProps {
  /** Mails a code to the address (the answer is the same whether or not it has an account). */
  requestCode(email: string): Promise<{ otp_token: string; message: string }>;
  resetPassword(input: { otp_token: string; otp: string; newPassword: string }): Promise<{ message: string }>;
  /** The text to show for a failed call (the server's message). */
  describeError(error: unknown): string;
  /** Back to the sign-in form; `email` when the password was changed. */
  onBack(result?: { email: string; message: string }): void;
  initialEmail?: string;
  minPasswordLength: number;
  /** The words in the page's language; English when not given. */
  labels?: ForgotPasswordLabels;
}

/**
 * Forgot password, the same on the web and admin sign-in pages: the address, then the mailed code and a new
 * password. Data fetching stays in the apps (they pass the two calls).
 */
export function ForgotPassword(props: ForgotPasswordProps) {
  const labels = props.labels ?? englishForgotPasswordLabels(props.minPasswordLength);
  const [email, setEmail] = useState(props.initialEmail ?? '');
  const [sent, setSent] = useState<{ otp_token: string; message: string } | null>(null);
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function run(action: () => Promise<void>) {
    setBusy(true);
    setError(null);
    try {
      await action();
    } catch (failure) {
      setError(props.describeError(failure));
    } finally {
      setBusy(false);
    }
  }

  const sendCode = (event?: FormEvent) => {
    event?.preventDefault();
    if (!email.trim()) {
      setError(labels.enterEmail);
      return;
    }
    void run(async () => {
      setSent(await props.requestCode(email.trim()));
      setCode('');
    });
  };

  const reset = (event: FormEvent) => {
    event.preventDefault();
    if (!sent) return;
    if (!/^\d{6}$/.test(code.trim())) {
      setError(labels.enterCode);
      return;
    }
    if (password.length < props.minPasswordLength) {
      setError(labels.passwordTooShort);
      return;
    }
    void run(async () => {
      const result = await props.resetPassword({
        otp_token: sent.otp_token,
        otp: code.trim(),
        newPassword: password,
      });
      props.onBack({ email: email.trim(), message: result.message });
    });
  };

  return (
    <Stack>
      <Title order={1} fz="h2">
        {labels.title}
      </Title>
      {error ? (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      ) : null}
      {sent ? (
        <form onSubmit={reset} noValidate aria-label={labels.setPasswordForm}>
          <Stack>
            <Text role="status" fz="sm">
              {sent.message}
            </Text>
            <TextInput
              label={labels.code}
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              required
              value={code}
              onChange={(e) => setCode(e.currentTarget.value)}
            />
            <PasswordInput
              label={labels.newPassword}
              autoComplete="new-password"
              required
              value={password}
              onChange={(e) => setPassword(e.currentTarget.value)}
              description={labels.newPasswordHint}
              visibilityToggleButtonProps={{ 'aria-label': labels.showHidePassword }}
            />
            <Button type="submit" loading={busy} fullWidth>
              {labels.setNewPassword}
            </Button>
            <Group justify="space-between">
              <Anchor component="button" type="button" fz="sm" onClick={() => sendCode()}>
                {labels.sendNewCode}
              </Anchor>
              <Anchor component="button" type="button" fz="sm" onClick={() => props.onBack()}>
                {labels.backToSignIn}
              </Anchor>
            </Group>
          </Stack>
        </form>
      ) : (
        <form onSubmit={sendCode} noValidate aria-label={labels.sendCodeForm}>
          <Stack>
            <Text fz="sm">{labels.intro}</Text>
            <TextInput
              label={labels.email}
              type="email"
              autoComplete="email"
              required
              value={email}
              onChange={(e) => setEmail(e.currentTarget.value)}
            />
            <Button type="submit" loading={busy} fullWidth>
              {labels.sendCode}
            </Button>
            <Anchor component="button" type="button" fz="sm" onClick={() => props.onBack()}>
              {labels.backToSignIn}
            </Anchor>
          </Stack>
        </form>
      )}
    </Stack>
  );
}
