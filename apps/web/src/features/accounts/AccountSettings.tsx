import { errorMessage, type SessionUser, trpc } from '@barterads/api-client';
import { LIMITS, MESSAGES, normalizePhone } from '@barterads/core';
import {
  Alert,
  Button,
  Card,
  Checkbox,
  Grid,
  Group,
  Loader,
  PasswordInput,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type FormEvent, type ReactNode, useState } from 'react';
import { LoadError } from '../../components/LoadError';
import { ChangeEmailDialog } from './ChangeEmailDialog';
import { DataRightsSection } from './DataRightsSection';

export interface AccountSettingsProps {
  /** Rendered after the profile, account, password and preferences sections (for example billing cards). */
  extraSections?: ReactNode;
  /** The page heading; 'Account Settings' by default. */
  title?: string;
}

/** The account settings of /settings and /dashboard/settings: every section saves to the account. */
export function AccountSettings({ extraSections, title = 'Account Settings' }: AccountSettingsProps) {
  const me = trpc.accounts.me.useQuery(undefined, { staleTime: 0 });
  return (
    <Stack gap="lg">
      <Title order={1} fz="h2">
        {title}
      </Title>
      {me.isLoading ? (
        <Group gap="sm" role="status">
          <Loader size="sm" />
          <Text>Loading your profile…</Text>
        </Group>
      ) : me.error || !me.data ? (
        <LoadError
          title="Failed to load your profile"
          error={me.error}
          fallback={'Failed to load your profile'}
          onRetry={() => void me.refetch()}
        />
      ) : (
        <>
          <Grid gap="lg">
            <Grid.Col span={{ base: 12, md: 8 }}>
              <ProfileForm key={me.data.user.email} user={me.data.user} />
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 4 }}>
              <AccountCard user={me.data.user} />
            </Grid.Col>
          </Grid>
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
            <PasswordForm />
            <PreferencesCard />
          </SimpleGrid>
          {extraSections}
          <DataRightsSection />
        </>
      )}
    </Stack>
  );
}

interface ProfileValues {
  firstName: string;
  lastName: string;
  phoneNumber: string;
  companyName: string;
  description: string;
}

type ProfileErrors = Partial<Record<keyof ProfileValues, string>>;

function validateProfile(values: ProfileValues): ProfileErrors {
  const errors: ProfileErrors = {};
  if (!values.firstName.trim()) errors.firstName = 'First name is required.';
  if (!values.lastName.trim()) errors.lastName = 'Last name is required.';
  if (values.phoneNumber.trim()) {
    const phone = normalizePhone(values.phoneNumber);
    if (!phone.ok) errors.phoneNumber = phone.message;
  }
  return errors;
}

