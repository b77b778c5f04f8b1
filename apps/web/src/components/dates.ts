const DAY = new Intl.DateTimeFormat('en-IN', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});
const DAY_IN_INDIA = new Intl.DateTimeFormat('en-IN', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'Asia/Kolkata',
});

/**
 * Every date on a screen in one style, "1 Dec 2026": a calendar date (`YYYY-MM-DD`, such as a month's reset day or
 * an item's start) as it is, an instant (an ISO time) as its day in India.
 */
export function formatDate(value: string): string {
  return /^\d{4}-\d{2}-\d{2}$/.test(value)
    ? DAY.format(new Date(`${value}T00:00:00Z`))
    : DAY_IN_INDIA.format(new Date(value));
}
