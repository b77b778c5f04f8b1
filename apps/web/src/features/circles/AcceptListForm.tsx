import { errorMessage, trpc } from '@barterads/api-client';
import { isLanguage, MEDIA_CATEGORIES } from '@barterads/core';
import { AcceptsFormSchema } from '@barterads/core/forms';
import { translateText } from '@barterads/core/i18n';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  Alert,
  Button,
  Chip,
  Group,
  NumberInput,
  SimpleGrid,
  Stack,
  TagsInput,
  Text,
  TextInput,
} from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useEffect, useState } from 'react';
import { applyServerIssues } from '../../components/forms';

interface AcceptValues {
  categories: string[];
  cities: string[];
  minValueInr: number | string;
  maxValueInr: number | string;
  availableFrom: string;
  availableTo: string;
}

const EMPTY: AcceptValues = {
  categories: [],
  cities: [],
  minValueInr: 0,
  maxValueInr: 100_000,
  availableFrom: '',
  availableTo: '',
};
const FIELDS = Object.keys(EMPTY);

/**
 * The "I'd accept" list editor (product-spec-3 section 4), loaded when the member opens it on /dashboard:
 * categories and cities the member would take (none chosen: any), a value range and dates. Checked with the
 * server's own schema (zod, which is why it loads on demand); a refused save keeps what was typed.
 */
export default function AcceptListForm() {
  const { t, i18n } = useLingui();
  const language = isLanguage(i18n.locale) ? i18n.locale : 'en';
  const query = trpc.circles.accepts.useQuery();
  const utils = trpc.useUtils();
  const [saved, setSaved] = useState(false);
  const form = useForm<AcceptValues>({
    mode: 'controlled',
    initialValues: EMPTY,
    validate: schemaResolver(AcceptsFormSchema, { sync: true }),
  });
  const loaded = query.data?.accepts;
  // The stored list goes into the form once it arrives (and again after each save).
  useEffect(() => {
    if (!loaded) return;
    const values = {
      categories: loaded.categories,
      cities: loaded.cities,
      minValueInr: loaded.minValueInr,
      maxValueInr: loaded.maxValueInr,
      availableFrom: loaded.availableFrom ?? '',
      availableTo: loaded.availableTo ?? '',
    };
    form.setValues(values);
    form.resetDirty(values);
  }, [loaded?.updatedAt]);
  const save = trpc.circles.saveAccepts.useMutation({
    onSuccess: (data) => {
      setSaved(true);
      utils.circles.accepts.setData(undefined, data);
      void utils.matching.list.invalidate();
    },
    onError: (error) => applyServerIssues(form, error, FIELDS),
  });
  return (
    <form
      aria-label={t`What I'd accept`}
      noValidate
      onSubmit={form.onSubmit((values) => {
        setSaved(false);
        save.mutate({
          categories: values.categories as (typeof MEDIA_CATEGORIES)[number]['id'][],
          cities: values.cities,
          minValueInr: Number(values.minValueInr),
          maxValueInr: Number(values.maxValueInr),
          availableFrom: values.availableFrom || null,
          availableTo: values.availableTo || null,
        });
      })}
    >
      <Stack gap="sm" mt="sm">
        <fieldset style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
          <Text component="legend" size="sm" fw={500} mb={4} p={0}>
            <Trans>Categories (none chosen: any)</Trans>
          </Text>
          <Chip.Group multiple {...form.getInputProps('categories')}>
            <Group gap={6}>
              {MEDIA_CATEGORIES.map((c) => (
                <Chip key={c.id} value={c.id} size="sm">
                  {translateText(language, c.title)}
                </Chip>
              ))}
            </Group>
          </Chip.Group>
          {form.errors.categories ? (
            <Text c="red" size="xs" mt={4}>
              {form.errors.categories}
            </Text>
          ) : null}
        </fieldset>
        <TagsInput
          label={t`Cities (none: any)`}
          placeholder={t`Type a city, then Enter`}
          clearable
          {...form.getInputProps('cities')}
        />
        <SimpleGrid cols={2} spacing="sm">
          <NumberInput
            label={t`From (₹)`}
            min={0}
            thousandSeparator=","
            allowDecimal={false}
            {...form.getInputProps('minValueInr')}
          />
          <NumberInput
            label={t`To (₹)`}
            min={1}
            thousandSeparator=","
            allowDecimal={false}
            {...form.getInputProps('maxValueInr')}
          />
          <TextInput label={t`Available from`} type="date" {...form.getInputProps('availableFrom')} />
          <TextInput label={t`Available to`} type="date" {...form.getInputProps('availableTo')} />
        </SimpleGrid>
        {save.isError ? (
          <Alert color="red" role="alert">
            {errorMessage(save.error)}
          </Alert>
        ) : null}
        {saved ? (
          <Alert color="green" role="status">
            <Trans>Saved. Matches and circles are searched again within a minute.</Trans>
          </Alert>
        ) : null}
        <Button type="submit" loading={save.isPending} style={{ alignSelf: 'flex-start' }}>
          <Trans>Save my list</Trans>
        </Button>
      </Stack>
    </form>
  );
}
