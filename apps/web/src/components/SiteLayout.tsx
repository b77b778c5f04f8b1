import { COMPANY } from '@barterads/core';
import { Logo, ThemeToggle } from '@barterads/ui';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Anchor, Box, Burger, Button, Container, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link, useRouterState } from '@tanstack/react-router';
import { lazy, type ReactNode, Suspense, useEffect, useId, useRef, useState } from 'react';
import { useLogout } from '../features/accounts/actions';
import { useSessionUser } from '../features/accounts/session';
import { ACCOUNT_AVATAR_SIZE, ACCOUNT_MENU_FRAME } from './account-menu-size';
import { LanguageSwitch } from './LanguageSwitch';
import { useScrollOnNavigation } from './useScrollOnNavigation';

/**
 * The account menu (a Mantine Menu: popover positioning code) loads only for signed-in visitors, so that the
 * public pages stay within their JavaScript budget (issue 9).
 */
const AccountMenu = lazy(() => import('./AccountMenu').then((m) => ({ default: m.AccountMenu })));

/** The bell, likewise only for signed-in visitors. */
const NotificationBell = lazy(() =>
  import('../features/notifications/NotificationBell').then((m) => ({ default: m.NotificationBell })),
);

const HIDDEN_PREFIXES = ['/dashboard', '/login', '/admin'];

/** The header's navigation (spec section 2). */
export const NAV_LINKS = [
  { to: '/marketplace', label: msg`Marketplace` },
  { to: '/how-it-works', label: msg`How it Works` },
  { to: '/pricing', label: msg`Pricing` },
  { to: '/about', label: msg`About` },
] as const;

interface FooterLink {
  to: string;
  label: MessageDescriptor;
  hash?: string;
}

const FOOTER_COLUMNS: ReadonlyArray<{ id: string; title: MessageDescriptor; links: readonly FooterLink[] }> =
  [
    {
      id: 'platform',
      title: msg`Platform`,
      links: [
        { to: '/marketplace', label: msg`Marketplace` },
        { to: '/how-it-works', label: msg`How it Works` },
        { to: '/pricing', label: msg`Pricing` },
        { to: '/success-stories', label: msg`Success Stories` },
      ],
    },
    {
      id: 'company',
      title: msg`Company`,
      links: [
        { to: '/about', label: msg`About Us` },
        { to: '/contact', label: msg`Contact` },
        { to: '/help', label: msg`Help Center` },
        { to: '/', hash: 'faq', label: msg`FAQ` },
      ],
    },
    {
      id: 'legal',
      title: msg`Legal`,
      links: [
        { to: '/privacy-policy', label: msg`Privacy Policy` },
        { to: '/terms', label: msg`Terms & Conditions` },
        { to: '/refund-cancellation', label: msg`Refund & Cancellation` },
      ],
    },
  ];

/** The header's fixed location (`COMPANY.locationLabel`), in the page's language. */
const LOCATION = msg`Mumbai`;

