import {
  DEAL_UNIT_LABELS,
  type DealItemUnit,
  type DealStatus,
  dealQuantityText,
  formatIndianNumber,
  LANGUAGE_TAGS,
  type Language,
} from '@barterads/core';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useCoreText, usePageLanguage } from '../../i18n/core-text';

/** A deal's status in words (render with `i18n._`). */
export const DEAL_STATUS_LABELS: Record<DealStatus, MessageDescriptor> = {
  proposed: msg`Open`,
  accepted: msg`Accepted`,
  completed: msg`Completed`,
  declined: msg`Declined`,
  withdrawn: msg`Withdrawn`,
  expired: msg`Expired`,
  cancelled: msg`Cancelled`,
  disputed: msg`Disputed`,
};

export const DEAL_STATUS_COLORS: Record<DealStatus, string> = {
  proposed: 'blue',
  accepted: 'teal',
  completed: 'green',
  declined: 'red',
  withdrawn: 'gray',
  expired: 'gray',
  cancelled: 'red',
  disputed: 'orange',
};

const dateTimes = new Map<Language, Intl.DateTimeFormat>();

/** "28 Nov 2026, 5:30 pm" in India's time, in `language` ("28 नव॰ 2026, 5:30 pm"), with Latin digits. */
export function formatDateTime(iso: string, language: Language = 'en'): string {
  let format = dateTimes.get(language);
  if (!format) {
    format = new Intl.DateTimeFormat(`${LANGUAGE_TAGS[language]}-u-nu-latn`, {
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
      timeZone: 'Asia/Kolkata',
      // Hindi and Marathi on a 24-hour clock: Intl writes their am/pm in Latin letters.
      ...(language === 'en' ? {} : { hourCycle: 'h23' as const }),
    });
    dateTimes.set(language, format);
  }
  return format.format(new Date(iso));
}

/** "3 months" in the page's language ("3 माह"). */
export function useQuantityText(): (quantity: number, unit: string) => string {
  const language = usePageLanguage();
  const core = useCoreText();
  return (quantity, unit) =>
    language === 'en'
      ? dealQuantityText(quantity, unit)
      : `${formatIndianNumber(quantity)} ${core(DEAL_UNIT_LABELS[unit as DealItemUnit] ?? unit)}`;
}
