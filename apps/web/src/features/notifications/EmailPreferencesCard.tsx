import { errorMessage, trpc } from '@barterads/api-client';
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Card, Checkbox, Skeleton, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useCoreText } from '../../i18n/core-text';

/** Per-kind e-mail switches (product-spec-2 section 5): every notification stays in the bell either way. */
export function EmailPreferencesCard() {
  const { t } = useLingui();
  const core = useCoreText();
  const utils = trpc.useUtils();
  const query = trpc.notifications.preferences.useQuery();
  const save = trpc.notifications.setPreference.useMutation({
    onMutate: async ({ kind, email }) => {
      await utils.notifications.preferences.cancel();
      const before = utils.notifications.preferences.getData();
      if (before) {
        utils.notifications.preferences.setData(undefined, {
          preferences: before.preferences.map((p) => (p.kind === kind ? { ...p, email } : p)),
        });
      }
      return { before };
    },
    onSuccess: (saved) => {
      utils.notifications.preferences.setData(undefined, saved);
      notifications.show({ id: 'preferences-saved', color: 'green', message: t`Preferences saved` });
    },
    onError: (error, _input, context) => {
      if (context?.before) utils.notifications.preferences.setData(undefined, context.before);
      notifications.show({ id: 'preferences-saved', color: 'red', message: errorMessage(error) });
    },
  });
  return (
    <Card withBorder radius="md" p="lg" component="section" aria-labelledby="kind-emails-heading">
      <Stack gap="sm">
        <Title order={2} fz="h4" id="kind-emails-heading">
          <Trans>E-mail me when</Trans>
        </Title>
        <Text fz="sm" c="dimmed">
          <Trans>Everything still shows in the bell; these choose what is also e-mailed.</Trans>
        </Text>
        {query.isPending ? (
          <Skeleton h={120} />
        ) : query.isError ? (
          <Alert color="red" role="alert">
            {errorMessage(query.error, t`Failed to load your preferences`)}
          </Alert>
        ) : (
          query.data.preferences.map((p) => (
            <Checkbox
              key={p.kind}
              label={core(p.label)}
              checked={p.email}
              onChange={(e) => save.mutate({ kind: p.kind, email: e.currentTarget.checked })}
            />
          ))
        )}
      </Stack>
    </Card>
  );
}
