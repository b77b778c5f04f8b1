export { runMatchDigest } from './digest';
export { matchesFor, unmatchedNeeds } from './matches';
export type { MatchesResult, MatchOutput } from './schemas';
export { soughtCategories } from './score';
export {
  claimQueuedListings,
  finishQueuedListing,
  MATCH_DIGEST_JOB,
  MATCH_UPDATES_JOB,
  runMatchUpdates,
  updateListingMatches,
} from './update';
