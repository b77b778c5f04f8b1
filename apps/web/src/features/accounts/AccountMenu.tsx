import { userTypeLabel } from '@barterads/core';
import { Avatar, Box, Group, Menu, Text, UnstyledButton } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useLogout, useSwitchProfile } from './actions';
import { useProfileLanguageSaver } from './language';
import { useSessionUser } from './session';

export interface AccountMenuProps {
  /** Where Logout goes: the site header goes home, the dashboard top bar to /login (spec section 4). */
  logoutTo?: '/' | '/login';
}

/**
 * The signed-in account menu (spec section 2): first-name initial and first name (or e-mail), Dashboard,
 * Settings, the switch-profile action and Logout. Renders nothing while signed out.
 */
export function AccountMenu({ logoutTo = '/' }: AccountMenuProps = {}) {
  const { user } = useSessionUser();
  const { logout, isPending: loggingOut } = useLogout({ to: logoutTo });
  const switchProfile = useSwitchProfile();
  useProfileLanguageSaver();
  if (!user) return null;
  const shown = user.firstName || user.email;
  const isAdmin = user.role === 'admin';
  return (
    <Menu position="bottom-end" width={240} shadow="md" withinPortal>
      <Menu.Target>
        <UnstyledButton aria-label={`Account menu of ${shown}`} data-testid="account-menu">
          <Group gap={8} wrap="nowrap">
            <Avatar color="brand" radius="xl" size={34}>
              {shown.charAt(0).toUpperCase()}
            </Avatar>
            <Text fw={500} fz="sm" visibleFrom="xs" maw={140} truncate>
              {shown}
            </Text>
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        {/* Who is signed in: name, business type and role, then the e-mail. */}
        <Box px="sm" py={6} data-testid="account-identity">
          <Text fw={600} fz="sm" truncate>
            {user.name || user.email}
          </Text>
          <Text fz="xs" c="dimmed">
            {userTypeLabel(user.userType)} · {isAdmin ? 'Admin' : 'Member'}
          </Text>
          <Text fz="xs" c="dimmed" truncate>
            {user.email}
          </Text>
        </Box>
        <Menu.Divider />
        {isAdmin ? (
          <Menu.Item component="a" href="/admin/">
            Admin
          </Menu.Item>
        ) : null}
        <Menu.Item component={Link} to="/dashboard">
          Dashboard
        </Menu.Item>
        <Menu.Item component={Link} to="/settings">
          Settings
        </Menu.Item>
        {!isAdmin && switchProfile.label ? (
          <Menu.Item onClick={switchProfile.switchProfile} disabled={switchProfile.isPending}>
            {switchProfile.label}
          </Menu.Item>
        ) : null}
        <Menu.Divider />
        <Menu.Item color="red" onClick={logout} disabled={loggingOut}>
          Logout
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
