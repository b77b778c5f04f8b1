import { errorMessage, trpc } from '@barterads/api-client';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  Alert,
  Badge,
  Button,
  Card,
  Checkbox,
  Group,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useEffect, useState } from 'react';
import { LoadError } from '../../components/LoadError';
import { WhatsappCodeForm } from './WhatsappCodeForm';

const STATUS_LABEL = {
  sent: msg`Sent`,
  delivered: msg`Delivered`,
  read: msg`Read`,
  failed: msg`Failed`,
} as const;
const STATUS_COLOR = { sent: 'gray', delivered: 'blue', read: 'green', failed: 'red' } as const;

const TEMPLATE_LABEL: Record<string, MessageDescriptor> = {
  barterads_confirm_code: msg`Confirmation code`,
  barterads_offer_received: msg`Offer received`,
  barterads_offer_countered: msg`Offer countered`,
  barterads_deal_accepted: msg`Deal accepted`,
  barterads_offer_expiring: msg`Offer closing soon`,
  barterads_deliverable_due: msg`Deliverable due`,
  barterads_proof_submitted: msg`Proof submitted`,
  barterads_dispute_opened: msg`Dispute opened`,
  barterads_dispute_resolved: msg`Dispute resolved`,
  barterads_invoice_leg_due: msg`Invoice due`,
  barterads_circle_proposed: msg`Circle deal proposed`,
  barterads_match_alert: msg`Match alert`,
  reply_accept: msg`Link to accept`,
  reply_view: msg`Link to the deal`,
};

/**
 * Settings: deal updates on WhatsApp (product-spec-3 section 3). The number (the profile phone by default) is
 * confirmed with a code sent over WhatsApp; deal updates and match alerts are separate opt-ins; turning both off
 * (or replying STOP on WhatsApp) stops every message. Shows when the server has no WhatsApp connection, when
 * WhatsApp cannot deliver to the number, and the latest messages' delivery states.
 */
