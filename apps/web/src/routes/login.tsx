import { trpc } from '@barterads/api-client';
import { isValidEmail, LIMITS, MESSAGES } from '@barterads/core';
import { ForgotPassword, type ForgotPasswordLabels, Logo } from '@barterads/ui';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  Alert,
  Anchor,
  Button,
  Center,
  Paper,
  PasswordInput,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { createFileRoute, Link, useNavigate } from '@tanstack/react-router';
import { type FormEvent, useState } from 'react';
import { dismissSessionExpiredNotice } from '../api';
import { usePageMeta } from '../components/usePageMeta';
import { failureMessage, safeRedirect } from '../features/accounts/messages';
import { homeFor, leaveIfSignedIn } from '../features/accounts/session';
import { readRedirectSearch } from '../features/search-params';
import { followProfileLanguage } from '../i18n';
import { useCoreText } from '../i18n/core-text';

export const Route = createFileRoute('/login')({
  validateSearch: readRedirectSearch,
  beforeLoad: ({ context, search }) => leaveIfSignedIn(context.utils, search.redirect),
  component: LoginPage,
});

function LoginPage() {
  const { t } = useLingui();
  const core = useCoreText();
  usePageMeta(t`Sign in`, t`Sign in to your BarterAds account.`);
  const search = Route.useSearch();
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [fieldErrors, setFieldErrors] = useState<{ email?: string; password?: string }>({});
  const [forgot, setForgot] = useState(false);
  const min = LIMITS.passwordMin;
  const forgotLabels: ForgotPasswordLabels = {
    title: t`Reset your password`,
    sendCodeForm: t`Send a reset code`,
    intro: t`Enter the e-mail address of your account and we will send you a code.`,
    email: t`Email`,
    sendCode: t`Send code`,
    enterEmail: t`Please enter your e-mail address.`,
    setPasswordForm: t`Set a new password`,
    code: t`Code from the e-mail`,
    enterCode: t`Please enter the 6-digit code from the e-mail.`,
    newPassword: t`New password`,
    newPasswordHint: t`At least ${min} characters. You will be signed out everywhere.`,
    passwordTooShort: t`The new password must be at least ${min} characters.`,
    showHidePassword: t`Show or hide password`,
    setNewPassword: t`Set new password`,
    sendNewCode: t`Send a new code`,
    backToSignIn: t`Back to sign in`,
  };
  const [notice, setNotice] = useState<string | null>(null);
  const requestReset = trpc.accounts.requestPasswordReset.useMutation();
  const resetPassword = trpc.accounts.resetPassword.useMutation();
  const login = trpc.accounts.login.useMutation({
    onSuccess: async ({ user }) => {
      utils.accounts.session.setData(undefined, { user });
      dismissSessionExpiredNotice();
      const target = homeFor(user, safeRedirect(search.redirect) ?? '/dashboard');
      if (target.startsWith('/admin')) window.location.assign(target);
      else {
        // The member's own language from here on: /hi/login signs a Marathi member into /mr/dashboard.
        await followProfileLanguage(user.language, target);
        await navigate({ to: target });
      }
    },
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const errors: typeof fieldErrors = {};
    if (!isValidEmail(email.trim())) errors.email = core(MESSAGES.invalidEmail);
    if (!password) errors.password = t`Password is required.`;
    setFieldErrors(errors);
    if (errors.email || errors.password) return;
    login.mutate({ email: email.trim(), password });
  };

  return (
    <Center mih="100vh" p="md" component="main">
      <Paper withBorder shadow="sm" p={{ base: 'md', xs: 'xl' }} w="100%" maw={420} radius="lg">
        {forgot ? (
          <ForgotPassword
            initialEmail={email}
            minPasswordLength={LIMITS.passwordMin}
            labels={forgotLabels}
            requestCode={(address) => requestReset.mutateAsync({ email: address })}
            resetPassword={(input) => resetPassword.mutateAsync(input)}
            describeError={(error) =>
              failureMessage(error, (status) => t`Request failed (${status})`, core(MESSAGES.networkError))
            }
            onBack={(result) => {
              setForgot(false);
              login.reset();
              if (result) {
                setEmail(result.email);
                setPassword('');
                setNotice(result.message);
              }
            }}
          />
        ) : (
          <form onSubmit={onSubmit} noValidate aria-label={t`Sign in`}>
            <Stack>
              <Anchor component={Link} to="/" underline="never" aria-label={t`BarterAds home`}>
                <Logo />
              </Anchor>
              <Title order={1} fz="h2">
                <Trans>Sign in</Trans>
              </Title>
              {notice && !login.error ? (
                <Alert color="green" role="status">
                  {notice}
                </Alert>
              ) : null}
              {login.error ? (
                <Alert color="red" role="alert">
                  {failureMessage(
                    login.error,
                    (status) => t`Login failed (${status})`,
                    core(MESSAGES.networkError),
                  )}
                </Alert>
              ) : null}
              <TextInput
                label={t`Email`}
                type="email"
                autoComplete="email"
                required
                value={email}
                error={fieldErrors.email}
                onChange={(e) => setEmail(e.currentTarget.value)}
              />
              <PasswordInput
                label={t`Password`}
                autoComplete="current-password"
                required
                value={password}
                error={fieldErrors.password}
                onChange={(e) => setPassword(e.currentTarget.value)}
                visibilityToggleButtonProps={{ 'aria-label': t`Show or hide password` }}
              />
              <Anchor component="button" type="button" fz="sm" ta="right" onClick={() => setForgot(true)}>
                <Trans>Forgot password?</Trans>
              </Anchor>
              <Button type="submit" loading={login.isPending} loaderProps={{ type: 'dots' }} fullWidth>
                {login.isPending ? t`Signing in…` : t`Sign in`}
              </Button>
              <Text fz="sm" ta="center">
                <Trans>
                  New to BarterAds?{' '}
                  <Anchor
                    renderRoot={(props) => (
                      <Link to="/signup" search={{ redirect: search.redirect }} {...props} />
                    )}
                  >
                    Create account
                  </Anchor>
                </Trans>
              </Text>
            </Stack>
          </form>
        )}
      </Paper>
    </Center>
  );
}
