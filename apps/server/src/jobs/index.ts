import { createJobQueue, type JobQueue, type JobQueueOptions } from '@barterads/api';
import type { ServerServices } from '../services';
import { dealExpiryJob } from './deal-expiry';
import { deliveriesJob } from './deliveries';
import { notificationEmailsJob } from './notification-emails';
import { reviewsJob } from './reviews';
import { unreadMessagesJob } from './unread-messages';

/** The server's background jobs on one pg-boss queue in its database (PostgreSQL or embedded PGlite). */
export function createServerJobQueue(services: ServerServices, options: JobQueueOptions = {}): JobQueue {
  return createJobQueue(
    services.database,
    [
      dealExpiryJob(services),
      unreadMessagesJob(services),
      notificationEmailsJob(services),
      deliveriesJob(services),
      reviewsJob(services),
    ],
    services.logger,
    options,
  );
}
