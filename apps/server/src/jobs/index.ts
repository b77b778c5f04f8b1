import { createJobQueue, type JobQueue, type JobQueueOptions } from '@barterads/api';
import type { ServerServices } from '../services';
import { dealExpiryJob } from './deal-expiry';
import { planPeriodsJob } from './plan-periods';
import { unreadMessagesJob } from './unread-messages';

/** The server's background jobs on one pg-boss queue in its database (PostgreSQL or embedded PGlite). */
export function createServerJobQueue(services: ServerServices, options: JobQueueOptions = {}): JobQueue {
  return createJobQueue(
    services.database,
    [dealExpiryJob(services), unreadMessagesJob(services), planPeriodsJob(services)],
    services.logger,
    options,
  );
}
