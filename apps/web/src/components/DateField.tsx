import '@mantine/dates/styles.css';
// The calendar's month and day names in Hindi and Marathi (issue 33): dayjs's locales, with the forms only.
import 'dayjs/locale/hi';
import 'dayjs/locale/mr';
import { DateInput, type DateInputProps } from '@mantine/dates';
import { currentLanguage } from '../i18n';

/** A date as India writes it, dd/mm/yyyy (also with dots or dashes), as `YYYY-MM-DD`; null when it is not one. */
export function parseDayMonthYear(text: string): string | null {
  const match = /^\s*(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})\s*$/.exec(text);
  if (!match) return null;
  const [, d, m, y] = match;
  const iso = `${y}-${m!.padStart(2, '0')}-${d!.padStart(2, '0')}`;
  const date = new Date(`${iso}T00:00:00Z`);
  return Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== iso ? null : iso;
}

export interface DateFieldProps extends Omit<DateInputProps, 'value' | 'onChange' | 'defaultValue'> {
  /** `YYYY-MM-DD`, or '' for none (what the forms and the API use). */
  value?: string | null | undefined;
  onChange?: (value: string) => void;
}

/**
 * A date field shown and typed as dd/mm/yyyy whatever the browser's language (a native date input follows the
 * browser's locale: mm/dd/yyyy on an English-US phone), with a calendar to pick from. Its value stays `YYYY-MM-DD`.
 * Loads with the forms that use it, not on any page's first load.
 */
export function DateField({ value, onChange, ...props }: DateFieldProps) {
  return (
    <DateInput
      locale={currentLanguage()}
      valueFormat="DD/MM/YYYY"
      dateParser={parseDayMonthYear}
      placeholder="dd/mm/yyyy"
      clearable
      inputMode="numeric"
      popoverProps={{ withinPortal: true }}
      {...props}
      value={value || null}
      onChange={(next) => onChange?.(next ?? '')}
    />
  );
}
