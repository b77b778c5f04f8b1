import { errorMessage, trpc } from '@barterads/api-client';
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Button, Group, List, Modal, Paper, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type FormEvent, useId, useState } from 'react';
import { useLocalSignOut } from './actions';

export interface DataRightsSectionProps {
  /** Called after the account was deleted, before the app goes home (default: nothing extra). */
  onDeleted?: () => void;
}

/** Saves a JSON value as a file the browser downloads. */
function downloadJson(value: unknown, filename: string): void {
  const blob = new Blob([JSON.stringify(value, null, 2)], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/**
 * "Your data" (India's DPDP Act): download everything we hold as JSON, or delete the account after
 * re-entering the password. Goes into /settings.
 */
export function DataRightsSection({ onDeleted }: DataRightsSectionProps) {
  const { t } = useLingui();
  const utils = trpc.useUtils();
  const signOut = useLocalSignOut();
  const titleId = useId();
  const [exporting, setExporting] = useState(false);
  const [exportError, setExportError] = useState<string | null>(null);
  const [confirmOpen, setConfirmOpen] = useState(false);
  const [password, setPassword] = useState('');
  const [passwordError, setPasswordError] = useState<string | null>(null);

  const deleteAccount = trpc.accounts.deleteAccount.useMutation({
    onSuccess: async (result) => {
      setConfirmOpen(false);
      setPassword('');
      notifications.show({ color: 'green', message: result.message });
      onDeleted?.();
      await signOut('/');
    },
  });

  async function handleExport() {
    setExporting(true);
    setExportError(null);
    try {
      // Always fresh from the server, never from the cache.
      const data = await utils.client.accounts.exportData.query();
      downloadJson(data, `barterads-my-data-${data.exportedAt.slice(0, 10)}.json`);
    } catch (error) {
      setExportError(errorMessage(error, t`Could not prepare your data. Please try again.`));
    } finally {
      setExporting(false);
    }
  }

  function handleDelete(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (password.trim() === '') {
      setPasswordError(t`Please enter your password to confirm.`);
      return;
    }
    setPasswordError(null);
    deleteAccount.mutate({ password });
  }

  function closeModal() {
    if (deleteAccount.isPending) return;
    setConfirmOpen(false);
    setPassword('');
    setPasswordError(null);
    deleteAccount.reset();
  }

  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby={titleId}>
      <Stack gap="md">
        <div>
          <Title order={2} size="h3" id={titleId}>
            <Trans>Your data</Trans>
          </Title>
          <Text c="dimmed" size="sm" mt={4}>
            <Trans>Download a copy of everything we hold about you, or delete your account.</Trans>
          </Text>
        </div>

        {exportError && (
          <Alert color="red" title={t`Download failed`} role="alert">
            {exportError}
          </Alert>
        )}

        <Group gap="sm" wrap="wrap">
          <Button variant="default" onClick={handleExport} loading={exporting}>
            <Trans>Download my data (JSON)</Trans>
          </Button>
          <Button color="red" variant="outline" onClick={() => setConfirmOpen(true)}>
            <Trans>Delete my account</Trans>
          </Button>
        </Group>
      </Stack>

      <Modal
        opened={confirmOpen}
        onClose={closeModal}
        title={t`Delete your account?`}
        centered
        closeOnClickOutside={!deleteAccount.isPending}
      >
        <form onSubmit={handleDelete} noValidate>
          <Stack gap="md">
            <Text size="sm">
              <Trans>This cannot be undone. When you delete your account:</Trans>
            </Text>
            <List size="sm" spacing={4}>
              <List.Item>
                <Trans>your listings are archived and leave the marketplace;</Trans>
              </List.Item>
              <List.Item>
                <Trans>your messages stay with the people you wrote to, shown as from "Deleted user";</Trans>
              </List.Item>
              <List.Item>
                <Trans>you are signed out on every device;</Trans>
              </List.Item>
              <List.Item>
                <Trans>your name, e-mail, phone and company are erased.</Trans>
              </List.Item>
            </List>
            <PasswordInput
              label={t`Password`}
              description={t`Enter your password to confirm.`}
              autoComplete="current-password"
              required
              value={password}
              onChange={(event) => {
                setPassword(event.currentTarget.value);
                setPasswordError(null);
              }}
              error={passwordError}
              data-autofocus
            />
            {deleteAccount.error && (
              <Alert color="red" role="alert">
                {errorMessage(deleteAccount.error)}
              </Alert>
            )}
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={closeModal} disabled={deleteAccount.isPending}>
                <Trans>Cancel</Trans>
              </Button>
              <Button type="submit" color="red" loading={deleteAccount.isPending}>
                <Trans>Delete my account permanently</Trans>
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </Paper>
  );
}