/** True on the paths where the site header and footer are hidden (/dashboard, /login, /admin). */
export function isBarePath(pathname: string): boolean {
  return HIDDEN_PREFIXES.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`));
}

function PinIcon() {
  return (
    <svg
      width="14"
      height="14"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      aria-hidden="true"
    >
      <path d="M12 22s7-6.2 7-12a7 7 0 1 0-14 0c0 5.8 7 12 7 12z" />
      <circle cx="12" cy="10" r="2.5" />
    </svg>
  );
}

/**
 * The account menu's group is at least this wide, and a member's menu no wider (its name ends in an ellipsis past
 * 108 px, about 12 letters): the menu takes its placeholder's place, a short name's at its right end, without moving
 * the header. With a 120 px group and a 140 px name, a name over about 80 px moved the toggle and the switch beside it.
 */
const ACCOUNT_WIDTH = 150;

/**
 * Holds the account menu's place while the session is unknown (a signed-in member's page before the session
 * answer): blank, so that neither "Sign in" nor a name shows until it is known. As wide as the menu's group at
 * least is and as high as its avatar, so that the menu takes its place without moving the header.
 */
function AccountPlaceholder() {
  return (
    <Box w={ACCOUNT_WIDTH} h={ACCOUNT_AVATAR_SIZE} aria-hidden="true" data-testid="account-placeholder" />
  );
}

/**
 * Holds the bell's place (36 px, its button) while the session is unknown and while its code loads: the bell came
 * after the page showed and moved the theme toggle beside it 40 px on a phone.
 */
function BellPlaceholder() {
  return <Box w={36} h={36} aria-hidden="true" />;
}

/** Header and footer of the public site; hidden under /dashboard, /login and /admin (spec section 2). */
export function SiteLayout({ children }: { children: ReactNode }) {
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  useScrollOnNavigation();
  if (isBarePath(pathname)) return <>{children}</>;
  return (
    <>
      <a href="#main-content" className="ba-skip-link">
        <Trans>Skip to content</Trans>
      </a>
      <SiteHeader pathname={pathname} />
      {/* At least the screen below the header (64 px and its border), so the footer starts below the fold: at 70% of
          it, a member's page (Settings, Messages) showed the footer until its content came, then pushed it away. */}
      <Box
        component="main"
        id="main-content"
        tabIndex={-1}
        mih="calc(100vh - 65px)"
        style={{ outline: 'none' }}
      >
        {children}
      </Box>
      <SiteFooter />
    </>
  );
}

function SiteHeader({ pathname }: { pathname: string }) {
  const { user } = useSessionUser();
  const { logout, isPending: loggingOut } = useLogout({ to: '/' });
  const [menuOpen, setMenuOpen] = useState(false);
  const burgerRef = useRef<HTMLButtonElement>(null);
  const menuId = useId();
  const { t, i18n } = useLingui();

  // The mobile menu closes on every navigation.
  // closing is the effect of a path change
  useEffect(() => setMenuOpen(false), [pathname]);

  useEffect(() => {
    if (!menuOpen) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setMenuOpen(false);
        burgerRef.current?.focus();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [menuOpen]);

  return (
    <Box
      component="header"
      pos="sticky"
      top={0}
      style={{ zIndex: 100, borderBottom: '1px solid var(--mantine-color-default-border)' }}
      bg="var(--mantine-color-body)"
    >
      <Container size="xl" h={64}>
        <Group h="100%" justify="space-between" wrap="nowrap" gap="sm">
          <Group gap="sm" wrap="nowrap">
            <Anchor component={Link} to="/" underline="never" aria-label={t`BarterAds home`}>
              <Logo />
            </Anchor>
            {/* On every width, a phone's too (the spec's fixed location label). */}
            <Group
              gap={4}
              c="dimmed"
              fz="sm"
              wrap="nowrap"
              aria-label={t`Location`}
              data-testid="header-location"
            >
              <PinIcon />
              <Text span fz="sm" c="dimmed">
                {i18n._(LOCATION)}
              </Text>
            </Group>
          </Group>
          <Group component="nav" aria-label="Main" gap="lg" visibleFrom="md" wrap="nowrap">
            {NAV_LINKS.map((link) => {
              const active = pathname === link.to || pathname.startsWith(`${link.to}/`);
              return (
                <Anchor
                  key={link.to}
                  component={Link}
                  to={link.to}
                  c="var(--mantine-color-text)"
                  fw={active ? 700 : 500}
                  fz="sm"
                  underline={active ? 'always' : 'hover'}
                  aria-current={active ? 'page' : undefined}
                >
                  {i18n._(link.label)}
                </Anchor>
              );
            })}
          </Group>
          {/* Tight gaps: a signed-in 360 px phone holds the logo, the bell, the theme toggle and the burger. */}
          <Group gap={4} wrap="nowrap">
            {user ? (
              <Suspense fallback={<BellPlaceholder />}>
                <NotificationBell />
              </Suspense>
            ) : user === undefined ? (
              <BellPlaceholder />
            ) : null}
            <LanguageSwitch visibleFrom="md" />
            <ThemeToggle labels={{ toDark: t`Switch to dark theme`, toLight: t`Switch to light theme` }} />
            <Group gap="xs" wrap="nowrap" visibleFrom="md" miw={ACCOUNT_WIDTH} justify="flex-end">
              {user ? (
                <Suspense fallback={<AccountPlaceholder />}>
                  <AccountMenu nameMaxWidth={ACCOUNT_WIDTH - ACCOUNT_MENU_FRAME} />
                </Suspense>
              ) : user === null ? (
                <>
                  <Button component={Link} to="/login" variant="default">
                    <Trans>Sign in</Trans>
                  </Button>
                  <Button component={Link} to="/signup">
                    <Trans>Create account</Trans>
                  </Button>
                </>
              ) : (
                <AccountPlaceholder />
              )}
            </Group>
            <Burger
              ref={burgerRef}
              hiddenFrom="md"
              opened={menuOpen}
              onClick={() => setMenuOpen((open) => !open)}
              aria-label={menuOpen ? t`Close menu` : t`Open menu`}
              aria-expanded={menuOpen}
              aria-controls={menuId}
              size="sm"
            />
          </Group>
        </Group>
      </Container>
      {menuOpen ? (
        <Box
          id={menuId}
          hiddenFrom="md"
          mah={480}
          style={{ overflowY: 'auto', borderTop: '1px solid var(--mantine-color-default-border)' }}
          bg="var(--mantine-color-body)"
        >
          <Container size="xl" py="md">
            <Stack component="nav" aria-label={t`Mobile`} gap={4}>
              {NAV_LINKS.map((link) => (
                <Anchor
                  key={link.to}
                  component={Link}
                  to={link.to}
                  c="var(--mantine-color-text)"
                  fw={500}
                  py={10}
                  activeProps={{ 'aria-current': 'page' }}
                >
                  {i18n._(link.label)}
                </Anchor>
              ))}
              <Group gap={6} c="dimmed" py={8}>
                <PinIcon />
                <Text span fz="sm" c="dimmed">
                  {i18n._(LOCATION)}
                </Text>
              </Group>
              <LanguageSwitch py={8} />
              {user ? (
                <Stack gap="xs" mt="xs">
                  <Button component={Link} to="/dashboard" variant="light" fullWidth>
                    <Trans>Dashboard</Trans>
                  </Button>
                  <Button component={Link} to="/settings" variant="default" fullWidth>
                    <Trans>Settings</Trans>
                  </Button>
                  <Button variant="subtle" color="red" fullWidth onClick={logout} loading={loggingOut}>
                    <Trans>Logout</Trans>
                  </Button>
                </Stack>
              ) : user === null ? (
                <Stack gap="xs" mt="xs">
                  <Button component={Link} to="/login" variant="default" fullWidth>
                    <Trans>Sign in</Trans>
                  </Button>
                  <Button component={Link} to="/signup" fullWidth>
                    <Trans>Create account</Trans>
                  </Button>
                </Stack>
              ) : null}
            </Stack>
          </Container>
        </Box>
      ) : null}
    </Box>
  );
}

function SiteFooter() {
  const { user } = useSessionUser();
  const { i18n } = useLingui();
  const location = i18n._(LOCATION);
  const year = new Date().getFullYear();
  const legalName = COMPANY.legalName;
  return (
    <Box component="footer" style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}>
      {/* The sign-up band is for visitors: a member (on their settings page or anywhere) is not sent to /signup. */}
      {user ? null : <CtaBand />}
      <Container size="xl" py={40}>
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="xl">
          <Stack gap="xs">
            <Logo />
            <Text fz="sm" c="dimmed">
              <Trans>The barter marketplace for advertising and media in India.</Trans>
            </Text>
            <Text fz="sm" c="dimmed">
              <Trans>{location}, India</Trans>
            </Text>
          </Stack>
          {FOOTER_COLUMNS.map((column) => (
            <Box component="nav" key={column.id} aria-label={i18n._(column.title)}>
              <Text fw={700} fz="sm" mb="xs" component="h2">
                {i18n._(column.title)}
              </Text>
              <Stack gap={6} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
                {column.links.map((link) => (
                  <li key={`${link.to}#${link.hash ?? ''}`}>
                    <Anchor component={Link} to={link.to} hash={link.hash} fz="sm" c="dimmed">
                      {i18n._(link.label)}
                    </Anchor>
                  </li>
                ))}
              </Stack>
            </Box>
          ))}
        </SimpleGrid>
        <Text
          c="dimmed"
          fz="sm"
          mt={32}
          pt="md"
          style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}
        >
          <Trans>
            © {year} {legalName}. All rights reserved.
          </Trans>
        </Text>
      </Container>
    </Box>
  );
}

/** "Ready to trade without cash?": Start Trading Now (sign-up) and Browse Opportunities, for visitors. */
function CtaBand() {
  return (
    <Box
      component="section"
      aria-labelledby="cta-band-title"
      bg="var(--mantine-primary-color-filled)"
      py={48}
    >
      <Container size="xl">
        <Stack align="center" ta="center" gap="md">
          <Title order={2} id="cta-band-title" c="white">
            <Trans>Ready to trade without cash?</Trans>
          </Title>
          <Text c="white" maw={560}>
            <Trans>
              Join the businesses across India paying for advertising with what they already make.
            </Trans>
          </Text>
          <Group justify="center">
            <Button component={Link} to="/signup" variant="white" color="dark" size="md">
              <Trans>Start Trading Now</Trans>
            </Button>
            <Button
              component={Link}
              to="/marketplace"
              variant="outline"
              size="md"
              c="white"
              style={{ borderColor: 'white' }}
            >
              <Trans>Browse Opportunities</Trans>
            </Button>
          </Group>
        </Stack>
      </Container>
    </Box>
  );
}
