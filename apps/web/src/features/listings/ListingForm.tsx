import { LANGUAGE_NAMES, type ListingLocalLanguage, type MediaCategoryId } from '@barterads/core';
import {
  CATEGORY_ATTRIBUTE_FIELDS,
  cityFromLabel,
  cityLabel,
  INDIAN_CITIES,
  LISTING_UNITS,
  ListingFormSchema,
  type ListingUnit,
  UNIT_LABELS,
} from '@barterads/core/inventory';
import { useLingui } from '@lingui/react/macro';
import {
  Alert,
  Button,
  Checkbox,
  Collapse,
  Group,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Textarea,
  TextInput,
} from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useId, useState } from 'react';
import { DateField } from '../../components/DateField';
import { SegmentedChoice } from '../../components/SegmentedChoice';
import { currentLanguage } from '../../i18n';
import { translateFormErrors, useCoreText } from '../../i18n/core-text';
import { CATEGORY_OPTIONS } from './category-options';
// Part of the form's own code (1.2 KB): every page loads the form itself on demand (the post dialog, the edit form),
// and a photos field arriving after the form pushed Publish 63 px down under a finger about to tap it.
import { ListingPhotosField, type StoredPhoto } from './ListingPhotosField';

export interface ListingFormValues {
  title: string;
  description: string;
  /** "Pune, Maharashtra": one of the checked-in cities. */
  city: string;
  category: MediaCategoryId | null;
  seeking: string;
  image: string;
  contactPhone: string;
  unit: ListingUnit | null;
  rateInr: number | string;
  minUnits: number | string;
  availableFrom: string;
  availableTo: string;
  monthlyReach: number | string;
  attributes: Record<string, string | number | boolean>;
  /** The optional second version (spec 3, section 5): Hindi or Marathi, its title and description. */
  localLanguage: ListingLocalLanguage;
  localTitle: string;
  localDescription: string;
}

export const EMPTY_LISTING: ListingFormValues = {
  title: '',
  description: '',
  city: '',
  category: null,
  seeking: '',
  image: '',
  contactPhone: '',
  unit: null,
  rateInr: '',
  minUnits: 1,
  availableFrom: '',
  availableTo: '',
  monthlyReach: '',
  attributes: {},
  localLanguage: 'hi',
  localTitle: '',
  localDescription: '',
};

/** The languages of the second version, each named in itself (as the header's switch names them). */
const LOCAL_LANGUAGE_OPTIONS = (['hi', 'mr'] as const).map((value) => ({
  value,
  label: LANGUAGE_NAMES[value],
}));

/** The city options, most populous first ("Mumbai, Maharashtra"). */
const CITY_OPTIONS = [...INDIAN_CITIES].sort((a, b) => b.population - a.population).map((c) => cityLabel(c));
const resolveListing = schemaResolver(ListingFormSchema, { sync: true });

export interface ListingFormProps {
  initial?: ListingFormValues;
  submitLabel: string;
  titleLabel?: string;
  seekingLabel?: string;
  /** "Rate" for inventory, "Budget" for a need. */
  rateLabel?: string;
  busy: boolean;
  /** The server's message after a failed save. */
  error?: string | null;
  /** Saves the fields, then adds the chosen photos; true when done (the form then resets). */
  onSubmit: (values: ListingFormValues, photos: File[]) => Promise<boolean>;
  onCancel?: () => void;
  /** The listing's photos (when editing), and removing one of them. */
  storedPhotos?: StoredPhoto[];
  onRemoveStoredPhoto?: (index: number) => void;
  removingPhoto?: number | null;
}

/**
 * A listing's fields on @mantine/form with the shared schema of packages/core: each problem is shown on its own
 * field, named as it is labelled, and goes away as soon as the field is corrected.
 */
