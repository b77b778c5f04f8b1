import type { Language } from '../languages';
import { formatIndiaDate, formatIndiaMonth, indiaDayParts } from '../money';

/**
 * Dates in the member's language (issue 33), outside the main barrel so that English pages (the landing page's JS
 * budget) do not carry the month names. The months as Intl's hi-IN and mr-IN write them; the Indian order (day,
 * month, year) and Latin digits in every language, as Indian business documents do.
 */
const MONTH_NAMES: Record<Exclude<Language, 'en'>, readonly string[]> = {
  hi: ['जनवरी', 'फ़रवरी', 'मार्च', 'अप्रैल', 'मई', 'जून', 'जुलाई', 'अगस्त', 'सितंबर', 'अक्तूबर', 'नवंबर', 'दिसंबर'],
  mr: ['जानेवारी', 'फेब्रुवारी', 'मार्च', 'एप्रिल', 'मे', 'जून', 'जुलै', 'ऑगस्ट', 'सप्टेंबर', 'ऑक्टोबर', 'नोव्हेंबर', 'डिसेंबर'],
};

/** "1 Dec 2026"; "1 दिसंबर 2026" in Hindi. */
export function formatDateIn(value: string, language: Language): string {
  if (language === 'en') return formatIndiaDate(value);
  const { day, month, year } = indiaDayParts(value);
  return `${day} ${MONTH_NAMES[language][month]} ${year}`;
}

/** "December 2026"; "डिसेंबर 2026" in Marathi. */
export function formatMonthIn(value: string, language: Language): string {
  if (language === 'en') return formatIndiaMonth(value);
  const { month, year } = indiaDayParts(value);
  return `${MONTH_NAMES[language][month]} ${year}`;
}
