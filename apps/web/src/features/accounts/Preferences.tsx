import { errorMessage, trpc } from '@barterads/api-client';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  Alert,
  Anchor,
  Card,
  Checkbox,
  type MantineColorScheme,
  SegmentedControl,
  Stack,
  Text,
  Title,
  useMantineColorScheme,
} from '@mantine/core';
import { useMounted } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { EmailPreferencesCard } from '../notifications/EmailPreferencesCard';

/**
 * The account's stored preferences. `showProfile` is the business-page visibility (product-spec-2: "show my
 * business page"); h18-listings renames it showBusinessPage, which changes this one type and the key below.
 */
type PreferencePatch = { emailUpdates?: boolean; showProfile?: boolean };
const BUSINESS_PAGE_KEY = 'showProfile' as const;

/**
 * /dashboard/settings: appearance (this browser), notification e-mails and business page visibility (the
 * account). Account, password, billing and data stay in /settings.
 */
export function Preferences() {
  return (
    <Stack gap="lg" maw={720}>
      <Stack gap={4}>
        <Title order={1} fz="h2">
          <Trans>Preferences</Trans>
        </Title>
        <Text c="dimmed">
          <Trans>
            How BarterAds looks and what it sends you. Your profile, password, plan and data are in{' '}
            <Anchor component={Link} to="/settings">
              Account settings
            </Anchor>
            .
          </Trans>
        </Text>
      </Stack>
      <AppearanceCard />
      <AccountPreferences />
      <EmailPreferencesCard />
    </Stack>
  );
}

const SCHEMES: { value: MantineColorScheme; label: MessageDescriptor }[] = [
  { value: 'light', label: msg`Light` },
  { value: 'dark', label: msg`Dark` },
  { value: 'auto', label: msg`System` },
];

/** Light, dark or the system's: kept in this browser (the `theme` key), like the top bar's toggle. */
function AppearanceCard() {
  const { i18n } = useLingui();
  const { colorScheme, setColorScheme } = useMantineColorScheme();
  // The stored choice is read in the browser: before mounting, nothing is shown as chosen.
  const mounted = useMounted();
  return (
    <Card withBorder radius="md" p="lg" component="section" aria-labelledby="appearance-heading">
      <Stack gap="sm">
        <Title order={2} fz="h4" id="appearance-heading">
          <Trans>Appearance</Trans>
        </Title>
        <Text fz="sm" c="dimmed" id="appearance-hint">
          <Trans>Saved in this browser.</Trans>
        </Text>
        <SegmentedControl
          aria-labelledby="appearance-heading"
          aria-describedby="appearance-hint"
          data={SCHEMES.map((scheme) => ({ value: scheme.value, label: i18n._(scheme.label) }))}
          value={mounted ? colorScheme : ''}
          onChange={(value) => setColorScheme(value as MantineColorScheme)}
          fullWidth
          maw={420}
        />
      </Stack>
    </Card>
  );
}

function AccountPreferences() {
  const { t } = useLingui();
  const utils = trpc.useUtils();
  const preferences = trpc.accounts.preferences.useQuery();
  // What the user just clicked, shown at once (React state changes within the click) until the server answers:
  // a fetch in flight or a batched cache notification cannot show the old value in between.
  const [pending, setPending] = useState<PreferencePatch>({});
  // Drops a patch's keys once its save is answered, unless a later click changed them again.
  const settle = (patch: PreferencePatch) =>
    setPending((current) => {
      const next = { ...current };
      for (const key of Object.keys(patch) as (keyof PreferencePatch)[]) {
        if (next[key] === patch[key]) delete next[key];
      }
      return next;
    });
  // Callbacks on the mutation itself run for every save, not only the latest one.
  const save = trpc.accounts.updatePreferences.useMutation({
    onSuccess: (saved, patch) => {
      utils.accounts.preferences.setData(undefined, saved);
      settle(patch);
      // The checkbox already shows the choice: the toast only confirms it was stored (bottom of the screen,
      // clear of the top bar).
      notifications.show({ id: 'preferences-saved', color: 'green', message: t`Preferences saved` });
    },
    onError: (error, patch) => {
      settle(patch);
      notifications.show({ id: 'preferences-saved', color: 'red', message: errorMessage(error) });
    },
  });
  const change = (patch: PreferencePatch) => {
    setPending((current) => ({ ...current, ...patch }));
    void utils.accounts.preferences.cancel();
    save.mutate(patch);
  };
  const data = preferences.data ? { ...preferences.data, ...pending } : undefined;
  const failed = preferences.error || (!preferences.isLoading && !data);
  return (
    <>
      <Card withBorder radius="md" p="lg" component="section" aria-labelledby="emails-heading">
        <Stack gap="sm">
          <Title order={2} fz="h4" id="emails-heading">
            <Trans>Notification e-mails</Trans>
          </Title>
          {failed ? (
            <Alert color="red" role="alert">
              {errorMessage(preferences.error, t`Failed to load your preferences`)}
            </Alert>
          ) : (
            <Checkbox
              label={t`Send important updates by email`}
              description={t`Unread messages and changes to your account and plan.`}
              disabled={!data}
              checked={data?.emailUpdates ?? false}
              onChange={(e) => change({ emailUpdates: e.currentTarget.checked })}
            />
          )}
        </Stack>
      </Card>
      <Card withBorder radius="md" p="lg" component="section" aria-labelledby="business-page-heading">
        <Stack gap="sm">
          <Title order={2} fz="h4" id="business-page-heading">
            <Trans>Business page</Trans>
          </Title>
          {failed ? null : (
            <Checkbox
              label={t`Show my business page`}
              description={t`Turned off, your business page is hidden and your company name is left off your listing cards.`}
              disabled={!data}
              checked={data?.[BUSINESS_PAGE_KEY] ?? false}
              onChange={(e) => change({ [BUSINESS_PAGE_KEY]: e.currentTarget.checked })}
            />
          )}
        </Stack>
      </Card>
    </>
  );
}
