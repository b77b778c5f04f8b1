import { INDIAN_CITIES } from '@barterads/core/inventory';
import { useLingui } from '@lingui/react/macro';
import { Group, NumberInput, Select } from '@mantine/core';
import { DateField } from '../../components/DateField';
import type { MarketplaceSearch } from '../search-params';

/** The city names, most populous first; a name two states share appears once (the filter is by name). */
const CITY_NAMES = [
  ...new Set([...INDIAN_CITIES].sort((a, b) => b.population - a.population).map((c) => c.name)),
];

export type MoreFilters = Pick<
  MarketplaceSearch,
  'city' | 'rateMin' | 'rateMax' | 'availableFrom' | 'availableTo'
>;

export interface MarketplaceFiltersProps {
  value: MoreFilters;
  onChange: (patch: Partial<MoreFilters>) => void;
}

const toRupees = (value: string | number): number | undefined => {
  const n = typeof value === 'number' ? value : Number.parseInt(value, 10);
  return Number.isFinite(n) && n >= 0 ? Math.floor(n) : undefined;
};

/**
 * The marketplace's further filters: city, rate range and availability dates. Loaded when opened (the city list
 * is not part of the page's first load); every change goes to the URL through `onChange`.
 */
export default function MarketplaceFilters({ value, onChange }: MarketplaceFiltersProps) {
  const { t } = useLingui();
  return (
    <Group gap="md" align="flex-end" wrap="wrap" data-testid="more-filters">
      <Select
        label={t`City`}
        placeholder={t`Any city`}
        searchable
        clearable
        data={CITY_NAMES}
        limit={20}
        nothingFoundMessage={t`No city of that name in our list`}
        value={value.city ?? null}
        onChange={(city) => onChange({ city: city ?? undefined })}
        w={{ base: '100%', xs: 220 }}
      />
      <NumberInput
        label={t`Rate from (₹)`}
        placeholder="0"
        min={0}
        allowDecimal={false}
        allowNegative={false}
        thousandSeparator=","
        value={value.rateMin ?? ''}
        onChange={(rate) => onChange({ rateMin: toRupees(rate) })}
        w={{ base: '47%', xs: 150 }}
      />
      <NumberInput
        label={t`Rate up to (₹)`}
        placeholder={t`Any`}
        min={0}
        allowDecimal={false}
        allowNegative={false}
        thousandSeparator=","
        value={value.rateMax ?? ''}
        onChange={(rate) => onChange({ rateMax: toRupees(rate) })}
        w={{ base: '47%', xs: 150 }}
      />
      <DateField
        label={t`Available from`}
        value={value.availableFrom}
        onChange={(date) => onChange({ availableFrom: date || undefined })}
        w={{ base: '47%', xs: 170 }}
      />
      <DateField
        label={t`Available to`}
        value={value.availableTo}
        minDate={value.availableFrom}
        onChange={(date) => onChange({ availableTo: date || undefined })}
        w={{ base: '47%', xs: 170 }}
      />
    </Group>
  );
}
