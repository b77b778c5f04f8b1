import { errorMessage, type RouterOutputs, trpc } from '@barterads/api-client';
import { formatPaise, INVOICE_NUMBER_MAX_LENGTH, kolkataDate, SAC_LIST } from '@barterads/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  Radio,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { Fragment, useState } from 'react';
import { useFormatDate } from '../../i18n/core-text';
import { useSessionUser } from '../accounts/session';
import { daysLeftText } from '../tax/InvoicesToIssueCard';
import { useQuantityText } from './format';

type TaxPreview = RouterOutputs['tax']['preview'];
/** A GST leg as shown (a deal's, or a circle supply's, whose deal may not exist yet). */
type Leg = Omit<TaxPreview['legs'][number], 'dealId'>;

/** Rupees with paise as the server answers them (two decimals) shown as people read money. */
const rupees = (value: number) => formatPaise(Math.round(value * 100));

const STATUS_LABELS = {
  draft: msg`Invoice to issue`,
  issued: msg`Issued`,
  not_required: msg`No tax invoice`,
} as const satisfies Record<Leg['status'], unknown>;

/** Whole days from today (Asia/Kolkata) to a `YYYY-MM-DD` day. */
function daysUntil(day: string): number {
  const today = kolkataDate(new Date());
  return Math.round((Date.parse(`${day}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / 86_400_000);
}

const SAC_OPTIONS = SAC_LIST.map((entry) => ({
  value: entry.sac,
  label: `${entry.sac}: ${entry.description}`,
}));

/**
 * The supplier issues its draft leg (phone first): the SAC (from the list; the rate follows it) and either the
 * next number of its series or the number it used elsewhere. The server allots the number and answers the leg.
 */
function IssueLegForm({ leg, dealId }: { leg: Leg; dealId: string }) {
  const { t } = useLingui();
  const utils = trpc.useUtils();
  const series = trpc.tax.invoiceSeries.useQuery(undefined, { retry: false });
  const [sac, setSac] = useState(leg.sac);
  const [how, setHow] = useState<'series' | 'elsewhere'>('series');
  const [number, setNumber] = useState('');
  const issue = trpc.tax.issueLeg.useMutation({
    onSuccess: () => {
      void utils.tax.preview.invalidate({ id: dealId });
      void utils.tax.toIssue.invalidate();
      void utils.tax.invoiceSeries.invalidate();
    },
  });
  const numberInvalid = how === 'elsewhere' && !/^[A-Za-z0-9/-]{1,16}$/.test(number.trim());
  return (
    <form
      aria-label={t`Issue the tax invoice`}
      onSubmit={(e) => {
        e.preventDefault();
        if (numberInvalid || !leg._id) return;
        issue.mutate({
          id: dealId,
          legId: leg._id,
          ...(sac !== leg.sac ? { sac } : {}),
          ...(how === 'elsewhere' ? { invoiceNumber: number.trim() } : {}),
        });
      }}
    >
      <Stack gap="xs" mt="xs">
        <Select
          label="SAC"
          data={SAC_OPTIONS}
          value={sac}
          allowDeselect={false}
          onChange={(value) => setSac(value ?? leg.sac)}
          comboboxProps={{ withinPortal: true }}
        />
        <Radio.Group
          label={t`Invoice number`}
          value={how}
          onChange={(value) => setHow(value === 'elsewhere' ? 'elsewhere' : 'series')}
        >
          <Stack gap={6} mt={4}>
            <Radio
              value="series"
              label={
                series.data?.next
                  ? t`Next of my series: ${series.data.next}`
                  : t`Next of my series (set a prefix in Settings first)`
              }
            />
            <Radio value="elsewhere" label={t`I issued it elsewhere, with this number`} />
          </Stack>
        </Radio.Group>
        {how === 'elsewhere' ? (
          <TextInput
            label={t`Number used`}
            maxLength={INVOICE_NUMBER_MAX_LENGTH}
            value={number}
            onChange={(e) => setNumber(e.currentTarget.value)}
            error={number && numberInvalid ? t`Up to 16 letters, digits, / and -.` : undefined}
          />
        ) : null}
        {issue.error ? (
          <Alert color="red" role="alert">
            {errorMessage(issue.error, t`Could not issue the invoice.`)}
          </Alert>
        ) : null}
        <Group>
          <Button type="submit" loading={issue.isPending} disabled={numberInvalid}>
            {how === 'elsewhere' ? t`Record as issued` : t`Issue invoice`}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** One GST leg: status, SAC and rate, place of supply, the taxes, and for its supplier the invoice to issue. */
export function LegCard({ leg, title, me, dealId }: { leg: Leg; title: string; me: string; dealId: string }) {
  const { t, i18n } = useLingui();
  const formatDate = useFormatDate();
  const quantityText = useQuantityText();
  const tax = leg.igst + leg.cgst + leg.sgst;
  const supplierIsMe = leg.supplierId === me;
  const { user } = useSessionUser();
  const [issuing, setIssuing] = useState(false);
  const legPath = leg._id ? `/api/deals/${dealId}/legs/${leg._id}` : null;
  return (
    <Card withBorder padding="sm" aria-label={title}>
      <Stack gap={4}>
        <Title order={3} size="h6">
          {title}
        </Title>
        <Badge variant="light" color={leg.status === 'not_required' ? 'gray' : 'blue'} w="fit-content">
          {i18n._(STATUS_LABELS[leg.status])}
        </Badge>
        <Text size="sm">
          {leg.lines.length === 0 ? (
            <span translate="no">{leg.description}</span>
          ) : (
            // The supplied items in the page's language ("Sampling boxes (20 events)", "… (20 आयोजन)"): the
            // server's description is the invoice's English.
            leg.lines.map((line, index) => (
              <Fragment key={index}>
                {index > 0 ? '; ' : null}
                <span translate="no">{line.title}</span> ({quantityText(line.quantity, line.unit)})
              </Fragment>
            ))
          )}
        </Text>
        <Text size="sm">{t`SAC ${leg.sac} at ${leg.ratePct}% · value ${rupees(leg.taxableValue)}`}</Text>
        {leg.status === 'not_required' ? (
          <Text size="sm">
            {supplierIsMe
              ? t`You have no verified GSTIN, so you issue no tax invoice and charge no GST on this side. Verify your GSTIN in Settings if you are registered.`
              : t`The other side has no verified GSTIN: no tax invoice is issued for what you receive, so there is no GST credit to claim on it.`}
          </Text>
        ) : (
          <>
            <Text size="sm">
              {t`Place of supply:`} <span translate="no">{leg.placeOfSupply ?? ''}</span>
              {leg.placeOfSupply ? null : t`unknown`}{' '}
              {leg.placeOfSupplyBasis === 'property'
                ? t`(where the property is)`
                : t`(the recipient's state)`}
            </Text>
            <Text size="sm" fw={600}>
              {leg.igst > 0 || (leg.cgst === 0 && leg.sgst === 0)
                ? `IGST ${rupees(leg.igst)}`
                : `CGST ${rupees(leg.cgst)} + SGST ${rupees(leg.sgst)}`}{' '}
              {t`(total GST ${rupees(tax)})`}
            </Text>
            {leg.invoiceNumber ? (
              <Text size="sm">
                {t`Invoice ${leg.invoiceNumber}`}
                {leg.issuedAt ? t`, issued ${formatDate(kolkataDate(new Date(leg.issuedAt)))}` : ''}
              </Text>
            ) : null}
            {leg.status === 'draft' && leg._id ? (
              <Text size="sm" fw={supplierIsMe ? 600 : undefined}>
                {supplierIsMe ? t`To issue:` : t`Their invoice:`}{' '}
                {daysLeftText(i18n, leg.dueDate ? daysUntil(leg.dueDate) : null, leg.dueDate, formatDate)}
              </Text>
            ) : null}
            {legPath ? (
              <Group gap="md" wrap="wrap">
                <Anchor href={`${legPath}/invoice.pdf`} download size="sm">
                  {leg.status === 'issued' ? t`Download invoice (PDF)` : t`Download draft invoice (PDF)`}
                </Anchor>
                {supplierIsMe && leg.status === 'issued' && user?.einvoicing ? (
                  <Anchor href={`${legPath}/einvoice.json`} download size="sm">
                    <Trans>E-invoice JSON</Trans>
                  </Anchor>
                ) : null}
              </Group>
            ) : null}
            {supplierIsMe && leg.status === 'draft' && leg._id ? (
              issuing ? (
                <IssueLegForm leg={leg} dealId={dealId} />
              ) : (
                <Group>
                  <Button size="sm" variant="light" onClick={() => setIssuing(true)}>
                    <Trans>Issue…</Trans>
                  </Button>
                </Group>
              )
            ) : null}
          </>
        )}
      </Stack>
    </Card>
  );
}

/** The viewer's side of the legs: GST owed on what it gives, GST it may claim on what it receives. */
export function MyGst({ mine }: { mine: TaxPreview['mine'] }) {
  const { t } = useLingui();
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }}>
      <Card withBorder padding="sm" aria-label={t`GST you will owe`}>
        <Text size="sm">
          <Trans>GST you will owe on what you give</Trans>
        </Text>
        <Text fw={700} size="lg">
          {rupees(mine.owe)}
        </Text>
      </Card>
      <Card withBorder padding="sm" aria-label={t`GST you may claim`}>
        <Text size="sm">
          <Trans>GST you may claim on what you receive</Trans>
        </Text>
        <Text fw={700} size="lg">
          {rupees(mine.mayClaim)}
        </Text>
      </Card>
    </SimpleGrid>
  );
}

