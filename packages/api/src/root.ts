import { accountsRouter } from './accounts/router';
import { adminRouter } from './admin/router';
import { apiKeysRouter } from './api-keys/router';
import { businessPagesRouter } from './businesses/page-router';
import { businessesRouter } from './businesses/router';
import { circlesRouter } from './circles/router';
import { contactRouter } from './contact/router';
import { dealsRouter } from './deals/router';
import { eventsRouter } from './events/router';
import { listingsRouter } from './listings/router';
import { matchingRouter } from './matching/router';
import { messagesRouter } from './messages/router';
import { notificationsRouter } from './notifications/router';
import { paymentsRouter } from './payments/router';
import { reviewsRouter } from './reviews/router';
import { savedSearchesRouter } from './saved-searches/router';
import { taxRouter } from './tax/router';
import { tradeDeskRouter } from './trade-desk/router';
import { createCallerFactory, router } from './trpc';
import { webhooksRouter } from './webhooks/router';
import { whatsappRouter } from './whatsapp/router';

/** The whole API surface: one router per domain. */
export const appRouter = router({
  accounts: accountsRouter,
  payments: paymentsRouter,
  messages: messagesRouter,
  admin: adminRouter,
  listings: listingsRouter,
  contact: contactRouter,
  businessPages: businessPagesRouter,
  businesses: businessesRouter,
  deals: dealsRouter,
  notifications: notificationsRouter,
  matching: matchingRouter,
  reviews: reviewsRouter,
  savedSearches: savedSearchesRouter,
  apiKeys: apiKeysRouter,
  tax: taxRouter,
  events: eventsRouter,
  webhooks: webhooksRouter,
  circles: circlesRouter,
  tradeDesk: tradeDeskRouter,
  whatsapp: whatsappRouter,
});

export type AppRouter = typeof appRouter;
export const createCaller = createCallerFactory(appRouter);