export function ListingForm({
  initial = EMPTY_LISTING,
  submitLabel,
  titleLabel,
  seekingLabel,
  rateLabel,
  busy,
  error,
  onSubmit,
  onCancel,
  storedPhotos,
  onRemoveStoredPhoto,
  removingPhoto,
}: ListingFormProps) {
  const { t } = useLingui();
  // Categories, units, the details' names and the schema's messages come from packages/core.
  const core = useCoreText();
  const [photos, setPhotos] = useState<File[]>([]);
  // A new listing's second version is in the page's language when that is Marathi, else Hindi.
  const start =
    initial.localTitle || currentLanguage() !== 'mr' ? initial : { ...initial, localLanguage: 'mr' as const };
  // The Hindi or Marathi version is folded away until asked for (or the listing has one): the form stays short.
  const [localOpen, setLocalOpen] = useState(Boolean(initial.localTitle || initial.localDescription));
  const localId = useId();
  const form = useForm<ListingFormValues>({
    mode: 'controlled',
    initialValues: start,
    validate: (values) => {
      const errors = translateFormErrors(resolveListing(values), core);
      // A problem in the folded section opens it, so the message is seen.
      if (errors.localTitle || errors.localDescription) setLocalOpen(true);
      return errors;
    },
    validateInputOnBlur: true,
    clearInputErrorOnChange: true,
  });
  const category = form.values.category;
  const localName = LANGUAGE_NAMES[form.values.localLanguage];
  const attributeFields = category ? CATEGORY_ATTRIBUTE_FIELDS[category] : [];
  const categoryOptions = CATEGORY_OPTIONS.map((option) => ({ ...option, label: core(option.label) }));
  const unitOptions = LISTING_UNITS.map((unit) => ({ value: unit, label: core(UNIT_LABELS[unit].per) }));

  const submit = form.onSubmit(async (values) => {
    if (await onSubmit(values, photos)) {
      form.reset();
      setPhotos([]);
    }
  });

  return (
    <form onSubmit={submit} noValidate aria-label={submitLabel}>
      <Stack gap="sm">
        {error ? (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        ) : null}
        <TextInput label={titleLabel ?? t`Title`} required maxLength={120} {...form.getInputProps('title')} />
        <Textarea
          label={t`Description`}
          required
          autosize
          minRows={3}
          maxLength={2000}
          {...form.getInputProps('description')}
        />
        <div>
          <Button
            variant="subtle"
            size="compact-md"
            px={0}
            aria-expanded={localOpen}
            aria-controls={localOpen ? localId : undefined}
            onClick={() => setLocalOpen((open) => !open)}
            leftSection={<span aria-hidden="true">{localOpen ? '▾' : '▸'}</span>}
            styles={{
              label: { whiteSpace: 'normal', textAlign: 'start' },
              root: { height: 'auto', minHeight: 44 },
            }}
          >
            {t`Add a Hindi or Marathi version`}
          </Button>
          <Collapse expanded={localOpen} keepMounted={false} id={localId}>
            <Stack gap="sm" pt="xs">
              <SegmentedChoice<ListingLocalLanguage>
                label={t`Language of the second version`}
                options={LOCAL_LANGUAGE_OPTIONS}
                value={form.values.localLanguage}
                onChange={(value) => form.setFieldValue('localLanguage', value)}
              />
              <TextInput
                label={t`Title in ${localName}`}
                description={t`Shown on the ${localName} pages, and found by search in either language.`}
                lang={form.values.localLanguage}
                maxLength={120}
                {...form.getInputProps('localTitle')}
              />
              <Textarea
                label={t`Description in ${localName}`}
                lang={form.values.localLanguage}
                autosize
                minRows={2}
                maxLength={2000}
                {...form.getInputProps('localDescription')}
              />
            </Stack>
          </Collapse>
        </div>
        <Select
          label={t`City`}
          required
          searchable
          placeholder={t`Start typing a city`}
          data={CITY_OPTIONS}
          limit={20}
          nothingFoundMessage={t`No city of that name in our list`}
          comboboxProps={{ withinPortal: true }}
          {...form.getInputProps('city')}
          value={form.values.city || null}
          onChange={(value) => form.setFieldValue('city', value ?? '')}
        />
        <Select
          label={t`Category`}
          placeholder={t`Choose a category`}
          data={categoryOptions}
          clearable
          comboboxProps={{ withinPortal: true }}
          {...form.getInputProps('category')}
          onChange={(value) => {
            form.setFieldValue('category', (value as MediaCategoryId | null) ?? null);
            // Details of another category do not apply.
            form.setFieldValue('attributes', {});
          }}
        />
        <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
          <NumberInput
            label={rateLabel ?? t`Rate (₹)`}
            min={1}
            allowDecimal={false}
            thousandSeparator=","
            thousandsGroupStyle="lakh"
            {...form.getInputProps('rateInr')}
          />
          <Select
            label={t`Per`}
            placeholder={t`Unit`}
            data={unitOptions}
            clearable
            comboboxProps={{ withinPortal: true }}
            {...form.getInputProps('unit')}
          />
          <NumberInput
            label={t`Minimum units`}
            min={1}
            allowDecimal={false}
            {...form.getInputProps('minUnits')}
          />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <DateField label={t`Available from`} {...form.getInputProps('availableFrom')} />
          <DateField label={t`Available until`} {...form.getInputProps('availableTo')} />
        </SimpleGrid>
        <NumberInput
          label={t`Monthly reach (people or impressions)`}
          min={0}
          allowDecimal={false}
          thousandSeparator=","
          thousandsGroupStyle="lakh"
          {...form.getInputProps('monthlyReach')}
        />
        {attributeFields.length > 0 ? (
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            {attributeFields.map((field) => {
              const path = `attributes.${field.key}`;
              const props = form.getInputProps(path);
              if (field.kind === 'boolean')
                return (
                  <Checkbox
                    key={field.key}
                    mt="lg"
                    label={core(field.label)}
                    {...form.getInputProps(path, { type: 'checkbox' })}
                  />
                );
              if (field.kind === 'select')
                return (
                  <Select
                    key={field.key}
                    label={core(field.label)}
                    data={(field.options ?? []).map((option) => ({ ...option, label: core(option.label) }))}
                    clearable
                    comboboxProps={{ withinPortal: true }}
                    {...props}
                    value={(props.value as string | undefined) || null}
                  />
                );
              if (field.kind === 'number')
                return (
                  <NumberInput
                    key={field.key}
                    label={field.suffix ? `${core(field.label)} (${core(field.suffix)})` : core(field.label)}
                    min={0}
                    thousandSeparator=","
                    {...props}
                    value={(props.value as number | string | undefined) ?? ''}
                  />
                );
              return (
                <TextInput
                  key={field.key}
                  label={core(field.label)}
                  type={field.kind === 'date' ? 'date' : 'text'}
                  {...props}
                  value={(props.value as string | undefined) ?? ''}
                />
              );
            })}
          </SimpleGrid>
        ) : null}
        <TextInput
          label={seekingLabel ?? t`What are you seeking?`}
          maxLength={300}
          {...form.getInputProps('seeking')}
        />
        {/* Photos are uploaded; the image URL stays for API callers (and a listing that has one keeps it). */}
        <ListingPhotosField
          stored={storedPhotos}
          onRemoveStored={onRemoveStoredPhoto}
          removing={removingPhoto}
          files={photos}
          onChange={setPhotos}
          disabled={busy}
        />
        <TextInput
          label={t`WhatsApp phone`}
          placeholder="+91XXXXXXXXXX"
          type="tel"
          maxLength={20}
          {...form.getInputProps('contactPhone')}
        />
        <Group justify="flex-end" mt="xs">
          {onCancel ? (
            <Button variant="default" onClick={onCancel}>
              {t`Cancel`}
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

const numberOrNull = (value: number | string) => (value === '' || value === null ? null : Number(value));

/** What the form sends to the API (create and update). */
export type ListingInput = ReturnType<typeof toListingInput>;

/** The API input of the form's values: empty optional fields are sent as null. */
export function toListingInput(values: ListingFormValues) {
  const city = cityFromLabel(values.city);
  const attributes = Object.fromEntries(
    Object.entries(values.attributes).filter(([, v]) => v !== '' && v !== false && v !== null),
  );
  return {
    title: values.title.trim(),
    description: values.description.trim(),
    city: city?.name ?? null,
    state: city?.state ?? null,
    category: values.category,
    // No `image`: the form adds photos instead, and an edit leaves a listing's image URL (set by the API) as it is.
    seeking: values.seeking.trim() || null,
    contactPhone: values.contactPhone.trim() || null,
    unit: values.unit,
    rateInr: numberOrNull(values.rateInr),
    minUnits: numberOrNull(values.minUnits) ?? 1,
    availableFrom: values.availableFrom || null,
    availableTo: values.availableTo || null,
    monthlyReach: numberOrNull(values.monthlyReach),
    attributes,
    // Without a title there is no second version (the server drops the language then).
    localLanguage: values.localTitle.trim() ? values.localLanguage : null,
    localTitle: values.localTitle.trim() || null,
    localDescription: values.localDescription.trim() || null,
  };
}

/** A stored listing as the form's values (for editing). */
export function toListingFormValues(listing: {
  title: string;
  description: string;
  city: string | null;
  state: string | null;
  category: MediaCategoryId | null;
  seeking: string | null;
  image: string | null;
  contactPhone: string | null;
  unit: ListingUnit | null;
  rateInr: number | null;
  minUnits: number;
  availableFrom: string | null;
  availableTo: string | null;
  monthlyReach: number | null;
  attributes: Record<string, string | number | boolean>;
  localLanguage: ListingLocalLanguage | null;
  localTitle: string | null;
  localDescription: string | null;
}): ListingFormValues {
  return {
    title: listing.title,
    description: listing.description,
    city: listing.city && listing.state ? cityLabel({ name: listing.city, state: listing.state }) : '',
    category: listing.category,
    seeking: listing.seeking ?? '',
    image: listing.image ?? '',
    contactPhone: listing.contactPhone ?? '',
    unit: listing.unit,
    rateInr: listing.rateInr ?? '',
    minUnits: listing.minUnits,
    availableFrom: listing.availableFrom ?? '',
    availableTo: listing.availableTo ?? '',
    monthlyReach: listing.monthlyReach ?? '',
    attributes: listing.attributes,
    localLanguage: listing.localLanguage ?? 'hi',
    localTitle: listing.localTitle ?? '',
    localDescription: listing.localDescription ?? '',
  };
}
