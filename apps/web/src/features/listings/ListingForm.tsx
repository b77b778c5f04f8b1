import { MESSAGES, type MediaCategoryId } from '@barterads/core';
import { Alert, Button, Group, Select, Stack, Textarea, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { CATEGORY_OPTIONS } from './category-options';

export interface ListingFormValues {
  title: string;
  location: string;
  description: string;
  category: MediaCategoryId | null;
  image: string;
  seeking: string;
  contactPhone: string;
}

export const EMPTY_LISTING: ListingFormValues = {
  title: '',
  location: '',
  description: '',
  category: null,
  image: '',
  seeking: '',
  contactPhone: '',
};

export interface ListingFormProps {
  initial?: ListingFormValues;
  submitLabel: string;
  titleLabel?: string;
  seekingLabel?: string;
  busy: boolean;
  /** The server's message after a failed save. */
  error?: string | null;
  onSubmit: (values: ListingFormValues) => Promise<boolean>;
  onCancel?: () => void;
}

/** The fields of a listing, checked like the server does before it is sent. */
export function ListingForm({
  initial = EMPTY_LISTING,
  submitLabel,
  titleLabel = 'Title',
  seekingLabel = 'What are you seeking?',
  busy,
  error,
  onSubmit,
  onCancel,
}: ListingFormProps) {
  const [values, setValues] = useState<ListingFormValues>(initial);
  const [localError, setLocalError] = useState<string | null>(null);
  const set = <K extends keyof ListingFormValues>(key: K, value: ListingFormValues[K]) =>
    setValues((v) => ({ ...v, [key]: value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!values.title.trim() || !values.location.trim() || !values.description.trim()) {
      setLocalError(MESSAGES.listingRequired);
      return;
    }
    const image = values.image.trim();
    if (image && !/^https?:\/\//i.test(image)) {
      setLocalError(MESSAGES.invalidImageUrl);
      return;
    }
    setLocalError(null);
    if (await onSubmit(values)) setValues(EMPTY_LISTING);
  };

  const shown = localError ?? error;
  return (
    <form onSubmit={submit} noValidate aria-label={submitLabel}>
      <Stack gap="sm">
        {shown ? (
          <Alert color="red" role="alert">
            {shown}
          </Alert>
        ) : null}
        <TextInput
          label={titleLabel}
          required
          value={values.title}
          onChange={(e) => set('title', e.currentTarget.value)}
          maxLength={120}
        />
        <TextInput
          label="Location"
          required
          placeholder="Mumbai, Maharashtra"
          value={values.location}
          onChange={(e) => set('location', e.currentTarget.value)}
          maxLength={120}
        />
        <Textarea
          label="Description"
          required
          autosize
          minRows={3}
          value={values.description}
          onChange={(e) => set('description', e.currentTarget.value)}
          maxLength={2000}
        />
        <Select
          label="Category"
          placeholder="Choose a category"
          data={CATEGORY_OPTIONS}
          value={values.category}
          onChange={(value) => set('category', (value as MediaCategoryId | null) ?? null)}
          clearable
          comboboxProps={{ withinPortal: true }}
        />
        <TextInput
          label={seekingLabel}
          value={values.seeking}
          onChange={(e) => set('seeking', e.currentTarget.value)}
          maxLength={300}
        />
        <TextInput
          label="Image URL"
          placeholder="https://…"
          type="url"
          value={values.image}
          onChange={(e) => set('image', e.currentTarget.value)}
        />
        <TextInput
          label="WhatsApp phone"
          placeholder="+91XXXXXXXXXX"
          type="tel"
          value={values.contactPhone}
          onChange={(e) => set('contactPhone', e.currentTarget.value)}
          maxLength={20}
        />
        <Group justify="flex-end" mt="xs">
          {onCancel ? (
            <Button variant="default" onClick={onCancel}>
              Cancel
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

/** The API input of the form's values: empty optional fields are sent as null. */
export function toListingInput(values: ListingFormValues) {
  return {
    title: values.title.trim(),
    location: values.location.trim(),
    description: values.description.trim(),
    category: values.category,
    image: values.image.trim() || null,
    seeking: values.seeking.trim() || null,
    contactPhone: values.contactPhone.trim() || null,
  };
}
