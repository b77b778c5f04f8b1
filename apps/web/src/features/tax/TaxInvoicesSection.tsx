import { errorMessage, type SessionUser, trpc } from '@barterads/api-client';
import { ADDRESS_STATES, INVOICE_PREFIX_PATTERN, statesOfPin } from '@barterads/core';
import { BusinessAddressFields } from '@barterads/core/forms';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  Alert,
  Button,
  Card,
  Group,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useState } from 'react';
import { applyServerIssues } from '../../components/forms';

type AddressValues = { line: string; city: string; pin: string; state: string };
const ADDRESS_FIELDS = [
  'businessAddress.line',
  'businessAddress.city',
  'businessAddress.pin',
  'businessAddress.state',
];
const resolveAddress = schemaResolver(BusinessAddressFields, { sync: true });

/**
 * The business address your tax invoices name (rule 46): on your business profile, the PIN's postal circle
 * checked against the state (and, once GST verified, the state against your GSTIN's) here and on the server.
 */
function BusinessAddressForm({ user }: { user: SessionUser }) {
  const { t } = useLingui();
  const utils = trpc.useUtils();
  const [saved, setSaved] = useState(false);
  const form = useForm<AddressValues>({
    mode: 'controlled',
    initialValues: user.businessAddress ?? { line: '', city: '', pin: '', state: '' },
    validate: resolveAddress,
    onValuesChange: (values, previous) => {
      setSaved(false);
      // A PIN of one state's postal circle fills the state in (still changeable).
      if (values.pin !== previous.pin && /^\d{6}$/.test(values.pin) && !values.state) {
        const states = statesOfPin(values.pin);
        if (states.length === 1) form.setFieldValue('state', states[0]!);
      }
    },
  });
  const update = trpc.accounts.updateProfile.useMutation({
    onSuccess: ({ user: updated }) => {
      utils.accounts.me.setData(undefined, { user: updated });
      utils.accounts.session.setData(undefined, { user: updated });
      setSaved(true);
    },
    onError: (error) => {
      // The server names the fields `businessAddress.<field>`; the form's are the bare names.
      const target = {
        setFieldError: (path: string, message: string) =>
          form.setFieldError(path.replace(/^businessAddress\./, ''), message),
      };
      applyServerIssues(target, error, ADDRESS_FIELDS);
    },
  });
  const onSubmit = form.onSubmit((values) => update.mutate({ businessAddress: values }));
  return (
    <form onSubmit={onSubmit} noValidate aria-labelledby="business-address-heading">
      <Stack gap="sm">
        <Title order={3} fz="h5" id="business-address-heading">
          <Trans>Business address</Trans>
        </Title>
        <Text size="sm" c="dimmed">
          <Trans>
            Printed on your tax invoices. With a verified GSTIN, use the address of your GST registration.
          </Trans>
        </Text>
        {update.error ? (
          <Alert color="red" role="alert">
            {errorMessage(update.error, t`Could not save the address.`)}
          </Alert>
        ) : null}
        {saved && !update.error ? (
          <Alert color="green" role="status">
            <Trans>Address saved.</Trans>
          </Alert>
        ) : null}
        <TextInput
          label={t`Address`}
          required
          autoComplete="street-address"
          placeholder={t`Shop 4, 12 MG Road`}
          {...form.getInputProps('line')}
        />
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          <TextInput label={t`City`} required autoComplete="address-level2" {...form.getInputProps('city')} />
          <TextInput
            label={t`PIN code`}
            required
            inputMode="numeric"
            maxLength={6}
            autoComplete="postal-code"
            {...form.getInputProps('pin')}
          />
        </SimpleGrid>
        <Select
          label={t`State`}
          required
          searchable
          data={ADDRESS_STATES as string[]}
          autoComplete="address-level1"
          {...form.getInputProps('state')}
          onChange={(value) => form.setFieldValue('state', value ?? '')}
        />
        <Group>
          <Button type="submit" loading={update.isPending}>
            <Trans>Save address</Trans>
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** "My turnover is above the e-invoicing threshold": the e-invoice JSON is then offered for my issued legs. */
function EInvoicingSwitch({ on }: { on: boolean }) {
  const { t } = useLingui();
  const utils = trpc.useUtils();
  const update = trpc.accounts.updateProfile.useMutation({
    onSuccess: ({ user }) => {
      utils.accounts.me.setData(undefined, { user });
      utils.accounts.session.setData(undefined, { user });
    },
  });
  return (
    <Stack gap={4}>
      <Switch
        label={t`My aggregate turnover is above the e-invoicing threshold (INR 5 crore)`}
        description={t`Your issued barter invoices to registered businesses then come with the e-invoice JSON to upload to the invoice registration portal.`}
        checked={update.isPending ? Boolean(update.variables?.einvoicing) : on}
        disabled={update.isPending}
        onChange={(e) => update.mutate({ einvoicing: e.currentTarget.checked })}
      />
      {update.error ? (
        <Alert color="red" role="alert">
          {errorMessage(update.error, t`Could not save.`)}
        </Alert>
      ) : null}
    </Stack>
  );
}

/** Your invoice series: the prefix your barter invoice numbers start with, and the next number. */
function InvoiceSeriesForm() {
  const { t } = useLingui();
  const utils = trpc.useUtils();
  const series = trpc.tax.invoiceSeries.useQuery(undefined, { retry: false });
  const [prefix, setPrefix] = useState<string | null>(null);
  const value = prefix ?? series.data?.prefix ?? '';
  const set = trpc.tax.setInvoiceSeries.useMutation({
    onSuccess: (data) => {
      utils.tax.invoiceSeries.setData(undefined, data);
      setPrefix(null);
    },
  });
  const invalid = value.length > 0 && !INVOICE_PREFIX_PATTERN.test(value);
  return (
    <form
      aria-labelledby="invoice-series-heading"
      onSubmit={(e) => {
        e.preventDefault();
        if (value && !invalid) set.mutate({ prefix: value });
      }}
    >
      <Stack gap="sm">
        <Title order={3} fz="h5" id="invoice-series-heading">
          <Trans>Invoice series</Trans>
        </Title>
        <Text size="sm" c="dimmed">
          <Trans>
            Your barter invoices are numbered in your own series, without gaps in each financial year.
          </Trans>
        </Text>
        {series.isError ? (
          <Alert color="red" role="alert">
            {errorMessage(series.error, t`Could not load your invoice series.`)}
          </Alert>
        ) : null}
        {set.error ? (
          <Alert color="red" role="alert">
            {errorMessage(set.error, t`Could not save the series.`)}
          </Alert>
        ) : null}
        <TextInput
          label={t`Prefix`}
          placeholder="HS/25-26/"
          maxLength={10}
          value={value}
          disabled={series.isPending}
          error={invalid ? t`Up to 10 capital letters, digits, / and -.` : undefined}
          onChange={(e) => setPrefix(e.currentTarget.value.toUpperCase())}
        />
        <Text size="sm" role="status">
          {series.isPending
            ? t`Loading your series…`
            : series.data?.next
              ? t`Your next invoice number: ${series.data.next}`
              : t`No series yet: set a prefix before you issue an invoice.`}
        </Text>
        <Group>
          <Button type="submit" variant="light" loading={set.isPending} disabled={!value || invalid}>
            <Trans>Save series</Trans>
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Settings, "Tax invoices": the address your invoices name and your invoice series (product-spec-3 section 1). */
export function TaxInvoicesSection() {
  const me = trpc.accounts.me.useQuery(undefined, { staleTime: 0 });
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="tax-invoices-title">
      <Stack gap="lg">
        <Title order={2} fz="h4" id="tax-invoices-title">
          <Trans>Tax invoices</Trans>
        </Title>
        {me.data ? <BusinessAddressForm key={me.data.user._id} user={me.data.user} /> : null}
        {me.data ? <EInvoicingSwitch on={me.data.user.einvoicing} /> : null}
        <InvoiceSeriesForm />
      </Stack>
    </Card>
  );
}
