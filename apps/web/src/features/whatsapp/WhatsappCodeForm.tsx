import { errorMessage, trpc } from '@barterads/api-client';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';

/**
 * The second step of a WhatsApp opt-in, in /settings and on the deal page: the 6-digit code WhatsApp delivered,
 * confirmed against the `otp_token` the number's save returned. Its error shows beside the field.
 */
export function WhatsappCodeForm({ otpToken, onConfirmed }: { otpToken: string; onConfirmed: () => void }) {
  const { t } = useLingui();
  const utils = trpc.useUtils();
  const [code, setCode] = useState('');
  const confirm = trpc.whatsapp.confirm.useMutation({
    onSuccess: async () => {
      setCode('');
      onConfirmed();
      await utils.whatsapp.get.invalidate();
    },
  });
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        confirm.mutate({ otp_token: otpToken, otp: code });
      }}
    >
      <Stack gap="xs">
        <Text size="sm">
          <Trans>We sent a 6-digit code to your WhatsApp. Enter it to confirm the number.</Trans>
        </Text>
        <Group gap="xs" align="flex-end" wrap="wrap">
          <TextInput
            label={t`Code from WhatsApp`}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            w={160}
            value={code}
            onChange={(e) => setCode(e.currentTarget.value.replace(/\D/g, '').slice(0, 6))}
          />
          <Button type="submit" loading={confirm.isPending} disabled={code.length !== 6}>
            <Trans>Confirm number</Trans>
          </Button>
        </Group>
        {confirm.error && (
          <Text size="sm" c="red" role="alert">
            {errorMessage(confirm.error)}
          </Text>
        )}
      </Stack>
    </form>
  );
}
