import { isLanguage, type Language } from '@barterads/core';
import { formatDateIn } from '@barterads/core/dates';
import { translateText } from '@barterads/core/i18n';
import { useLingui } from '@lingui/react';
import type { FormErrors } from '@mantine/form';

/**
 * The texts that come from packages/core (categories, roles, units, MESSAGES) in the page's language. Their
 * Hindi and Marathi live in `@barterads/core/i18n`, shared with the server's errors and e-mails; only the pages
 * that import this hook download them (not the landing page).
 */
export function useCoreText(): (english: string) => string {
  const { i18n } = useLingui();
  const language: Language = isLanguage(i18n.locale) ? i18n.locale : 'en';
  return (english: string) => translateText(language, english);
}

/** The page's language (the URL's), re-rendering when it changes. */
export function usePageLanguage(): Language {
  const { i18n } = useLingui();
  return isLanguage(i18n.locale) ? i18n.locale : 'en';
}

/** "1 Dec 2026" in the page's language ("1 दिसंबर 2026"). */
export function useFormatDate(): (value: string) => string {
  const language = usePageLanguage();
  return (value: string) => formatDateIn(value, language);
}

/** A form's errors from the shared schemas (core's English texts) in the page's language. */
export function translateFormErrors(errors: FormErrors, core: (english: string) => string): FormErrors {
  return Object.fromEntries(
    Object.entries(errors).map(([field, error]) => [field, typeof error === 'string' ? core(error) : error]),
  );
}
