import { Alert, Anchor, Button, Group, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { type FormEvent, useState } from 'react';

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
}

/**
 * Forgot password, the same on the web and admin sign-in pages: the address, then the mailed code and a new
 * password. Data fetching stays in the apps (they pass the two calls).
 */
export function ForgotPassword(props: ForgotPasswordProps) {
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
      setError('Please enter your e-mail address.');
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
      setError('Please enter the 6-digit code from the e-mail.');
      return;
    }
    if (password.length < props.minPasswordLength) {
      setError(`The new password must be at least ${props.minPasswordLength} characters.`);
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
        Reset your password
      </Title>
      {error ? (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      ) : null}
      {sent ? (
        <form onSubmit={reset} noValidate aria-label="Set a new password">
          <Stack>
            <Text role="status" fz="sm">
              {sent.message}
            </Text>
            <TextInput
              label="Code from the e-mail"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              required
              value={code}
              onChange={(e) => setCode(e.currentTarget.value)}
            />
            <PasswordInput
              label="New password"
              autoComplete="new-password"
              required
              value={password}
              onChange={(e) => setPassword(e.currentTarget.value)}
              description={`At least ${props.minPasswordLength} characters. You will be signed out everywhere.`}
              visibilityToggleButtonProps={{ 'aria-label': 'Show or hide password' }}
            />
            <Button type="submit" loading={busy} fullWidth>
              Set new password
            </Button>
            <Group justify="space-between">
              <Anchor component="button" type="button" fz="sm" onClick={() => sendCode()}>
                Send a new code
              </Anchor>
              <Anchor component="button" type="button" fz="sm" onClick={() => props.onBack()}>
                Back to sign in
              </Anchor>
            </Group>
          </Stack>
        </form>
      ) : (
        <form onSubmit={sendCode} noValidate aria-label="Send a reset code">
          <Stack>
            <Text fz="sm">Enter the e-mail address of your account and we will send you a code.</Text>
            <TextInput
              label="Email"
              type="email"
              autoComplete="email"
              required
              value={email}
              onChange={(e) => setEmail(e.currentTarget.value)}
            />
            <Button type="submit" loading={busy} fullWidth>
              Send code
            </Button>
            <Anchor component="button" type="button" fz="sm" onClick={() => props.onBack()}>
              Back to sign in
            </Anchor>
          </Stack>
        </form>
      )}
    </Stack>
  );
}
