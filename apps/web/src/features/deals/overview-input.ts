/**
 * What the dashboard's deals card asks of the deals list: the card and the dashboard's loader (which asks before the
 * page shows) ask the same. A module of its own, so the loader, in the app's first chunk, does not carry the card.
 */
export const DEALS_OVERVIEW_INPUT = { limit: 1 } as const;
