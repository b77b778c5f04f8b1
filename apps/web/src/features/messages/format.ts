import { LANGUAGE_TAGS, type Language } from '@barterads/core';

/**
 * English pages: the browser's own locale (as before the translations). Hindi and Marathi: the language's, with
 * Latin digits and a 24-hour clock (Intl writes their am/pm in Latin letters).
 */
function locale(language: Language): string | undefined {
  return language === 'en' ? undefined : `${LANGUAGE_TAGS[language]}-u-nu-latn-hc-h23`;
}

/** "14:05" today, "Mon" this week, "12 Nov" otherwise ("सोम", "12 नव॰" in Hindi). */
export function shortTime(iso: string, language: Language = 'en', now: Date = new Date()): string {
  const date = new Date(iso);
  const sameDay = date.toDateString() === now.toDateString();
  if (sameDay) return date.toLocaleTimeString(locale(language), { hour: '2-digit', minute: '2-digit' });
  if (now.getTime() - date.getTime() < 6 * 24 * 60 * 60 * 1000)
    return date.toLocaleDateString(locale(language), { weekday: 'short' });
  return date.toLocaleDateString(locale(language), { day: 'numeric', month: 'short' });
}

export function fullTime(iso: string, language: Language = 'en'): string {
  return new Date(iso).toLocaleString(locale(language), { dateStyle: 'medium', timeStyle: 'short' });
}
