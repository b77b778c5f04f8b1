import { trpc } from '@barterads/api-client';
import { Logo, ThemeToggle } from '@barterads/ui';
import { AppShell, Burger, Button, Group, NavLink, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { createFileRoute, Link, Outlet, redirect, useNavigate } from '@tanstack/react-router';
import { NotAuthorized } from '../components/NotAuthorized';
import { requireSignedIn } from '../features/session';

/**
 * The admin area's layout: sidebar (Overview, Users, Listings …) and the top bar. A broker who is no admin gets the
 * trade desk only (its sidebar lists nothing else and any other page leads there); the server refuses them the
 * other admin procedures whatever the app shows. Anyone else signed in is told they are not authorized.
 */
export const Route = createFileRoute('/_admin')({
  beforeLoad: async ({ context, location }) => {
    const user = await requireSignedIn(context.utils, location);
    // A broker who is no admin: the trade desk is the one page of theirs.
    const onDesk = location.pathname.replace(/\/$/, '').endsWith('/trade-desk');
    if (user.role !== 'admin' && user.broker && !onDesk) throw redirect({ to: '/trade-desk', replace: true });
    return { user };
  },
  component: AdminLayout,
});

function AdminLayout() {
  const { user } = Route.useRouteContext();
  const [opened, { toggle, close }] = useDisclosure();
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  const logout = trpc.accounts.logout.useMutation({
    onSettled: async () => {
      utils.accounts.session.setData(undefined, { user: null });
      await navigate({ to: '/login', replace: true });
    },
  });
  const deskOnly = user.role !== 'admin' && user.broker;
  if (user.role !== 'admin' && !deskOnly) return <NotAuthorized email={user.email} />;
  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{ width: 220, breakpoint: 'sm', collapsed: { mobile: !opened } }}
      padding="md"
    >
      <AppShell.Header>
        {/* One row that never wraps or overlaps: on a phone the header keeps the logo and the theme toggle,
            and Logout moves into the navigation drawer. */}
        <Group h="100%" px="md" justify="space-between" wrap="nowrap" gap="sm">
          <Group gap="sm" wrap="nowrap" miw={0}>
            <Burger
              opened={opened}
              onClick={toggle}
              hiddenFrom="sm"
              size="sm"
              aria-label="Toggle navigation"
            />
            <Logo suffix="Admin" />
          </Group>
          <Group gap="sm" wrap="nowrap">
            <Text fz="sm" c="dimmed" visibleFrom="md" truncate maw={260}>
              {user.email}
            </Text>
            <ThemeToggle />
            <Button
              variant="default"
              visibleFrom="sm"
              onClick={() => logout.mutate()}
              loading={logout.isPending}
            >
              Logout
            </Button>
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="sm" aria-label="Admin">
        <Stack gap={4}>
          {deskOnly ? (
            <NavLink component={Link} to="/trade-desk" label="Trade desk" onClick={close} />
          ) : (
            <>
              <NavLink
                component={Link}
                to="/"
                label="Overview"
                activeOptions={{ exact: true }}
                onClick={close}
              />
              <NavLink component={Link} to="/users" label="Users" onClick={close} />
              <NavLink component={Link} to="/listings" label="Listings" onClick={close} />
              <NavLink component={Link} to="/verifications" label="Verifications" onClick={close} />
              <NavLink component={Link} to="/deals" label="Deals" onClick={close} />
              <NavLink component={Link} to="/payments" label="Payments" onClick={close} />
              <NavLink component={Link} to="/refunds" label="Refunds" onClick={close} />
              <NavLink component={Link} to="/revenue" label="Revenue" onClick={close} />
              <NavLink component={Link} to="/enterprise" label="Enterprise" onClick={close} />
              <NavLink component={Link} to="/trade-desk" label="Trade desk" onClick={close} />
              <NavLink component={Link} to="/activity" label="Activity" onClick={close} />
              <NavLink component={Link} to="/jobs" label="Jobs" onClick={close} />
            </>
          )}
          <Text fz="xs" c="dimmed" hiddenFrom="sm" mt="md" px="sm" truncate>
            {user.email}
          </Text>
          <Button
            variant="default"
            hiddenFrom="sm"
            onClick={() => logout.mutate()}
            loading={logout.isPending}
          >
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
