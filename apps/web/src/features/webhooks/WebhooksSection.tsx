import { errorMessage, type RouterOutputs, trpc } from '@barterads/api-client';
import { EVENT_TYPES, LANGUAGE_TAGS } from '@barterads/core';
import type { MessageDescriptor } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  Alert,
  Badge,
  Button,
  Card,
  Code,
  CopyButton,
  Group,
  MultiSelect,
  Paper,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { LoadError } from '../../components/LoadError';
import { usePageLanguage } from '../../i18n/core-text';

type Webhook = RouterOutputs['webhooks']['list']['webhooks'][number];
type Delivery = RouterOutputs['webhooks']['deliveries']['deliveries'][number];

const STATUS_LABEL = {
  pending: msg`pending`,
  delivered: msg`delivered`,
  skipped: msg`skipped`,
  failed: msg`failed`,
} as const satisfies Record<Delivery['status'], MessageDescriptor>;

const STATUS_COLOR: Record<Delivery['status'], string> = {
  pending: 'yellow',
  delivered: 'green',
  skipped: 'gray',
  failed: 'red',
};

/** "28 Nov 2026, 3:05 pm" in the page's language (Indian dates: hi-IN, mr-IN, en-IN). */
function useWhen(): (iso: string) => string {
  const language = usePageLanguage();
  return (iso: string) =>
    new Date(iso).toLocaleString(LANGUAGE_TAGS[language], { dateStyle: 'medium', timeStyle: 'short' });
}

/** A secret shown once (after creating an endpoint or rotating its secret). */
function SecretOnce({ secret, onClose }: { secret: string; onClose: () => void }) {
  const { t } = useLingui();
  return (
    <Alert
      color="green"
      title={t`Copy the signing secret now`}
      withCloseButton
      onClose={onClose}
      closeButtonLabel={t`Close`}
    >
      <Stack gap="xs">
        <Text size="sm">
          <Trans>
            It is shown only this once. Check each delivery's <Code translate="no">BarterAds-Signature</Code>{' '}
            with it.
          </Trans>
        </Text>
        <Code block data-testid="webhook-secret" style={{ wordBreak: 'break-all' }}>
          {secret}
        </Code>
        <CopyButton value={secret}>
          {({ copied, copy }) => (
            <Button size="compact-sm" w="fit-content" color={copied ? 'teal' : undefined} onClick={copy}>
              {copied ? t`Copied` : t`Copy secret`}
            </Button>
          )}
        </CopyButton>
      </Stack>
    </Alert>
  );
}

function Deliveries({ webhook }: { webhook: Webhook }) {
  const { t, i18n } = useLingui();
  const when = useWhen();
  const utils = trpc.useUtils();
  const query = trpc.webhooks.deliveries.useQuery(
    { id: webhook._id },
    // While something is pending, look again (the dispatcher works in the background).
    {
      refetchInterval: (q) => (q.state.data?.deliveries.some((d) => d.status === 'pending') ? 3_000 : false),
    },
  );
  const resend = trpc.webhooks.resend.useMutation({
    onSuccess: async () => utils.webhooks.deliveries.invalidate({ id: webhook._id }),
  });
  if (query.isLoading) return <Skeleton h={40} role="status" aria-label={t`Loading deliveries`} />;
  if (query.isError) {
    return (
      <LoadError
        title={t`Could not load the deliveries`}
        error={query.error}
        onRetry={() => query.refetch()}
      />
    );
  }
  const deliveries = query.data?.deliveries ?? [];
  if (deliveries.length === 0)
    return (
      <Text size="sm">
        <Trans>No deliveries yet.</Trans>
      </Text>
    );
  return (
    <Stack gap={6} role="list" aria-label={t`Deliveries to ${webhook.url}`}>
      {resend.error && (
        <Text c="red" size="sm" role="alert">
          {errorMessage(resend.error, t`Could not resend it.`)}
        </Text>
      )}
      {deliveries.map((d) => (
        <Paper key={d._id} withBorder p="xs" role="listitem">
          <Group justify="space-between" wrap="wrap" gap="xs">
            <Stack gap={2}>
              <Group gap="xs">
                <Text size="sm" fw={600} translate="no">
                  {d.eventType}
                </Text>
                <Badge size="sm" variant="light" color={STATUS_COLOR[d.status]}>
                  {i18n._(STATUS_LABEL[d.status])}
                </Badge>
              </Group>
              <Text size="xs" c="dimmed">
                {when(d.createdAt)} · {t`${plural(d.attempts, { one: '# attempt', other: '# attempts' })}`}
                {d.lastStatusCode !== null ? ` · ${t`answered ${d.lastStatusCode}`}` : ''}
                {d.nextAttemptAt ? ` · ${t`next ${when(d.nextAttemptAt)}`}` : ''}
              </Text>
              {d.lastError && d.status !== 'delivered' && (
                <Text size="xs" c="red" style={{ wordBreak: 'break-word' }} translate="no">
                  {d.lastError}
                </Text>
              )}
            </Stack>
            <Button
              size="compact-sm"
              variant="light"
              disabled={webhook.status !== 'active'}
              loading={resend.isPending && resend.variables?.deliveryId === d._id}
              onClick={() => resend.mutate({ id: webhook._id, deliveryId: d._id })}
              aria-label={t`Resend ${d.eventType} of ${when(d.createdAt)}`}
            >
              <Trans>Resend</Trans>
            </Button>
          </Group>
        </Paper>
      ))}
    </Stack>
  );
}