export function WhatsappSection() {
  const { t, i18n } = useLingui();
  const templateLabel = (template: string) => {
    const label = TEMPLATE_LABEL[template];
    return label ? i18n._(label) : template;
  };
  const utils = trpc.useUtils();
  const query = trpc.whatsapp.get.useQuery();
  const [phone, setPhone] = useState('');
  const [dealUpdates, setDealUpdates] = useState(true);
  const [matchAlerts, setMatchAlerts] = useState(false);
  const [otpToken, setOtpToken] = useState<string | null>(null);
  const [loaded, setLoaded] = useState(false);

  useEffect(() => {
    if (!query.data || loaded) return;
    const { whatsapp } = query.data;
    setPhone(whatsapp.phoneNumber ?? '');
    if (whatsapp.confirmed) {
      setDealUpdates(whatsapp.dealUpdates);
      setMatchAlerts(whatsapp.matchAlerts);
    }
    setLoaded(true);
  }, [query.data, loaded]);

  const save = trpc.whatsapp.update.useMutation({
    onSuccess: async (result) => {
      setOtpToken(result.otp_token ?? null);
      await utils.whatsapp.get.invalidate();
    },
  });

  const data = query.data;
  const state = data?.whatsapp;
  const optedIn = Boolean(state?.confirmed && (state.dealUpdates || state.matchAlerts));

  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="whatsapp-title">
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Title order={2} fz="h4" id="whatsapp-title">
            WhatsApp
          </Title>
          {state && (
            <Badge color={optedIn ? 'green' : 'gray'} variant="light">
              {optedIn ? t`On` : state.confirmed ? t`Off` : t`Not set up`}
            </Badge>
          )}
        </Group>
        {query.isLoading ? (
          <Skeleton h={80} role="status" aria-label={t`Loading WhatsApp settings`} />
        ) : query.isError || !data || !state ? (
          <LoadError
            title={t`Could not load your WhatsApp settings`}
            error={query.error}
            onRetry={() => query.refetch()}
          />
        ) : !data.enabled ? (
          <Alert color="gray" title={t`WhatsApp messages are not available yet`}>
            <Text size="sm">
              <Trans>
                This BarterAds server is not connected to WhatsApp, so deal updates come by e-mail and in the
                bell only.
              </Trans>
            </Text>
          </Alert>
        ) : (
          <>
            <Text size="sm" c="dimmed">
              <Trans>
                Send deal updates to my WhatsApp: BarterAds sends WhatsApp messages about your deals (and, if
                you choose, new matches) to this number. We confirm the number with a code sent over WhatsApp.
                Reply STOP on WhatsApp or turn both options off here to stop them.
              </Trans>
            </Text>
            {state.failure && (
              <Alert color="red" title={t`WhatsApp cannot deliver to this number`} role="alert">
                <Text size="sm">
                  <span translate="no">{state.failure}</span>{' '}
                  <Trans>Check the number, or enter another one and confirm it again.</Trans>
                </Text>
              </Alert>
            )}
            <form
              onSubmit={(event) => {
                event.preventDefault();
                save.mutate({ phoneNumber: phone, dealUpdates, matchAlerts });
              }}
            >
              <Stack gap="sm">
                <TextInput
                  label={t`WhatsApp number`}
                  description={t`With the country code for numbers outside India`}
                  placeholder="+91 98765 43210"
                  type="tel"
                  autoComplete="tel"
                  inputMode="tel"
                  value={phone}
                  onChange={(e) => setPhone(e.currentTarget.value)}
                  rightSection={
                    state.confirmed && !state.failure ? (
                      <Badge size="xs" color="green" variant="light">
                        <Trans>Confirmed</Trans>
                      </Badge>
                    ) : null
                  }
                  rightSectionWidth={state.confirmed ? 90 : undefined}
                />
                <Checkbox
                  label={t`Deal updates (offers, counters, acceptances, deliveries, disputes)`}
                  checked={dealUpdates}
                  onChange={(e) => setDealUpdates(e.currentTarget.checked)}
                />
                <Checkbox
                  label={t`Match alerts (new listings that fit your needs)`}
                  checked={matchAlerts}
                  onChange={(e) => setMatchAlerts(e.currentTarget.checked)}
                />
                {save.error && (
                  <Alert color="red" role="alert">
                    {errorMessage(save.error)}
                  </Alert>
                )}
                <Group gap="xs" wrap="wrap">
                  <Button type="submit" loading={save.isPending} disabled={!phone.trim()}>
                    {dealUpdates || matchAlerts ? t`Save and send code` : t`Save`}
                  </Button>
                  {optedIn && (
                    <Button
                      variant="default"
                      loading={save.isPending}
                      onClick={() => {
                        setDealUpdates(false);
                        setMatchAlerts(false);
                        save.mutate({ phoneNumber: phone, dealUpdates: false, matchAlerts: false });
                      }}
                    >
                      <Trans>Stop all WhatsApp messages</Trans>
                    </Button>
                  )}
                </Group>
              </Stack>
            </form>
            {otpToken && <WhatsappCodeForm otpToken={otpToken} onConfirmed={() => setOtpToken(null)} />}
            {data.messages.length > 0 && (
              <Stack gap={4}>
                <Text size="sm" fw={600}>
                  <Trans>Latest messages</Trans>
                </Text>
                {data.messages.map((message) => (
                  <Group
                    key={`${message.createdAt}-${message.template}`}
                    justify="space-between"
                    wrap="nowrap"
                    gap="xs"
                  >
                    <Text size="sm" truncate>
                      {templateLabel(message.template)}
                      {message.error ? <span translate="no">{` — ${message.error}`}</span> : ''}
                    </Text>
                    <Badge size="sm" variant="light" color={STATUS_COLOR[message.status]}>
                      {i18n._(STATUS_LABEL[message.status])}
                    </Badge>
                  </Group>
                ))}
              </Stack>
            )}
          </>
        )}
      </Stack>
    </Card>
  );
}
