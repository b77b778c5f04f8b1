import {
  DEAL_ITEM_UNITS,
  DEAL_OPEN_DAYS,
  DEAL_UNIT_LABELS,
  type ListingUnit,
  possessive,
  type UserType,
} from '@barterads/core';
import {
  type DealItemFormValues,
  DealOfferFormSchema,
  type DealOfferFormValues,
} from '@barterads/core/forms';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  ActionIcon,
  Alert,
  Button,
  Card,
  Group,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { type ReactNode, useEffect } from 'react';
import { DateField } from '../../components/DateField';
import { useCoreText, usePageLanguage } from '../../i18n/core-text';
import { formatInr } from '../listings/format';

/** What an item row takes from a listing. */
export interface ListingTerms {
  _id: string;
  title: string;
  unit: ListingUnit | null;
  rateInr: number | null;
  minUnits: number;
}

export interface OwnListing extends ListingTerms {
  /** A media owner's listing is inventory (what it gives); an advertiser's is a need (what it wants). */
  ownerType: UserType;
}

const resolveOffer = schemaResolver(DealOfferFormSchema, { sync: true });

/** An item row from one of the giver's listings: quantity × rate card as its value. */
export function itemFromListing(listing: ListingTerms): DealItemFormValues {
  const quantity = Math.max(1, listing.minUnits);
  return {
    listingId: listing._id,
    title: listing.title,
    quantity,
    unit: listing.unit ?? 'item',
    startDate: '',
    endDate: '',
    valueInr: listing.rateInr ? listing.rateInr * quantity : '',
  };
}

/** An item described freely: counted in pieces until its giver picks another unit. */
export const EMPTY_ITEM: DealItemFormValues = {
  listingId: '',
  title: '',
  quantity: 1,
  unit: 'item',
  startDate: '',
  endDate: '',
  valueInr: '',
};

function total(items: DealItemFormValues[]): number {
  return items.reduce((sum, item) => sum + (Number(item.valueInr) || 0), 0);
}

export interface DealOfferFormProps {
  initial: DealOfferFormValues;
  /** The listings the user gives from (their own active listings), for the "you give" side. */
  myListings: OwnListing[];
  /** The other party's name ("Meera Outdoor gives"). */
  otherName: string;
  submitLabel: string;
  busy: boolean;
  error?: string | null;
  /** Shown under the error: what to do instead (Accept, when a counter changes nothing). */
  errorAction?: ReactNode;
  onSubmit: (values: DealOfferFormValues) => void;
  onCancel?: () => void;
  /** Told whether anything was typed, so closing can ask before it is lost. */
  onDirtyChange?: (dirty: boolean) => void;
}

/**
 * Propose or counter: the items of each side (values default to quantity × rate card and stay editable), each
 * side's total and the difference, how long the offer stays open, a message. Phone first: one column of cards.
 */
