import { errorMessage, trpc } from '@barterads/api-client';
import { MESSAGES } from '@barterads/core';
import { Logo } from '@barterads/ui';
import { Alert, Button, Center, Paper, PasswordInput, Stack, TextInput, Title } from '@mantine/core';
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
        <form onSubmit={onSubmit} noValidate>
          <Stack>
            <Logo suffix="Admin" />
            <Title order={1} fz="h2">
              Admin sign in
            </Title>
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
            <Button type="submit" loading={login.isPending} fullWidth>
              {login.isPending ? 'Signing in…' : 'Sign in'}
            </Button>
          </Stack>
        </form>
      </Paper>
    </Center>
  );
}
