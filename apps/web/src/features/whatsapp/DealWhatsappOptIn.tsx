import { errorMessage, trpc } from '@barterads/api-client';
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Button, Checkbox, Group, Paper, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { WhatsappCodeForm } from './WhatsappCodeForm';

/**
 * The deal page's WhatsApp opt-in (product-spec-3 section 3): "Send deal updates to my WhatsApp", naming BarterAds
 * and WhatsApp, with the member's number (the profile phone by default). A number not confirmed yet gets a code over
 * WhatsApp, entered here; unticking turns deal updates off (match alerts are left as they are, in /settings).
 * Nothing shows when the server has no WhatsApp connection.
 */
export function DealWhatsappOptIn() {
  const { t } = useLingui();
  const utils = trpc.useUtils();
  const query = trpc.whatsapp.get.useQuery();
  const [phone, setPhone] = useState<string | null>(null);
  const [wanted, setWanted] = useState(false);
  const [otpToken, setOtpToken] = useState<string | null>(null);
  const save = trpc.whatsapp.update.useMutation({
    onSuccess: async (result) => {
      setOtpToken(result.otp_token ?? null);
      await utils.whatsapp.get.invalidate();
    },
  });

  const data = query.data;
  if (!data?.enabled) return null;
  const state = data.whatsapp;
  const on = state.confirmed && state.dealUpdates && !state.failure;
  const number = phone ?? state.phoneNumber ?? '';
  const confirmedNumber = state.confirmed && !state.failure && number === state.phoneNumber;

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label={t`WhatsApp deal updates`}>
      <Stack gap="xs">
        <Checkbox
          label={t`Send deal updates to my WhatsApp`}
          description={
            on
              ? t`BarterAds sends WhatsApp messages about your deals to ${state.phoneNumber}. Reply STOP on WhatsApp to stop them.`
              : t`BarterAds sends WhatsApp messages about your deals (offers, deliveries, invoices due) to your number, confirmed once with a code sent over WhatsApp.`
          }
          checked={on || wanted}
          disabled={save.isPending}
          onChange={(event) => {
            const checked = event.currentTarget.checked;
            if (on && !checked) {
              save.mutate({
                phoneNumber: state.phoneNumber ?? number,
                dealUpdates: false,
                matchAlerts: state.matchAlerts,
              });
              return;
            }
            // Already confirmed: ticking is enough.
            if (checked && confirmedNumber) {
              save.mutate({ phoneNumber: number, dealUpdates: true, matchAlerts: state.matchAlerts });
              return;
            }
            setWanted(checked);
            if (!checked) setOtpToken(null);
          }}
        />
        {wanted && !on && !otpToken && (
          <form
            onSubmit={(event) => {
              event.preventDefault();
              save.mutate({ phoneNumber: number, dealUpdates: true, matchAlerts: state.matchAlerts });
            }}
          >
            <Group gap="xs" align="flex-end" wrap="wrap">
              <TextInput
                label={t`WhatsApp number`}
                placeholder="+91 98765 43210"
                type="tel"
                autoComplete="tel"
                inputMode="tel"
                value={number}
                onChange={(e) => setPhone(e.currentTarget.value)}
              />
              <Button type="submit" loading={save.isPending} disabled={!number.trim()}>
                <Trans>Send code</Trans>
              </Button>
            </Group>
          </form>
        )}
        {otpToken && (
          <WhatsappCodeForm
            otpToken={otpToken}
            onConfirmed={() => {
              setOtpToken(null);
              setWanted(false);
            }}
          />
        )}
        {save.error && (
          <Alert color="red" role="alert">
            {errorMessage(save.error)}
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}
