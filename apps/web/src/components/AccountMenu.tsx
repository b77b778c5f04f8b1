import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Avatar, Box, Group, Menu, Text, UnstyledButton } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useLogout, useSwitchProfile } from '../features/accounts/actions';
import { useProfileLanguageSaver } from '../features/accounts/language';
import { useSessionUser } from '../features/accounts/session';
import classes from './AccountMenu.module.css';
import { ACCOUNT_AVATAR_GAP, ACCOUNT_AVATAR_SIZE } from './account-menu-size';

export interface AccountMenuProps {
  /** Where Logout goes: the site header goes home, the dashboard top bar to /login (spec section 4). */
  logoutTo?: '/' | '/login';
  /** The widest the shown name may be before it ends in an ellipsis (the whole of it is in the menu's label). */
  nameMaxWidth?: number;
}

/**
 * The signed-in account menu (spec section 2): first-name initial and first name (or e-mail), Dashboard,
 * Settings, the switch-profile action and Logout. Renders nothing while signed out.
 */
export function AccountMenu({ logoutTo = '/', nameMaxWidth = 140 }: AccountMenuProps = {}) {
  const { t, i18n } = useLingui();
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
        <UnstyledButton aria-label={t`Account menu of ${shown}`} data-testid="account-menu">
          {/* The member's name and initial are theirs, not words to translate. */}
          <Group gap={ACCOUNT_AVATAR_GAP} wrap="nowrap" translate="no">
            <Avatar color="brand" radius="xl" size={ACCOUNT_AVATAR_SIZE} aria-hidden>
              <span className={classes.initial} data-initial={shown.charAt(0).toUpperCase()} />
            </Avatar>
            <Text fw={500} fz="sm" visibleFrom="xs" maw={nameMaxWidth} truncate>
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
            {i18n._(user.userType === 'media_owner' ? msg`Media Owner` : msg`Advertiser`)} ·{' '}
            {isAdmin ? t`Admin` : t`Member`}
          </Text>
          <Text fz="xs" c="dimmed" truncate>
            {user.email}
          </Text>
        </Box>
        <Menu.Divider />
        {isAdmin ? (
          <Menu.Item component="a" href="/admin/">
            <Trans>Admin</Trans>
          </Menu.Item>
        ) : null}
        <Menu.Item component={Link} to="/dashboard">
          <Trans>Dashboard</Trans>
        </Menu.Item>
        <Menu.Item component={Link} to="/settings">
          <Trans>Settings</Trans>
        </Menu.Item>
        {!isAdmin && switchProfile.label ? (
          <Menu.Item onClick={switchProfile.switchProfile} disabled={switchProfile.isPending}>
            {user.userType === 'advertiser' ? t`Become Media Owner` : t`Become an Advertiser`}
          </Menu.Item>
        ) : null}
        <Menu.Divider />
        <Menu.Item color="red" onClick={logout} disabled={loggingOut}>
          <Trans>Logout</Trans>
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