function Endpoint({ webhook, onSecret }: { webhook: Webhook; onSecret: (secret: string) => void }) {
  const { t } = useLingui();
  const when = useWhen();
  const utils = trpc.useUtils();
  const [open, setOpen] = useState(false);
  const refresh = async () => {
    await utils.webhooks.list.invalidate();
    await utils.webhooks.deliveries.invalidate({ id: webhook._id });
  };
  const test = trpc.webhooks.test.useMutation({
    onSuccess: async () => {
      setOpen(true);
      await refresh();
    },
  });
  const rotate = trpc.webhooks.rotateSecret.useMutation({
    onSuccess: async (result) => {
      onSecret(result.secret);
      await refresh();
    },
  });
  const update = trpc.webhooks.update.useMutation({ onSuccess: refresh });
  const remove = trpc.webhooks.delete.useMutation({ onSuccess: refresh });
  const failure = test.error ?? rotate.error ?? update.error ?? remove.error;
  const active = webhook.status === 'active';
  return (
    <Paper withBorder p="sm" role="listitem">
      <Stack gap="xs">
        <Group gap="xs" wrap="nowrap" align="flex-start">
          <Badge variant="light" color={active ? 'green' : 'red'} style={{ flexShrink: 0 }}>
            {active ? t`Active` : t`Disabled`}
          </Badge>
          <Text size="sm" fw={600} style={{ wordBreak: 'break-all' }} translate="no">
            {webhook.url}
          </Text>
        </Group>
        <Text size="xs" c="dimmed" translate="no">
          {webhook.types.join(', ')}
        </Text>
        {!active && webhook.disabledReason && (
          <Text size="sm" c="red">
            {webhook.disabledAt ? t`Disabled ${when(webhook.disabledAt)}:` : t`Disabled:`}{' '}
            <span translate="no">{webhook.disabledReason}</span>
          </Text>
        )}
        {webhook.previousSecretExpiresAt && (
          <Text size="xs" c="dimmed">
            {t`The previous secret also signs until ${when(webhook.previousSecretExpiresAt)}.`}
          </Text>
        )}
        {failure && (
          <Text c="red" size="sm" role="alert">
            {errorMessage(failure, t`That did not work.`)}
          </Text>
        )}
        <Group gap="xs" wrap="wrap">
          <Button size="compact-sm" variant="light" onClick={() => setOpen((o) => !o)} aria-expanded={open}>
            {open ? t`Hide deliveries` : t`Deliveries`}
          </Button>
          <Button
            size="compact-sm"
            variant="light"
            disabled={!active}
            loading={test.isPending}
            onClick={() => test.mutate({ id: webhook._id })}
          >
            <Trans>Send test event</Trans>
          </Button>
          <Button
            size="compact-sm"
            variant="light"
            loading={rotate.isPending}
            onClick={() => {
              if (window.confirm(t`Rotate the secret? The old one keeps signing for 24 hours.`))
                rotate.mutate({ id: webhook._id });
            }}
          >
            <Trans>Rotate secret</Trans>
          </Button>
          <Button
            size="compact-sm"
            variant="light"
            loading={update.isPending}
            onClick={() => update.mutate({ id: webhook._id, enabled: !active })}
          >
            {active ? t`Turn off` : t`Turn on`}
          </Button>
          <Button
            size="compact-sm"
            variant="light"
            color="red"
            loading={remove.isPending}
            aria-label={t`Delete endpoint ${webhook.url}`}
            onClick={() => {
              if (window.confirm(t`Delete the endpoint ${webhook.url}? Nothing more is sent to it.`))
                remove.mutate({ id: webhook._id });
            }}
          >
            <Trans>Delete</Trans>
          </Button>
        </Group>
        {open && <Deliveries webhook={webhook} />}
      </Stack>
    </Paper>
  );
}

