import { Logo, ThemeToggle } from '@barterads/ui';
import { Anchor, AppShell, Burger, Button, Group, NavLink, Stack } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { createFileRoute, Link, Outlet, useRouterState } from '@tanstack/react-router';
import { useEffect } from 'react';
import { AccountMenu } from '../features/accounts/AccountMenu';
import { useLogout } from '../features/accounts/actions';
import { requireUser, useSignedOutRedirect } from '../features/accounts/session';
import { UnreadBadge } from '../features/messages/UnreadBadge';
import { NotificationBell } from '../features/notifications';

export const Route = createFileRoute('/dashboard')({
  beforeLoad: async ({ context, location }) => ({ user: await requireUser(context.utils, location) }),
  component: DashboardLayout,
});

function DashboardLayout() {
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
              aria-label={opened ? 'Close navigation' : 'Open navigation'}
            />
            <Anchor component={Link} to="/" underline="never" aria-label="BarterAds home">
              <Logo />
            </Anchor>
          </Group>
          <Group gap="sm" wrap="nowrap">
            <NotificationBell />
            <ThemeToggle />
            <AccountMenu logoutTo="/login" />
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="sm" aria-label="Dashboard">
        <Stack gap={4}>
          <NavLink component={Link} to="/dashboard" label="Overview" activeOptions={{ exact: true }} />
          <NavLink component={Link} to="/dashboard/listings" label="My Listings" />
          <NavLink component={Link} to="/dashboard/deals" label="Deals" />
          <NavLink
            component={Link}
            to="/dashboard/messages"
            label="Messages"
            rightSection={<UnreadBadge />}
          />
          <NavLink component={Link} to="/dashboard/saved-searches" label="Saved searches" />
          <NavLink component={Link} to="/dashboard/notifications" label="Notifications" />
          <NavLink component={Link} to="/dashboard/settings" label="Preferences" />
          <NavLink component={Link} to="/settings" label="Account settings" />
          <NavLink component={Link} to="/" label="Back to Home" />
          <Button variant="subtle" color="red" onClick={logout} loading={isPending}>
            Logout
          </Button>
        </Stack>
      </AppShell.Navbar>
      <AppShell.Main>
        <Outlet />
      </AppShell.Main>
    </AppShell>
  );
}
