import type { Language } from './languages';

// Numbers, money and dates as India writes them, without Intl: the first Intl formatter a page builds (its locale
// and currency data) cost a phone 50-100 ms of one task at 4x CPU slowdown, on every public page as it hydrated
// (issue 35, 9b); these are string work of a few microseconds, with the same output as Intl's en-IN.

/** 1234567 → "12,34,567" (the last three digits, then pairs); with `fractionDigits`, rounded to that many. */
export function formatIndianNumber(value: number, fractionDigits = 0): string {
  const negative = value < 0;
  const [whole = '0', fraction] = Math.abs(value).toFixed(fractionDigits).split('.');
  const head = whole.slice(0, -3);
  const grouped = head ? `${head.replace(/\B(?=(\d{2})+(?!\d))/g, ',')},${whole.slice(-3)}` : whole;
  return `${negative ? '-' : ''}${grouped}${fraction ? `.${fraction}` : ''}`;
}

/** Whole rupees: "₹12,34,567". */
export function formatRupees(rupees: number): string {
  const text = formatIndianNumber(Math.round(rupees));
  return text.startsWith('-') ? `-₹${text.slice(1)}` : `₹${text}`;
}

/**
 * An amount in paise (what Razorpay and the server use) as people read money: whole rupees when it has no paise
 * ("₹999"), else always two decimals ("₹1,533.30", never "₹1,533.3").
 */
export function formatPaise(paise: number): string {
  if (paise % 100 === 0) return formatRupees(paise / 100);
  const text = formatIndianNumber(paise / 100, 2);
  return text.startsWith('-') ? `-₹${text.slice(1)}` : `₹${text}`;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;
const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;
/** India Standard Time: UTC+05:30 all year. */
const IST_MS = 330 * 60 * 1000;

/** A calendar date (`YYYY-MM-DD`) as it is, an instant (an ISO time) as its day in India. */
function dayOf(value: string): Date {
  return /^\d{4}-\d{2}-\d{2}$/.test(value)
    ? new Date(`${value}T00:00:00Z`)
    : new Date(new Date(value).getTime() + IST_MS);
}

/**
 * The months in Hindi and Marathi (issue 33), as Intl's hi-IN and mr-IN write them: dates keep the Indian order
 * (day, month, year) and Latin digits in every language, as Indian business documents do.
 */
const MONTH_NAMES_BY_LANGUAGE: Record<Exclude<Language, 'en'>, readonly string[]> = {
  hi: ['जनवरी', 'फ़रवरी', 'मार्च', 'अप्रैल', 'मई', 'जून', 'जुलाई', 'अगस्त', 'सितंबर', 'अक्तूबर', 'नवंबर', 'दिसंबर'],
  mr: ['जानेवारी', 'फेब्रुवारी', 'मार्च', 'एप्रिल', 'मे', 'जून', 'जुलै', 'ऑगस्ट', 'सप्टेंबर', 'ऑक्टोबर', 'नोव्हेंबर', 'डिसेंबर'],
};

/** Every date on a screen in one style, "1 Dec 2026" (see dayOf); "1 दिसंबर 2026" in Hindi. */
export function formatIndiaDate(value: string, language: Language = 'en'): string {
  const day = dayOf(value);
  const month =
    language === 'en' ? MONTHS[day.getUTCMonth()] : MONTH_NAMES_BY_LANGUAGE[language][day.getUTCMonth()];
  return `${day.getUTCDate()} ${month} ${day.getUTCFullYear()}`;
}

/** "December 2026" (a member since when); "डिसेंबर 2026" in Marathi. */
export function formatIndiaMonth(value: string, language: Language = 'en'): string {
  const day = dayOf(value);
  const names = language === 'en' ? MONTH_NAMES : MONTH_NAMES_BY_LANGUAGE[language];
  return `${names[day.getUTCMonth()]} ${day.getUTCFullYear()}`;
}
