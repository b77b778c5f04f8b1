/** How often a saved search's alert e-mail goes out (product-spec-2 section 5); `never` keeps it silent. */
export const SAVED_SEARCH_FREQUENCIES = ['instant', 'daily', 'weekly', 'never'] as const;
export type SavedSearchFrequency = (typeof SAVED_SEARCH_FREQUENCIES)[number];

export const SAVED_SEARCH_FREQUENCY_LABELS: Record<SavedSearchFrequency, string> = {
  instant: 'Instantly',
  daily: 'Daily',
  weekly: 'Weekly',
  never: 'Never (no e-mails)',
};

export const SAVED_SEARCHES = {
  /** Saved searches one member may keep. */
  maxPerUser: 20,
  nameMax: 80,
  /** New listings one alert e-mail lists at most. */
  alertListingsMax: 20,
} as const;

export const SAVED_SEARCH_MESSAGES = {
  limit: `You can keep at most ${SAVED_SEARCHES.maxPerUser} saved searches. Delete one to save another.`,
  notFound: 'Saved search not found.',
  name: 'Please give the search a name.',
  signIn: 'Please sign in or create an account to save this search.',
} as const;
