import { errorMessage, trpc } from '@barterads/api-client';
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

const STATUS_LABEL = { sent: 'Sent', delivered: 'Delivered', read: 'Read', failed: 'Failed' } as const;
const STATUS_COLOR = { sent: 'gray', delivered: 'blue', read: 'green', failed: 'red' } as const;

const TEMPLATE_LABEL: Record<string, string> = {
  barterads_confirm_code: 'Confirmation code',
  barterads_offer_received: 'Offer received',
  barterads_offer_countered: 'Offer countered',
  barterads_deal_accepted: 'Deal accepted',
  barterads_offer_expiring: 'Offer closing soon',
  barterads_deliverable_due: 'Deliverable due',
  barterads_proof_submitted: 'Proof submitted',
  barterads_dispute_opened: 'Dispute opened',
  barterads_dispute_resolved: 'Dispute resolved',
  barterads_invoice_leg_due: 'Invoice due',
  barterads_circle_proposed: 'Circle deal proposed',
  barterads_match_alert: 'Match alert',
  reply_accept: 'Link to accept',
  reply_view: 'Link to the deal',
};

/**
 * Settings: deal updates on WhatsApp (product-spec-3 section 3). The number (the profile phone by default) is
 * confirmed with a code sent over WhatsApp; deal updates and match alerts are separate opt-ins; turning both off
 * (or replying STOP on WhatsApp) stops every message. Shows when the server has no WhatsApp connection, when
 * WhatsApp cannot deliver to the number, and the latest messages' delivery states.
 */
export function WhatsappSection() {
  const utils = trpc.useUtils();
  const query = trpc.whatsapp.get.useQuery();
  const [phone, setPhone] = useState('');
  const [dealUpdates, setDealUpdates] = useState(true);
  const [matchAlerts, setMatchAlerts] = useState(false);
  const [otpToken, setOtpToken] = useState<string | null>(null);
  const [code, setCode] = useState('');
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
      setCode('');
      await utils.whatsapp.get.invalidate();
    },
  });
  const confirm = trpc.whatsapp.confirm.useMutation({
    onSuccess: async () => {
      setOtpToken(null);
      setCode('');
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
              {optedIn ? 'On' : state.confirmed ? 'Off' : 'Not set up'}
            </Badge>
          )}
        </Group>
        {query.isLoading ? (
          <Skeleton h={80} role="status" aria-label="Loading WhatsApp settings" />
        ) : query.isError || !data || !state ? (
          <LoadError
            title="Could not load your WhatsApp settings"
            error={query.error}
            onRetry={() => query.refetch()}
          />
        ) : !data.enabled ? (
          <Alert color="gray" title="WhatsApp messages are not available yet">
            <Text size="sm">
              This BarterAds server is not connected to WhatsApp, so deal updates come by e-mail and in the
              bell only.
            </Text>
          </Alert>
        ) : (
          <>
            <Text size="sm" c="dimmed">
              Send deal updates to my WhatsApp: BarterAds sends WhatsApp messages about your deals (and, if
              you choose, new matches) to this number. We confirm the number with a code sent over WhatsApp.
              Reply STOP on WhatsApp or turn both options off here to stop them.
            </Text>
            {state.failure && (
              <Alert color="red" title="WhatsApp cannot deliver to this number" role="alert">
                <Text size="sm">
                  {state.failure} Check the number, or enter another one and confirm it again.
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
                  label="WhatsApp number"
                  description="With the country code for numbers outside India"
                  placeholder="+91 98765 43210"
                  type="tel"
                  autoComplete="tel"
                  inputMode="tel"
                  value={phone}
                  onChange={(e) => setPhone(e.currentTarget.value)}
                  rightSection={
                    state.confirmed && !state.failure ? (
                      <Badge size="xs" color="green" variant="light">
                        Confirmed
                      </Badge>
                    ) : null
                  }
                  rightSectionWidth={state.confirmed ? 90 : undefined}
                />
                <Checkbox
                  label="Deal updates (offers, counters, acceptances, deliveries, disputes)"
                  checked={dealUpdates}
                  onChange={(e) => setDealUpdates(e.currentTarget.checked)}
                />
                <Checkbox
                  label="Match alerts (new listings that fit your needs)"
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
                    {dealUpdates || matchAlerts ? 'Save and send code' : 'Save'}
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
                      Stop all WhatsApp messages
                    </Button>
                  )}
                </Group>
              </Stack>
            </form>
            {otpToken && (
              <form
                onSubmit={(event) => {
                  event.preventDefault();
                  confirm.mutate({ otp_token: otpToken, otp: code });
                }}
              >
                <Stack gap="xs">
                  <Text size="sm">
                    We sent a 6-digit code to your WhatsApp. Enter it to confirm the number.
                  </Text>
                  <TextInput
                    label="Code from WhatsApp"
                    inputMode="numeric"
                    autoComplete="one-time-code"
                    maxLength={6}
                    w={160}
                    value={code}
                    onChange={(e) => setCode(e.currentTarget.value.replace(/\D/g, '').slice(0, 6))}
                  />
                  {confirm.error && (
                    <Text size="sm" c="red" role="alert">
                      {errorMessage(confirm.error)}
                    </Text>
                  )}
                  <Button
                    type="submit"
                    loading={confirm.isPending}
                    disabled={code.length !== 6}
                    w="fit-content"
                  >
                    Confirm number
                  </Button>
                </Stack>
              </form>
            )}
            {data.messages.length > 0 && (
              <Stack gap={4}>
                <Text size="sm" fw={600}>
                  Latest messages
                </Text>
                {data.messages.map((message) => (
                  <Group
                    key={`${message.createdAt}-${message.template}`}
                    justify="space-between"
                    wrap="nowrap"
                    gap="xs"
                  >
                    <Text size="sm" truncate>
                      {TEMPLATE_LABEL[message.template] ?? message.template}
                      {message.error ? ` — ${message.error}` : ''}
                    </Text>
                    <Badge size="sm" variant="light" color={STATUS_COLOR[message.status]}>
                      {STATUS_LABEL[message.status]}
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
