import { errorMessage, type SessionUser, trpc } from '@barterads/api-client';
import { LIMITS, MESSAGES } from '@barterads/core';
import { ChangePasswordForm, ProfileFields } from '@barterads/core/forms';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  Alert,
  Button,
  Card,
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
import { schemaResolver, useForm } from '@mantine/form';
import { Link } from '@tanstack/react-router';
import { type ReactNode, useState } from 'react';
import { applyServerIssues } from '../../components/forms';
import { LoadError } from '../../components/LoadError';
import { translateFormErrors, useCoreText } from '../../i18n/core-text';
import { ChangeEmailDialog } from './ChangeEmailDialog';
import { DataRightsSection } from './DataRightsSection';

export interface AccountSettingsProps {
  /** Rendered after the profile, account, password and preferences sections (for example billing cards). */
  extraSections?: ReactNode;
  /** The page heading; 'Account Settings' by default. */
  title?: string;
}

/**
 * The account settings of /settings: profile, account, password, billing (extraSections) and data rights.
 * Preferences (appearance, e-mails, business page) are on /dashboard/settings.
 */
export function AccountSettings({ extraSections, title }: AccountSettingsProps) {
  const { t } = useLingui();
  const me = trpc.accounts.me.useQuery(undefined, { staleTime: 0 });
  return (
    <Stack gap="lg">
      <Title order={1} fz="h2">
        {title ?? t`Account Settings`}
      </Title>
      {me.isLoading ? (
        <Group gap="sm" role="status">
          <Loader size="sm" />
          <Text>
            <Trans>Loading your profile…</Trans>
          </Text>
        </Group>
      ) : me.error || !me.data ? (
        <LoadError
          title={t`Failed to load your profile`}
          error={me.error}
          fallback={t`Failed to load your profile`}
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
            <PreferencesLinkCard />
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

const PROFILE_FIELDS = ['firstName', 'lastName', 'phoneNumber', 'companyName', 'description'];

/** The server's profile schema (@barterads/core/forms): the same refusals, in the same words. */
const resolveProfile = schemaResolver(ProfileFields, { sync: true });

function ProfileForm({ user }: { user: SessionUser }) {
  const { t } = useLingui();
  const core = useCoreText();
  const utils = trpc.useUtils();
  const form = useForm<ProfileValues>({
    mode: 'controlled',
    initialValues: {
      firstName: user.firstName,
      lastName: user.lastName,
      phoneNumber: user.phoneNumber ?? '',
      companyName: user.companyName ?? '',
      description: user.description ?? '',
    },
    validate: (values) => translateFormErrors(resolveProfile(values), core),
    onValuesChange: () => setSaved(false),
  });
  const [saved, setSaved] = useState(false);
  const update = trpc.accounts.updateProfile.useMutation({
    onSuccess: ({ user: updated }) => {
      utils.accounts.me.setData(undefined, { user: updated });
      utils.accounts.session.setData(undefined, { user: updated });
      // Said once, in the form's own status line (no toast repeating it).
      setSaved(true);
    },
    onError: (error) => applyServerIssues(form, error, PROFILE_FIELDS),
  });
  const onSubmit = form.onSubmit((values) => {
    update.mutate({
      firstName: values.firstName.trim(),
      lastName: values.lastName.trim(),
      phoneNumber: values.phoneNumber.trim() || null,
      companyName: values.companyName,
      description: values.description,
    });
  });
  return (
    <Card withBorder radius="md" p="lg" component="section" aria-labelledby="profile-heading">
      <form onSubmit={onSubmit} noValidate>
        <Stack>
          <Title order={2} fz="h4" id="profile-heading">
            <Trans>Profile</Trans>
          </Title>
          {update.error ? (
            <Alert color="red" role="alert">
              {errorMessage(update.error, core(MESSAGES.profileSaveFailed))}
            </Alert>
          ) : null}
          {saved && !update.error ? (
            <Alert color="green" role="status">
              {core(MESSAGES.profileUpdated)}
            </Alert>
          ) : null}
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label={t`First name`}
              required
              autoComplete="given-name"
              {...form.getInputProps('firstName')}
            />
            <TextInput
              label={t`Last name`}
              required
              autoComplete="family-name"
              {...form.getInputProps('lastName')}
            />
          </SimpleGrid>
          <Group align="flex-end" gap="sm" wrap="nowrap">
            <TextInput
              label={t`Email`}
              type="email"
              readOnly
              autoComplete="email"
              value={user.email}
              flex={1}
            />
            <ChangeEmailDialog currentEmail={user.email} />
          </Group>
          <TextInput
            label={t`Phone`}
            type="tel"
            placeholder="+91XXXXXXXXXX"
            autoComplete="tel"
            {...form.getInputProps('phoneNumber')}
          />
          <TextInput label={t`Company`} autoComplete="organization" {...form.getInputProps('companyName')} />
          <Textarea
            label={t({ message: 'About', context: 'a member profile field: a few words about the business' })}
            autosize
            minRows={3}
            maxRows={8}
            {...form.getInputProps('description')}
          />
          <Group>
            <Button type="submit" loading={update.isPending}>
              {update.isPending ? t`Saving…` : t`Save Changes`}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}

function AccountCard({ user }: { user: SessionUser }) {
  const { t } = useLingui();
  const core = useCoreText();
  return (
    <Stack gap="lg">
      <Card withBorder radius="md" p="lg" component="section" aria-labelledby="your-account-heading">
        <Stack gap="sm">
          <Title order={2} fz="h4" id="your-account-heading">
            <Trans>Your Account</Trans>
          </Title>
          <Group justify="space-between">
            <Text c="dimmed">
              <Trans>Role</Trans>
            </Text>
            <Text fw={500}>{user.role === 'admin' ? t`admin` : t`member`}</Text>
          </Group>
          <Group justify="space-between">
            <Text c="dimmed">
              <Trans>Business role</Trans>
            </Text>
            <Text fw={500}>
              {user.userType === 'media_owner'
                ? core('Media Owner').toLowerCase()
                : core('Advertiser').toLowerCase()}
            </Text>
          </Group>
          <Group justify="space-between">
            <Text c="dimmed">
              <Trans>Email verified</Trans>
            </Text>
            <Text fw={500}>{user.emailVerified ? t`Yes` : t`No`}</Text>
          </Group>
        </Stack>
      </Card>
    </Stack>
  );
}

const PASSWORD_FIELDS = ['currentPassword', 'newPassword', 'confirmPassword'];
const resolvePassword = schemaResolver(ChangePasswordForm, { sync: true });

function PasswordForm() {
  const { t } = useLingui();
  const core = useCoreText();
  const [success, setSuccess] = useState(false);
  const form = useForm<ChangePasswordForm>({
    mode: 'controlled',
    initialValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
    // The server's own rules (@barterads/core/forms), plus the confirmation matching.
    validate: (values) => translateFormErrors(resolvePassword(values), core),
    onValuesChange: () => setSuccess(false),
  });
  const change = trpc.accounts.changePassword.useMutation({
    onSuccess: () => {
      form.reset();
      setSuccess(true);
    },
    onError: (error) => applyServerIssues(form, error, PASSWORD_FIELDS),
  });
  const onSubmit = form.onSubmit(({ currentPassword, newPassword }) => {
    setSuccess(false);
    change.reset();
    change.mutate({ currentPassword, newPassword });
  });
  const serverError =
    change.error && !change.error.data?.issues
      ? errorMessage(change.error, core(MESSAGES.passwordUpdateFailed))
      : null;
  return (
    <Card withBorder radius="md" p="lg" component="section" aria-labelledby="password-heading">
      <form onSubmit={onSubmit} noValidate>
        <Stack>
          <Title order={2} fz="h4" id="password-heading">
            <Trans>Change password</Trans>
          </Title>
          {serverError ? (
            <Alert color="red" role="alert">
              {serverError}
            </Alert>
          ) : null}
          {success ? (
            <Alert color="green" role="status">
              {core(MESSAGES.passwordUpdated)}
            </Alert>
          ) : null}
          <PasswordInput
            label={t`Current password`}
            autoComplete="current-password"
            required
            {...form.getInputProps('currentPassword')}
          />
          <PasswordInput
            label={t`New password`}
            autoComplete="new-password"
            required
            minLength={LIMITS.passwordMin}
            {...form.getInputProps('newPassword')}
          />
          <PasswordInput
            label={t`Confirm new password`}
            autoComplete="new-password"
            required
            minLength={LIMITS.passwordMin}
            {...form.getInputProps('confirmPassword')}
          />
          <Group>
            <Button type="submit" loading={change.isPending}>
              {change.isPending ? t`Updating…` : t`Update Password`}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}

/** Appearance, notification e-mails and business-page visibility live on the preferences page. */
function PreferencesLinkCard() {
  return (
    <Card withBorder radius="md" p="lg" component="section" aria-labelledby="preferences-link-heading">
      <Stack>
        <Title order={2} fz="h4" id="preferences-link-heading">
          <Trans>Preferences</Trans>
        </Title>
        <Text fz="sm">
          <Trans>Appearance, notification e-mails and whether your business page is shown.</Trans>
        </Text>
        <Group>
          <Button component={Link} to="/dashboard/settings" variant="light">
            <Trans>Open preferences</Trans>
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
