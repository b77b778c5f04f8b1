import { Logo } from '@barterads/ui';
import { Trans, useLingui } from '@lingui/react/macro';
import { Anchor, Center, Paper, Stack, Text, Title } from '@mantine/core';
import { createFileRoute, Link, useNavigate } from '@tanstack/react-router';
import { usePageMeta } from '../components/usePageMeta';
import { safeRedirect } from '../features/accounts/messages';
import { SignupForm } from '../features/accounts/SignupForm';
import { leaveIfSignedIn } from '../features/accounts/session';
import { readRedirectSearch } from '../features/search-params';

export const Route = createFileRoute('/signup')({
  validateSearch: readRedirectSearch,
  beforeLoad: ({ context, search }) => leaveIfSignedIn(context.utils, search.redirect),
  component: SignupPage,
});

function SignupPage() {
  const { t } = useLingui();
  usePageMeta(t`Create your account`, t`Create a BarterAds account to trade advertising without cash.`);
  const search = Route.useSearch();
  const navigate = useNavigate();
  return (
    <Center py="xl" px="md">
      <Paper withBorder shadow="sm" p={{ base: 'md', xs: 'xl' }} w="100%" maw={560} radius="lg">
        <Stack>
          <Anchor component={Link} to="/" underline="never" aria-label={t`BarterAds home`}>
            <Logo />
          </Anchor>
          <Title order={1} fz="h2">
            <Trans>Create your account</Trans>
          </Title>
          <SignupForm
            onSignedUp={(user) => {
              // Spec section 2: admins go to the admin app; everyone else to /marketplace after sign-up.
              const target =
                user.role === 'admin' ? '/admin/' : (safeRedirect(search.redirect) ?? '/marketplace');
              if (target.startsWith('/admin')) window.location.assign(target);
              else void navigate({ to: target });
            }}
          />
          <Text fz="sm" ta="center">
            <Trans>
              Already have an account?{' '}
              <Anchor
                renderRoot={(props) => <Link to="/login" search={{ redirect: search.redirect }} {...props} />}
              >
                Sign in
              </Anchor>
            </Trans>
          </Text>
        </Stack>
      </Paper>
    </Center>
  );
}
