export { createSavedSearch, listSavedSearches } from './saved-searches';
export type { SavedSearchOutput, SavedSearchQuery } from './schemas';
export { unsubscribeSignature, unsubscribeUrl, verifyUnsubscribeSignature } from './unsubscribe';
