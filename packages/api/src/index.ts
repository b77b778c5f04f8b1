// What callers outside packages/api use (the server, its tests, the API client's types, the testing and bench
// packages), and nothing else: a domain's other functions stay private to the API.
export { ensureAdmin, resetAdminPassword } from './accounts/admin-bootstrap';
export { hashPassword } from './accounts/passwords';
export { createSession, validateSessionToken } from './accounts/sessions';
export { setUserStatus } from './accounts/status';
export { setUserStatus as adminSetUserStatus } from './admin/users';
export { isApiKeyToken } from './api-keys/api-keys';
export { getBusinessPage } from './businesses/page';
export type {
  AdminVerification,
  MyVerificationResult,
  SubmitVerificationInput,
  VerificationSubmission,
} from './businesses/schemas';
export {
  CERTIFICATE_FILES,
  certificateKey,
  readCertificate,
  retireCertificates,
  submitVerification,
  verifiedBusiness,
} from './businesses/verification';
export { CIRCLE_DETECT_JOB, CIRCLE_TIMERS_JOB, queueCircles } from './circles/accepts';
export { acceptCircle, declineCircle, runCircleTimers } from './circles/circles';
export { chooseCircles, loadCircleGraph, runCircleDetection } from './circles/detect';
export {
  createApiKeyContext,
  createContext,
  messageLanguage,
  type RequestMeta,
  SESSION_COOKIE,
} from './context';
export { getDealPage } from './deals/deals';
export { DEAL_EXPIRING_EVENT, runDealExpiry } from './deals/expiry';
export { dealLetter } from './deals/letter';
export {
  DELIVERABLE_DUE_EVENT,
  PROOF_FILES,
  readProof,
  runDeliverableDue,
  runDeliveryTimers,
} from './deliveries/deliveries';
export { isDatabaseUnavailable } from './dependency-errors';
export {
  bellChannel,
  CHANNELS,
  type Channel,
  ChannelRefused,
  type DispatchDeps,
  dispatchEvents,
  emailChannel,
  retryDelayMs,
} from './events/dispatcher';
export { EVENT_DISPATCH_JOB, SYSTEM_ACTOR, writeEvent } from './events/outbox';
export {
  createJobQueue,
  EVERY_MINUTE,
  type JobQueue,
  type JobQueueOptions,
  type RecurringJob,
  RUN_EXPIRY_SECONDS,
} from './jobs/queue';
export { jsonOf } from './json-answers';
export { seedDemoPhotos } from './listings/demo-photos';
export { featuredListings, getPublicListing, myListings } from './listings/listings';
export { LISTING_PHOTO_FILES } from './listings/photos';
export { SearchListingsInput, SearchListingsResult } from './listings/schemas';
export {
  planTerms,
  searchListings,
  searchNeedsIndexHint,
  searchQueries,
  withIndexPlans,
} from './listings/search';
export {
  cachedSearch,
  createMemorySearchCache,
  createRedisSearchCache,
  defaultRefreshAfterMs,
  type SearchCacheStore,
  searchCacheCounts,
} from './listings/search-cache';
export { searchIndexOf, startSearchIndex, stopSearchIndex } from './listings/search-index';
export { trigrams, Vocabulary } from './listings/spelling';
export { createMailer } from './mail/mailer';
export * from './matching';
export { insertMessage } from './messages/conversations';
export { queueUnreadMessageEmails } from './messages/unread-email';
export * from './notifications';
export { checkoutExtraOrigins } from './payments/gateway';
export { invoicePdf } from './payments/invoices';
export { runPlanPeriods } from './payments/periods';
export {
  createPubSub,
  PUBSUB_CHANNEL,
  type PubSub,
  type PubSubTransport,
  redisPubSubTransport,
} from './pubsub';
export { createMemoryRateLimiter, createRedisRateLimiter, type RateLimiter } from './rate-limit';
export { publishDueReviews, ratingsOf } from './reviews/reviews';
export { type AppRouter, appRouter, createCaller } from './root';
export * from './saved-searches';
export type { ApiConfig, ApiServices, JobWaker, Logger } from './services';
export * from './storage';
export { legInvoiceFile, statementPdf } from './tax/documents';
export { TAX_MESSAGES } from './tax/invoices';
export { LEG_REMINDER_DAYS, runLegReminders } from './tax/reminders';
export { barterStatement, statementCsv } from './tax/statement';
export {
  DocumentedOutput,
  enforceUploadRateLimit,
  type FieldIssue,
  localizeIssues,
  type ProcedureAccess,
  type ProcedureMeta,
  requireAccess,
  requireSession,
  zodIssues,
} from './trpc';
export { type WebhookDeliverySettings, webhookChannel } from './webhooks/channel';
export {
  checkWebhookUrl,
  type Lookup,
  resolveDeliveryAddress,
  SIGNATURE_TOLERANCE_SECONDS,
  signatureHeader,
  verifySignature,
} from './webhooks/security';
export { signatureHeaderFor, WEBHOOK_RETRY_WINDOW_MS } from './webhooks/webhooks';
export { DEAL_MESSAGE_GAP_MS, whatsappChannel, whatsappPlan } from './whatsapp/channel';
export { sendWhatsapp, type WhatsappConfig } from './whatsapp/client';
export { signOneTap, verifyOneTap } from './whatsapp/links';
export { applyPendingStatuses } from './whatsapp/statuses';
export {
  buildTemplate,
  renderTemplate,
  type TemplateName,
  type TemplateParams,
  templateSubmissions,
  WHATSAPP_TEMPLATES,
} from './whatsapp/templates';
