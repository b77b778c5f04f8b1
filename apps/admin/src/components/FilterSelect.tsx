import { Select } from '@mantine/core';

export interface FilterOption<T extends string> {
  value: T;
  label: string;
}

const ALL = 'all';

/**
 * A filter of a list page: one of `options`, or none ("all", labelled `allLabel`). The value handed to
 * `onChange` is always one of `options`' values or undefined, so a URL search param can take it as it is.
 */
export function FilterSelect<T extends string>({
  label,
  allLabel,
  options,
  value,
  onChange,
  w,
}: {
  label: string;
  allLabel: string;
  options: readonly FilterOption<T>[];
  value: T | undefined;
  onChange: (value: T | undefined) => void;
  w: number;
}) {
  return (
    <Select
      label={label}
      data={[{ value: ALL, label: allLabel }, ...options]}
      value={value ?? ALL}
      onChange={(selected) => onChange(options.find((option) => option.value === selected)?.value)}
      allowDeselect={false}
      w={w}
    />
  );
}
