import { errorMessage, trpc } from '@barterads/api-client';
import { isValidEmail, MESSAGES } from '@barterads/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Button, Modal, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { type FormEvent, useState } from 'react';
import { useCoreText } from '../../i18n/core-text';

/**
 * Changing the sign-in address: the current password and the new address, then the code mailed to it. The
 * change applies only when the code is entered; the old address is told.
 */
export function ChangeEmailDialog({ currentEmail }: { currentEmail: string }) {
  const { t } = useLingui();
  const core = useCoreText();
  const [opened, { open, close }] = useDisclosure(false);
  const utils = trpc.useUtils();
  const [newEmail, setNewEmail] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [sent, setSent] = useState<{ otp_token: string; message: string } | null>(null);
  const [localError, setLocalError] = useState<string | null>(null);
  const request = trpc.accounts.requestEmailChange.useMutation({
    onSuccess: (result) => {
      setSent(result);
      setPassword('');
    },
  });
  const confirm = trpc.accounts.confirmEmailChange.useMutation({
    onSuccess: ({ user, message }) => {
      utils.accounts.me.setData(undefined, { user });
      utils.accounts.session.setData(undefined, { user });
      notifications.show({ color: 'green', message });
      dismiss();
    },
  });

  function dismiss() {
    close();
    setNewEmail('');
    setPassword('');
    setCode('');
    setSent(null);
    setLocalError(null);
    request.reset();
    confirm.reset();
  }

  // The dialog sits inside the profile form in React's tree: its submits must not reach that form too.
  const onRequest = (event: FormEvent) => {
    event.preventDefault();
    event.stopPropagation();
    if (!isValidEmail(newEmail.trim())) return setLocalError(core(MESSAGES.invalidEmail));
    if (!password) return setLocalError(t`Please enter your password.`);
    setLocalError(null);
    request.mutate({ newEmail: newEmail.trim(), password });
  };
  const onConfirm = (event: FormEvent) => {
    event.preventDefault();
    event.stopPropagation();
    if (!sent) return;
    if (!/^\d{6}$/.test(code.trim())) return setLocalError(core(MESSAGES.otpCodeFormat));
    setLocalError(null);
    confirm.mutate({ otp_token: sent.otp_token, otp: code.trim() });
  };
  const failure = request.error ?? confirm.error;
  const error =
    localError ??
    (failure
      ? errorMessage(failure, core(request.error ? MESSAGES.otpSendFailed : MESSAGES.otpVerifyFailed))
      : null);

  return (
    <>
      <Button variant="light" size="xs" onClick={open}>
        <Trans>Change email</Trans>
      </Button>
      <Modal opened={opened} onClose={dismiss} title={t`Change your email`} centered>
        <Stack>
          {error ? (
            <Alert color="red" role="alert">
              {error}
            </Alert>
          ) : null}
          {sent ? (
            <form onSubmit={onConfirm} noValidate aria-label={t`Confirm the new email`}>
              <Stack>
                <Text fz="sm" role="status">
                  {sent.message}
                </Text>
                <TextInput
                  label={t`Code from the e-mail`}
                  inputMode="numeric"
                  autoComplete="one-time-code"
                  maxLength={6}
                  required
                  data-autofocus
                  value={code}
                  onChange={(e) => setCode(e.currentTarget.value)}
                />
                <Button type="submit" loading={confirm.isPending} fullWidth>
                  <Trans>Confirm new email</Trans>
                </Button>
              </Stack>
            </form>
          ) : (
            <form onSubmit={onRequest} noValidate aria-label={t`Request an email change`}>
              <Stack>
                <Text fz="sm">
                  {t`You sign in with ${currentEmail}. We will send a code to the new address, and tell the old one.`}
                </Text>
                <TextInput
                  label={t`New email`}
                  type="email"
                  autoComplete="email"
                  required
                  data-autofocus
                  value={newEmail}
                  onChange={(e) => setNewEmail(e.currentTarget.value)}
                />
                <PasswordInput
                  label={t`Current password`}
                  autoComplete="current-password"
                  required
                  value={password}
                  onChange={(e) => setPassword(e.currentTarget.value)}
                  visibilityToggleButtonProps={{ 'aria-label': t`Show or hide password` }}
                />
                <Button type="submit" loading={request.isPending} fullWidth>
                  <Trans>Send code</Trans>
                </Button>
              </Stack>
            </form>
          )}
        </Stack>
      </Modal>
    </>
  );
}
