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

/** Every date on a screen in one style, "1 Dec 2026" (see dayOf); in Hindi or Marathi: `@barterads/core/dates`. */
export function formatIndiaDate(value: string): string {
  const day = dayOf(value);
  return `${day.getUTCDate()} ${MONTHS[day.getUTCMonth()]} ${day.getUTCFullYear()}`;
}

/** "December 2026" (a member since when). */
export function formatIndiaMonth(value: string): string {
  const day = dayOf(value);
  return `${MONTH_NAMES[day.getUTCMonth()]} ${day.getUTCFullYear()}`;
}

/** A date's day, month (0-11) and year as India reads it (see dayOf). */
export function indiaDayParts(value: string): { day: number; month: number; year: number } {
  const day = dayOf(value);
  return { day: day.getUTCDate(), month: day.getUTCMonth(), year: day.getUTCFullYear() };
}
