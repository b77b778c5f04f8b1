export {
  runSavedSearchAlerts,
  SAVED_SEARCH_ALERTS_JOB,
  type SavedSearchAlertDeps,
  savedSearchName,
  unsubscribeSavedSearch,
} from './alerts';
export { createSavedSearch, listSavedSearches } from './saved-searches';
export type { SavedSearchOutput, SavedSearchQuery } from './schemas';
export { unsubscribeSignature, unsubscribeUrl, verifyUnsubscribeSignature } from './unsubscribe';
