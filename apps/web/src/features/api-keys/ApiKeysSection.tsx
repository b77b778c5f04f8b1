import { errorMessage, trpc } from '@barterads/api-client';
import { API_KEY_SCOPES, type ApiKeyScope } from '@barterads/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  Alert,
  Badge,
  Button,
  Card,
  Code,
  CopyButton,
  Group,
  Paper,
  SegmentedControl,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { LoadError } from '../../components/LoadError';

const SCOPE_LABEL = { read: msg`Read only`, read_write: msg`Read and write` } as const satisfies Record<
  ApiKeyScope,
  unknown
>;

/** Settings: the REST API keys of a Professional or Enterprise member; an upsell on other plans. */
export function ApiKeysSection() {
  const { t, i18n } = useLingui();
  const formatWhen = (iso: string | null) => {
    if (!iso) return t`Never used`;
    const when = new Date(iso).toLocaleString(
      i18n.locale === 'en' ? 'en-IN' : `${i18n.locale}-IN-u-nu-latn`,
      {
        dateStyle: 'medium',
        timeStyle: 'short',
        ...(i18n.locale === 'en' ? {} : { hourCycle: 'h23' as const }),
      },
    );
    return t`Last used ${when}`;
  };
  const utils = trpc.useUtils();
  const query = trpc.apiKeys.list.useQuery();
  const [name, setName] = useState('');
  const [scope, setScope] = useState<ApiKeyScope>('read');
  const [secret, setSecret] = useState<string | null>(null);
  const create = trpc.apiKeys.create.useMutation({
    onSuccess: async (result) => {
      setSecret(result.secret);
      setName('');
      await utils.apiKeys.list.invalidate();
    },
  });
  const revoke = trpc.apiKeys.revoke.useMutation({
    onSuccess: async () => utils.apiKeys.list.invalidate(),
  });

  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="api-keys-title">
      <Stack gap="sm">
        <Title order={2} fz="h4" id="api-keys-title">
          <Trans>API keys</Trans>
        </Title>
        {query.isLoading ? (
          <Skeleton h={60} role="status" aria-label={t`Loading API keys`} />
        ) : query.isError ? (
          <LoadError
            title={t`Could not load your API keys`}
            error={query.error}
            onRetry={() => query.refetch()}
          />
        ) : !query.data?.apiAccess ? (
          <Alert color="blue" title={t`API access comes with Professional and Enterprise`}>
            <Stack gap="xs">
              <Text size="sm">
                <Trans>
                  Connect your CRM or media planning tools to BarterAds through the REST API with your own
                  keys.
                </Trans>
              </Text>
              <Button component={Link} to="/pricing" size="compact-sm" w="fit-content">
                <Trans>See plans</Trans>
              </Button>
            </Stack>
          </Alert>
        ) : (
          <>
            <Text size="sm" c="dimmed">
              <Trans>
                Send a key as <Code>Authorization: Bearer &lt;key&gt;</Code> to the REST API (see /api/docs).
                Read keys cannot make changes.
              </Trans>
            </Text>
            {secret && (
              <Alert
                color="green"
                title={t`Copy your new key now`}
                withCloseButton
                onClose={() => setSecret(null)}
              >
                <Stack gap="xs">
                  <Text size="sm">
                    <Trans>It is shown only this once; we keep only a fingerprint of it.</Trans>
                  </Text>
                  <Code block data-testid="api-key-secret" style={{ wordBreak: 'break-all' }}>
                    {secret}
                  </Code>
                  <CopyButton value={secret}>
                    {({ copied, copy }) => (
                      <Button
                        size="compact-sm"
                        w="fit-content"
                        color={copied ? 'teal' : undefined}
                        onClick={copy}
                      >
                        {copied ? t`Copied` : t`Copy key`}
                      </Button>
                    )}
                  </CopyButton>
                </Stack>
              </Alert>
            )}
            <form
              onSubmit={(event) => {
                event.preventDefault();
                create.mutate({ name, scope });
              }}
            >
              <Stack gap="xs">
                <TextInput
                  label={t`Key name`}
                  placeholder="CRM sync"
                  value={name}
                  maxLength={60}
                  required
                  onChange={(event) => setName(event.currentTarget.value)}
                />
                <SegmentedControl
                  aria-label={t`Scope`}
                  value={scope}
                  onChange={(value) => setScope(value as ApiKeyScope)}
                  data={API_KEY_SCOPES.map((s) => ({ value: s, label: i18n._(SCOPE_LABEL[s]) }))}
                />
                {create.error && (
                  <Text c="red" size="sm" role="alert">
                    {errorMessage(create.error, t`Could not create the key.`)}
                  </Text>
                )}
                <Button type="submit" loading={create.isPending} w="fit-content">
                  <Trans>Create key</Trans>
                </Button>
              </Stack>
            </form>
            {query.data.apiKeys.length === 0 ? (
              <Text size="sm">
                <Trans>No API keys yet.</Trans>
              </Text>
            ) : (
              <Stack gap="xs" role="list" aria-label={t`Your API keys`}>
                {query.data.apiKeys.map((key) => (
                  <Paper key={key.id} withBorder p="sm" role="listitem">
                    <Group justify="space-between" wrap="wrap" gap="xs">
                      <Stack gap={2}>
                        <Group gap="xs">
                          <Text fw={600} translate="no">
                            {key.name}
                          </Text>
                          <Badge variant="light">{i18n._(SCOPE_LABEL[key.scope])}</Badge>
                        </Group>
                        <Code>{key.prefix}…</Code>
                        <Text size="xs" c="dimmed">
                          {formatWhen(key.lastUsedAt)}
                        </Text>
                      </Stack>
                      <Button
                        color="red"
                        variant="light"
                        size="compact-sm"
                        loading={revoke.isPending && revoke.variables?.id === key.id}
                        onClick={() => {
                          if (window.confirm(t`Revoke the key "${key.name}"? It stops working at once.`))
                            revoke.mutate({ id: key.id });
                        }}
                        aria-label={t`Revoke key ${key.name}`}
                      >
                        <Trans>Revoke</Trans>
                      </Button>
                    </Group>
                  </Paper>
                ))}
              </Stack>
            )}
          </>
        )}
      </Stack>
    </Card>
  );
}