function ProfileForm({ user }: { user: SessionUser }) {
  const utils = trpc.useUtils();
  const [values, setValues] = useState<ProfileValues>({
    firstName: user.firstName,
    lastName: user.lastName,
    phoneNumber: user.phoneNumber ?? '',
    companyName: user.companyName ?? '',
    description: user.description ?? '',
  });
  const [errors, setErrors] = useState<ProfileErrors>({});
  const [saved, setSaved] = useState(false);
  const update = trpc.accounts.updateProfile.useMutation({
    onSuccess: ({ user: updated, message }) => {
      utils.accounts.me.setData(undefined, { user: updated });
      utils.accounts.session.setData(undefined, { user: updated });
      setSaved(true);
      notifications.show({ color: 'green', message });
    },
  });
  const field = (name: keyof ProfileValues) => ({
    value: values[name],
    error: errors[name],
    onChange: (event: { currentTarget: { value: string } }) => {
      const value = event.currentTarget.value;
      setValues((v) => ({ ...v, [name]: value }));
      setSaved(false);
    },
  });
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const found = validateProfile(values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const phone = values.phoneNumber.trim() ? normalizePhone(values.phoneNumber) : null;
    update.mutate({
      firstName: values.firstName.trim(),
      lastName: values.lastName.trim(),
      phoneNumber: phone?.ok ? phone.phone : '',
      companyName: values.companyName,
      description: values.description,
    });
  };
  return (
    <Card withBorder radius="md" p="lg" component="section" aria-labelledby="profile-heading">
      <form onSubmit={onSubmit} noValidate>
        <Stack>
          <Title order={2} fz="h4" id="profile-heading">
            Profile
          </Title>
          {update.error ? (
            <Alert color="red" role="alert">
              {errorMessage(update.error, MESSAGES.profileSaveFailed)}
            </Alert>
          ) : null}
          {saved && !update.error ? (
            <Alert color="green" role="status">
              {MESSAGES.profileUpdated}
            </Alert>
          ) : null}
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label="First name" required autoComplete="given-name" {...field('firstName')} />
            <TextInput label="Last name" required autoComplete="family-name" {...field('lastName')} />
          </SimpleGrid>
          <Group align="flex-end" gap="sm" wrap="nowrap">
            <TextInput label="Email" type="email" readOnly autoComplete="email" value={user.email} flex={1} />
            <ChangeEmailDialog currentEmail={user.email} />
          </Group>
          <TextInput
            label="Phone"
            type="tel"
            placeholder="+91XXXXXXXXXX"
            autoComplete="tel"
            {...field('phoneNumber')}
          />
          <TextInput label="Company" autoComplete="organization" {...field('companyName')} />
          <Textarea label="About" autosize minRows={3} maxRows={8} {...field('description')} />
          <Group>
            <Button type="submit" loading={update.isPending}>
              {update.isPending ? 'Saving…' : 'Save Changes'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}

function AccountCard({ user }: { user: SessionUser }) {
  return (
    <Stack gap="lg">
      <Card withBorder radius="md" p="lg" component="section" aria-labelledby="your-account-heading">
        <Stack gap="sm">
          <Title order={2} fz="h4" id="your-account-heading">
            Your Account
          </Title>
          <Group justify="space-between">
            <Text c="dimmed">Role</Text>
            <Text fw={500}>{(user.role || 'user').toLowerCase()}</Text>
          </Group>
          <Group justify="space-between">
            <Text c="dimmed">Business role</Text>
            <Text fw={500}>{(user.userType || 'advertiser').replace(/_/g, ' ')}</Text>
          </Group>
          <Group justify="space-between">
            <Text c="dimmed">Email verified</Text>
            <Text fw={500}>{user.emailVerified ? 'Yes' : 'No'}</Text>
          </Group>
        </Stack>
      </Card>
    </Stack>
  );
}

function PasswordForm() {
  const [currentPassword, setCurrentPassword] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [localError, setLocalError] = useState<string | null>(null);
  const [success, setSuccess] = useState(false);
  const change = trpc.accounts.changePassword.useMutation({
    onSuccess: () => {
      setCurrentPassword('');
      setNewPassword('');
      setConfirmPassword('');
      setSuccess(true);
    },
  });
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setSuccess(false);
    change.reset();
    if (!currentPassword || !newPassword) return setLocalError(MESSAGES.passwordFillBoth);
    if (newPassword.length < LIMITS.passwordMin || confirmPassword.length < LIMITS.passwordMin)
      return setLocalError(MESSAGES.passwordTooShort);
    if (newPassword !== confirmPassword) return setLocalError(MESSAGES.passwordMismatch);
    setLocalError(null);
    change.mutate({ currentPassword, newPassword });
  };
  const error =
    localError ?? (change.error ? errorMessage(change.error, MESSAGES.passwordUpdateFailed) : null);
  return (
    <Card withBorder radius="md" p="lg" component="section" aria-labelledby="password-heading">
      <form onSubmit={onSubmit} noValidate>
        <Stack>
          <Title order={2} fz="h4" id="password-heading">
            Change password
          </Title>
          {error ? (
            <Alert color="red" role="alert">
              {error}
            </Alert>
          ) : null}
          {success ? (
            <Alert color="green" role="status">
              {MESSAGES.passwordUpdated}
            </Alert>
          ) : null}
          <PasswordInput
            label="Current password"
            autoComplete="current-password"
            required
            value={currentPassword}
            onChange={(e) => setCurrentPassword(e.currentTarget.value)}
          />
          <PasswordInput
            label="New password"
            autoComplete="new-password"
            required
            minLength={LIMITS.passwordMin}
            value={newPassword}
            onChange={(e) => setNewPassword(e.currentTarget.value)}
          />
          <PasswordInput
            label="Confirm new password"
            autoComplete="new-password"
            required
            minLength={LIMITS.passwordMin}
            value={confirmPassword}
            onChange={(e) => setConfirmPassword(e.currentTarget.value)}
          />
          <Group>
            <Button type="submit" loading={change.isPending}>
              {change.isPending ? 'Updating…' : 'Update Password'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}

type PreferencePatch = { emailUpdates?: boolean; showProfile?: boolean };

function PreferencesCard() {
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
      notifications.show({ color: 'green', message: 'Preferences saved' });
    },
    onError: (error, patch) => {
      settle(patch);
      notifications.show({ color: 'red', message: errorMessage(error) });
    },
  });
  const change = (patch: PreferencePatch) => {
    setPending((current) => ({ ...current, ...patch }));
    void utils.accounts.preferences.cancel();
    save.mutate(patch);
  };
  const data = preferences.data ? { ...preferences.data, ...pending } : undefined;
  return (
    <Card withBorder radius="md" p="lg" component="section" aria-labelledby="preferences-heading">
      <Stack>
        <Title order={2} fz="h4" id="preferences-heading">
          Preferences
        </Title>
        {preferences.isLoading ? (
          <Loader size="sm" aria-label="Loading preferences" />
        ) : preferences.error || !data ? (
          <Alert color="red" role="alert">
            {errorMessage(preferences.error, 'Failed to load your preferences')}
          </Alert>
        ) : (
          <>
            <Checkbox
              label="Send important updates by email"
              checked={data.emailUpdates}
              onChange={(e) => change({ emailUpdates: e.currentTarget.checked })}
            />
            <Checkbox
              label="Show my profile to verified partners"
              checked={data.showProfile}
              onChange={(e) => change({ showProfile: e.currentTarget.checked })}
            />
          </>
        )}
      </Stack>
    </Card>
  );
}