export function DealOfferForm({
  initial,
  myListings,
  otherName,
  submitLabel,
  busy,
  error,
  errorAction,
  onSubmit,
  onCancel,
  onDirtyChange,
}: DealOfferFormProps) {
  const { t } = useLingui();
  const core = useCoreText();
  const language = usePageLanguage();
  const unitOptions = DEAL_ITEM_UNITS.map((unit) => ({ value: unit, label: core(DEAL_UNIT_LABELS[unit]) }));
  const openDayOptions = DEAL_OPEN_DAYS.map((d) => ({
    value: String(d),
    label: t`${plural(d, { one: '# day', other: '# days' })}`,
  }));
  const form = useForm<DealOfferFormValues>({
    mode: 'controlled',
    initialValues: initial,
    validate: resolveOffer,
    clearInputErrorOnChange: true,
  });
  const dirty = form.isDirty();
  useEffect(() => onDirtyChange?.(dirty), [dirty, onDirtyChange]);
  const byId = new Map(myListings.map((l) => [l._id, l]));
  const getTotal = total(form.values.get);
  const giveTotal = total(form.values.give);

  const side = (key: 'get' | 'give', heading: string, pickFrom: OwnListing[] | null) => (
    <Stack gap="xs">
      <Title order={3} size="h5">
        {heading}
      </Title>
      {form.values[key].map((_, index) => (
        // rows are edited in place; their position is their identity
        <Card key={index} withBorder padding="sm">
          <Stack gap="xs">
            {pickFrom && pickFrom.length > 0 ? (
              <Select
                label={t`From your listing`}
                placeholder={t`A free description`}
                clearable
                data={pickFrom.map((l) => ({ value: l._id, label: l.title }))}
                value={form.values[key][index]?.listingId || null}
                onChange={(value) => {
                  const listing = value ? byId.get(value) : undefined;
                  form.setFieldValue(
                    `${key}.${index}`,
                    listing ? itemFromListing(listing) : { ...EMPTY_ITEM },
                  );
                }}
              />
            ) : null}
            <TextInput label={t`What`} required {...form.getInputProps(`${key}.${index}.title`)} />
            <SimpleGrid cols={2} spacing="xs">
              <NumberInput
                label={t`Quantity`}
                min={1}
                allowDecimal={false}
                {...form.getInputProps(`${key}.${index}.quantity`)}
              />
              <Select
                label={t`Unit`}
                data={unitOptions}
                allowDeselect={false}
                {...form.getInputProps(`${key}.${index}.unit`)}
              />
              <DateField label={t`Start`} {...form.getInputProps(`${key}.${index}.startDate`)} />
              <DateField label={t`End`} {...form.getInputProps(`${key}.${index}.endDate`)} />
            </SimpleGrid>
            <NumberInput
              label={t`Value (₹)`}
              min={1}
              allowDecimal={false}
              thousandSeparator=","
              {...form.getInputProps(`${key}.${index}.valueInr`)}
            />
            {form.values[key].length > 1 ? (
              <Group justify="flex-end">
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={t`Remove this item`}
                  onClick={() => form.removeListItem(key, index)}
                >
                  ✕
                </ActionIcon>
              </Group>
            ) : null}
          </Stack>
        </Card>
      ))}
      <Button variant="subtle" size="xs" onClick={() => form.insertListItem(key, { ...EMPTY_ITEM })}>
        <Trans>Add an item</Trans>
      </Button>
    </Stack>
  );

  return (
    <form onSubmit={form.onSubmit(onSubmit)} noValidate aria-label={submitLabel}>
      <Stack gap="md">
        {error ? (
          <Alert color="red" role="alert">
            {error}
            {errorAction}
          </Alert>
        ) : null}
        {side('get', t`You get (${otherName} gives)`, null)}
        {side('give', t`You give`, myListings)}
        <Card withBorder padding="sm" aria-label={t`Totals`}>
          <Text size="sm">{t`You get: ${formatInr(getTotal)}`}</Text>
          <Text size="sm">{t`You give: ${formatInr(giveTotal)}`}</Text>
          <Text size="sm" fw={600}>
            {getTotal === giveTotal
              ? t`Difference: ${formatInr(0)}`
              : getTotal > giveTotal
                ? t`Difference: ${formatInr(getTotal - giveTotal)} in your favour`
                : language === 'en'
                  ? `Difference: ${formatInr(giveTotal - getTotal)} in ${possessive(otherName)} favour`
                  : t`Difference: ${formatInr(giveTotal - getTotal)} in favour of ${otherName}`}
          </Text>
        </Card>
        <Select
          label={t`The offer stays open`}
          data={openDayOptions}
          allowDeselect={false}
          {...form.getInputProps('openDays')}
        />
        <Textarea label={t`Message (optional)`} autosize minRows={2} {...form.getInputProps('message')} />
        <Group justify="flex-end">
          {onCancel ? (
            <Button variant="default" onClick={onCancel}>
              <Trans>Cancel</Trans>
            </Button>
          ) : null}
          <Button type="submit" loading={busy}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
