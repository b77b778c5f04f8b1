import { PHONE_COUNTRIES, PHONE_MAX_DIGITS } from '@barterads/core';
import { useLingui } from '@lingui/react/macro';
import { Group, Input, NativeSelect, TextInput } from '@mantine/core';
import { useId } from 'react';

export interface PhoneInputValue {
  /** ISO code of the chosen country (India by default). */
  country: string;
  /** The number as typed: national digits, or a full +<code> number. */
  number: string;
}

export const EMPTY_PHONE: PhoneInputValue = { country: 'IN', number: '' };

function dialOf(iso: string): string {
  return PHONE_COUNTRIES.find((c) => c.iso === iso)?.dial ?? '91';
}

/** The international number the input stands for, for normalizePhone; '' when nothing was typed. */
export function phoneInputToString(value: PhoneInputValue): string {
  const typed = value.number.trim();
  if (!typed) return '';
  if (typed.startsWith('+')) return typed;
  const digits = typed.replace(/\D/g, '').replace(/^0+/, '');
  return `+${dialOf(value.country)}${digits}`;
}

export interface PhoneInputProps {
  label: string;
  value: PhoneInputValue;
  onChange(value: PhoneInputValue): void;
  error?: string;
  required?: boolean;
  description?: string;
}

/** An international phone input: a country select (calling code) and the number, at most 15 digits in all. */
export function PhoneInput({ label, value, onChange, error, required, description }: PhoneInputProps) {
  const { t } = useLingui();
  const id = useId();
  const dial = dialOf(value.country);
  const maxNational = value.number.trim().startsWith('+') ? PHONE_MAX_DIGITS : PHONE_MAX_DIGITS - dial.length;
  return (
    <Input.Wrapper
      label={label}
      required={required}
      error={error}
      description={description}
      labelProps={{ htmlFor: id }}
    >
      <Group gap={6} wrap="nowrap" align="flex-start">
        <NativeSelect
          aria-label={t`${label}: country code`}
          // Country codes (IN +91) are codes, not words to translate.
          translate="no"
          w={120}
          value={value.country}
          onChange={(e) => onChange({ ...value, country: e.currentTarget.value })}
          data={PHONE_COUNTRIES.map((c) => ({ value: c.iso, label: `${c.iso} +${c.dial}` }))}
          error={Boolean(error)}
        />
        <TextInput
          id={id}
          style={{ flex: 1 }}
          type="tel"
          inputMode="tel"
          autoComplete="tel-national"
          placeholder={value.country === 'IN' ? '98765 43210' : t`Phone number`}
          value={value.number}
          error={Boolean(error)}
          aria-invalid={Boolean(error)}
          onChange={(e) => {
            const next = e.currentTarget.value.replace(/[^\d+\s()-]/g, '');
            if (next.replace(/\D/g, '').length > maxNational) return;
            onChange({ ...value, number: next });
          }}
        />
      </Group>
    </Input.Wrapper>
  );
}