/** Settings: a Professional or Enterprise member's webhook endpoints, their deliveries; an upsell on other plans. */
export function WebhooksSection() {
  const { t } = useLingui();
  const utils = trpc.useUtils();
  const query = trpc.webhooks.list.useQuery();
  const [url, setUrl] = useState('');
  const [types, setTypes] = useState<string[]>(['deal.proposed', 'deal.accepted']);
  const [secret, setSecret] = useState<string | null>(null);
  const create = trpc.webhooks.create.useMutation({
    onSuccess: async (result) => {
      setSecret(result.secret);
      setUrl('');
      await utils.webhooks.list.invalidate();
    },
  });

  return (
    <Card
      withBorder
      radius="md"
      padding="lg"
      component="section"
      aria-labelledby="webhooks-title"
      id="webhooks"
    >
      <Stack gap="sm">
        <Title order={2} fz="h4" id="webhooks-title">
          <Trans>Webhooks</Trans>
        </Title>
        {query.isLoading ? (
          <Skeleton h={60} role="status" aria-label={t`Loading webhooks`} />
        ) : query.isError ? (
          <LoadError
            title={t`Could not load your webhooks`}
            error={query.error}
            onRetry={() => query.refetch()}
          />
        ) : !query.data?.apiAccess && query.data?.webhooks.length === 0 ? (
          <Alert color="blue" title={t`Webhooks come with Professional and Enterprise`}>
            <Stack gap="xs">
              <Text size="sm">
                <Trans>Have deal and listing events POSTed to your own systems as they happen.</Trans>
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
                We POST each event you choose to your https address, signed with{' '}
                <Code translate="no">BarterAds-Signature</Code>. Answer 2xx within 10 seconds; we retry for 3
                days, then turn the endpoint off and e-mail you.
              </Trans>
            </Text>
            {secret && <SecretOnce secret={secret} onClose={() => setSecret(null)} />}
            {query.data?.apiAccess && (
              <form
                onSubmit={(event) => {
                  event.preventDefault();
                  create.mutate({ url, types: types as (typeof EVENT_TYPES)[number][] });
                }}
              >
                <Stack gap="xs">
                  <TextInput
                    label={t`Endpoint URL`}
                    placeholder="https://example.com/barterads/webhook"
                    type="url"
                    inputMode="url"
                    value={url}
                    maxLength={2000}
                    required
                    onChange={(event) => setUrl(event.currentTarget.value)}
                  />
                  <MultiSelect
                    label={t`Event types`}
                    data={[...EVENT_TYPES]}
                    value={types}
                    onChange={setTypes}
                    searchable
                    clearable
                    comboboxProps={{ withinPortal: true }}
                  />
                  {create.error && (
                    <Text c="red" size="sm" role="alert">
                      {errorMessage(create.error, t`Could not add the endpoint.`)}
                    </Text>
                  )}
                  <Button type="submit" loading={create.isPending} w="fit-content">
                    <Trans>Add endpoint</Trans>
                  </Button>
                </Stack>
              </form>
            )}
            {query.data?.webhooks.length === 0 ? (
              <Text size="sm">
                <Trans>No endpoints yet.</Trans>
              </Text>
            ) : (
              <Stack gap="xs" role="list" aria-label={t`Your webhook endpoints`}>
                {query.data?.webhooks.map((w) => (
                  <Endpoint key={w._id} webhook={w} onSecret={setSecret} />
                ))}
              </Stack>
            )}
          </>
        )}
      </Stack>
    </Card>
  );
}
