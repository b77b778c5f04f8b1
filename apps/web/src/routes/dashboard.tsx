import { Logo, ThemeToggle } from '@barterads/ui';
import { Trans, useLingui } from '@lingui/react/macro';
import { Anchor, AppShell, Burger, Button, Group, NavLink, Stack } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { createFileRoute, Link, Outlet, useRouterState } from '@tanstack/react-router';
import { useEffect } from 'react';
import { AccountMenu } from '../components/AccountMenu';
import { useLogout } from '../features/accounts/actions';
import { requireUser, useSignedOutRedirect } from '../features/accounts/session';
import { UnreadBadge } from '../features/messages/UnreadBadge';
import { NotificationBell } from '../features/notifications';

export const Route = createFileRoute('/dashboard')({
  beforeLoad: async ({ context, location }) => ({ user: await requireUser(context.utils, location) }),
  component: DashboardLayout,
});

function DashboardLayout() {
  const { t } = useLingui();
  useSignedOutRedirect();
  const [opened, { toggle, close }] = useDisclosure(false);
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const { logout, isPending } = useLogout({ to: '/login' });
  // On phones the sidebar is a drawer: it closes after each navigation.
  // runs on path changes only
  useEffect(() => close(), [pathname]);
  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{ width: 240, breakpoint: 'sm', collapsed: { mobile: !opened } }}
      padding="md"
    >
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger
              opened={opened}
              onClick={toggle}
              hiddenFrom="sm"
              size="sm"
              aria-label={opened ? t`Close navigation` : t`Open navigation`}
            />
            <Anchor component={Link} to="/" underline="never" aria-label={t`BarterAds home`}>
              <Logo />
            </Anchor>
          </Group>
          <Group gap="sm" wrap="nowrap">
            <NotificationBell />
            <ThemeToggle labels={{ toDark: t`Switch to dark theme`, toLight: t`Switch to light theme` }} />
            <AccountMenu logoutTo="/login" />
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="sm" aria-label={t`Dashboard`}>
        <Stack gap={4}>
          <NavLink component={Link} to="/dashboard" label={t`Overview`} activeOptions={{ exact: true }} />
          <NavLink component={Link} to="/dashboard/listings" label={t`My Listings`} />
          <NavLink component={Link} to="/dashboard/deals" label={t`Deals`} />
          <NavLink
            component={Link}
            to="/dashboard/messages"
            label={t`Messages`}
            rightSection={<UnreadBadge />}
          />
          <NavLink component={Link} to="/dashboard/saved-searches" label={t`Saved searches`} />
          <NavLink component={Link} to="/dashboard/notifications" label={t`Notifications`} />
          <NavLink component={Link} to="/dashboard/settings" label={t`Preferences`} />
          <NavLink component={Link} to="/settings" label={t`Account settings`} />
          <NavLink component={Link} to="/" label={t`Back to Home`} />
          <Button variant="subtle" color="red" onClick={logout} loading={isPending}>
            <Trans>Logout</Trans>
          </Button>
        </Stack>
      </AppShell.Navbar>
      <AppShell.Main>
        <Outlet />
      </AppShell.Main>
    </AppShell>
  );
}