/**
 * The deal's Tax section (product-spec-3 section 1): both legs side by side (stacked on a phone), the GST the
 * viewer owes on what it gives and may claim on what it receives, from the server's one computation. Not advice.
 */
export function TaxSection({ dealId, me, otherName }: { dealId: string; me: string; otherName: string }) {
  const { t } = useLingui();
  const preview = trpc.tax.preview.useQuery({ id: dealId }, { retry: false });
  if (preview.isPending) return <Skeleton height={120} aria-label={t`Loading the GST of this deal`} />;
  if (preview.isError)
    return (
      <Alert color="red" title={t`Could not load the GST of this deal`}>
        {errorMessage(preview.error)}
      </Alert>
    );
  const { legs, mine, stored } = preview.data;
  const given = legs.filter((l) => l.supplierId === me);
  const received = legs.filter((l) => l.recipientId === me);
  return (
    <Stack component="section" gap="sm" aria-label={t`Tax`}>
      <Title order={2} size="h4">
        <Trans>Tax</Trans>
      </Title>
      <Text size="sm">
        <Trans>
          Under GST a barter is two supplies: each side may owe GST on the value of what it gives.
        </Trans>{' '}
        {stored
          ? t`These are the legs of this deal.`
          : t`This is what the legs would be if the deal were accepted today.`}
      </Text>
      <MyGst mine={mine} />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Stack gap="sm">
          {given.map((leg) => (
            <LegCard
              key={leg._id ?? `${leg.supplierId}-${leg.sac}`}
              leg={leg}
              me={me}
              dealId={dealId}
              title={t`Your supply`}
            />
          ))}
        </Stack>
        <Stack gap="sm">
          {received.map((leg) => (
            <LegCard
              key={leg._id ?? `${leg.supplierId}-${leg.sac}`}
              leg={leg}
              me={me}
              dealId={dealId}
              title={t`Supply by ${otherName}`}
            />
          ))}
        </Stack>
      </SimpleGrid>
      <Text size="xs" c="dimmed">
        <Trans>This is not tax advice: check with your accountant before you issue or claim anything.</Trans>
      </Text>
    </Stack>
  );
}
