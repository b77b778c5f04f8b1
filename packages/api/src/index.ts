export { ensureAdmin } from './accounts/admin-bootstrap';
export {
  DATA_RIGHTS_MESSAGES,
  DELETED_USER_NAME,
  deletedEmail,
  type UserDataExport,
} from './accounts/data-rights';
export { hashPassword } from './accounts/passwords';
export { createSession, revokeUserSessions, validateSessionToken } from './accounts/sessions';
export { setUserStatus } from './accounts/status';
export { type PublicUser, toPublicUser } from './accounts/users';
export { type AuditRecord, listActivity, writeAudit } from './admin/audit';
export { archiveListing as adminArchiveListing, listListings, setListingVerified } from './admin/listings';
export { getMetrics, usersByCountry } from './admin/metrics';
export type { ActivityEntry, AdminListing, AdminMetrics, UsersByCountry } from './admin/schemas';
export { listUsers, setUserStatus as adminSetUserStatus } from './admin/users';
export type {
  AdminVerification,
  MyVerificationResult,
  SubmitVerificationInput,
  VerificationSubmission,
} from './businesses/schemas';
export {
  certificateKey,
  readCertificate,
  submitVerification,
  verifiedBusiness,
} from './businesses/verification';
export type { ContactInput, ContactResult } from './contact/schemas';
export { type Context, type CookieOptions, createContext, type RequestMeta, SESSION_COOKIE } from './context';
export { isDatabaseUnavailable } from './dependency-errors';
export { dashboardStats, recordContactClick, recordViews } from './listings/events';
export {
  archiveListing,
  createListing,
  currentPlanId,
  featuredListings,
  getListing,
  myListings,
  updateListing,
} from './listings/listings';
export {
  type DashboardStats,
  ListingOutput,
  type MyListingOutput,
  SearchListingsInput,
} from './listings/schemas';
export {
  encodeCursor,
  searchConditions,
  searchListings,
  searchNeedsIndexHint,
  searchQueries,
  withIndexPlans,
} from './listings/search';
export { createMailer, MailDeliveryError, type Mailer, type OutgoingMail } from './mail/mailer';
export { sendUnreadMessageEmails } from './messages/unread-email';
export { checkoutExtraOrigins, checkoutScriptUrl } from './payments/gateway';
export {
  createPubSub,
  PUBSUB_CHANNEL,
  type PubSub,
  type PubSubTransport,
  type RedisPubSubLike,
  redisPubSubTransport,
} from './pubsub';
export {
  createMemoryRateLimiter,
  createRedisRateLimiter,
  type RateLimiter,
  type RateLimitRule,
  type RedisLike,
} from './rate-limit';
export { type AppRouter, appRouter, createCaller } from './root';
export type { ApiConfig, ApiServices, Logger } from './services';
export * from './storage';
export { type FieldIssue, zodIssues } from './trpc';
