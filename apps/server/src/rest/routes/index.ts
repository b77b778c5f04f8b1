import type { RestRoute } from '../route';
import { accountRoutes } from './accounts';
import { adminRoutes } from './admin';
import { businessPageRoutes } from './business-pages';
import { businessRoutes } from './businesses';
import { circleRoutes } from './circles';
import { contactRoutes } from './contact';
import { dataRightsRoutes } from './data-rights';
import { dealRoutes } from './deals';
import { eventRoutes } from './events';
import { listingRoutes } from './listings';
import { matchingRoutes } from './matching';
import { messageRoutes } from './messages';
import { notificationRoutes } from './notifications';
import { paymentRoutes } from './payments';
import { reviewRoutes } from './reviews';
import { savedSearchRoutes } from './saved-searches';
import { taxRoutes } from './tax';
import { webhookRoutes } from './webhooks';
import { whatsappRoutes } from './whatsapp';

/** The whole REST table, in the order of the contract. */
export const restRoutes: RestRoute[] = [
  ...accountRoutes,
  ...dataRightsRoutes,
  ...listingRoutes,
  ...businessPageRoutes,
  ...contactRoutes,
  ...messageRoutes,
  ...paymentRoutes,
  ...businessRoutes,
  ...dealRoutes,
  ...taxRoutes,
  ...reviewRoutes,
  ...notificationRoutes,
  ...matchingRoutes,
  ...savedSearchRoutes,
  ...eventRoutes,
  ...webhookRoutes,
  ...circleRoutes,
  ...whatsappRoutes,
  ...adminRoutes,
];
