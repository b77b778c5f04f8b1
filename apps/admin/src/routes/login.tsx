import { errorMessage, trpc } from '@barterads/api-client';
import { LIMITS, MESSAGES } from '@barterads/core';
import { ForgotPassword, Logo } from '@barterads/ui';
import { Alert, Anchor, Button, Center, Paper, PasswordInput, Stack, TextInput, Title } from '@mantine/core';
import { createFileRoute, redirect, useNavigate } from '@tanstack/react-router';
import { type FormEvent, useState } from 'react';
import { z } from 'zod';

export const Route = createFileRoute('/login')({
  validateSearch: z.object({ redirect: z.string().optional() }),
  beforeLoad: async ({ context }) => {
    const { user } = await context.utils.accounts.session.ensureData();
    if (user) throw redirect({ to: '/' });
  },
  component: AdminLoginPage,
});

function AdminLoginPage() {
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [forgot, setForgot] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const requestReset = trpc.accounts.requestPasswordReset.useMutation();
  const resetPassword = trpc.accounts.resetPassword.useMutation();
  const login = trpc.accounts.login.useMutation({
    onSuccess: async ({ user }) => {
      utils.accounts.session.setData(undefined, { user });
      await navigate({ to: '/' });
    },
  });
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    login.mutate({ email, password });
  };
  return (
    <Center mih="100vh" p="md" component="main">
      <Paper withBorder shadow="sm" p="xl" w="100%" maw={420} radius="lg">
        {forgot ? (
          <Stack>
            <Logo suffix="Admin" />
            <ForgotPassword
              initialEmail={email}
              minPasswordLength={LIMITS.passwordMin}
              requestCode={(address) => requestReset.mutateAsync({ email: address })}
              resetPassword={(input) => resetPassword.mutateAsync(input)}
              describeError={(error) => errorMessage(error, MESSAGES.networkError)}
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
          </Stack>
        ) : (
          <form onSubmit={onSubmit} noValidate>
            <Stack>
              <Logo suffix="Admin" />
              <Title order={1} fz="h2">
                Admin sign in
              </Title>
              {notice && !login.error ? (
                <Alert color="green" role="status">
                  {notice}
                </Alert>
              ) : null}
              {login.error ? (
                <Alert color="red" role="alert">
                  {errorMessage(login.error, MESSAGES.networkError)}
                </Alert>
              ) : null}
              <TextInput
                label="Email"
                type="email"
                autoComplete="email"
                required
                value={email}
                onChange={(e) => setEmail(e.currentTarget.value)}
              />
              <PasswordInput
                label="Password"
                autoComplete="current-password"
                required
                value={password}
                onChange={(e) => setPassword(e.currentTarget.value)}
              />
              <Anchor component="button" type="button" fz="sm" ta="right" onClick={() => setForgot(true)}>
                Forgot password?
              </Anchor>
              <Button type="submit" loading={login.isPending} fullWidth>
                {login.isPending ? 'Signing in…' : 'Sign in'}
              </Button>
            </Stack>
          </form>
        )}
      </Paper>
    </Center>
  );
}
