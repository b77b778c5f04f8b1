import { errorMessage, type RouterOutputs, trpc } from '@barterads/api-client';
import { formatPaise } from '@barterads/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Badge, Card, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';

type TaxPreview = RouterOutputs['tax']['preview'];
type Leg = TaxPreview['legs'][number];

/** Rupees with paise as the server answers them (two decimals) shown as people read money. */
const rupees = (value: number) => formatPaise(Math.round(value * 100));

const STATUS_LABELS = {
  draft: msg`Invoice to issue`,
  issued: msg`Issued`,
  not_required: msg`No tax invoice`,
} as const satisfies Record<Leg['status'], unknown>;

function LegCard({ leg, title, me }: { leg: Leg; title: string; me: string }) {
  const { t, i18n } = useLingui();
  const tax = leg.igst + leg.cgst + leg.sgst;
  const supplierIsMe = leg.supplierId === me;
  return (
    <Card withBorder padding="sm" aria-label={title}>
      <Stack gap={4}>
        <Title order={3} size="h6">
          {title}
        </Title>
        <Badge variant="light" color={leg.status === 'not_required' ? 'gray' : 'blue'} w="fit-content">
          {i18n._(STATUS_LABELS[leg.status])}
        </Badge>
        <Text size="sm" translate="no">
          {leg.description}
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
            {leg.invoiceNumber ? <Text size="sm">{t`Invoice ${leg.invoiceNumber}`}</Text> : null}
            {leg.dueDate && leg.status === 'draft' ? (
              <Text size="sm">{t`Issue the invoice by ${leg.dueDate}`}</Text>
            ) : null}
          </>
        )}
      </Stack>
    </Card>
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
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Stack gap="sm">
          {given.map((leg) => (
            <LegCard
              key={leg._id ?? `${leg.supplierId}-${leg.sac}`}
              leg={leg}
              me={me}
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
