import {
  CIRCLE_DETECT_JOB,
  createJobQueue,
  EVENT_DISPATCH_JOB,
  type JobQueue,
  type JobQueueOptions,
  MATCH_UPDATES_JOB,
  NOTIFICATION_EMAILS_JOB,
} from '@barterads/api';
import type { ServerServices } from '../services';
import { circleDetectJob, circleTimersJob } from './circles';
import { dealExpiryJob } from './deal-expiry';
import { deliveriesJob } from './deliveries';
import { eventDispatchJob } from './event-dispatch';
import { legRemindersJob } from './leg-reminders';
import { matchDigestJob, matchUpdatesJob } from './matches';
import { notificationEmailsJob } from './notification-emails';
import { planPeriodsJob } from './plan-periods';
import { reviewsJob } from './reviews';
import { savedSearchAlertsJob } from './saved-search-alerts';
import { storageSweepJob } from './storage-sweep';
import { unreadMessagesJob } from './unread-messages';

/** The jobs that drain rows (the e-mail outbox, the events outbox, the match queue): woken when a server starts. */
export const RESUME_AT_START = [
  NOTIFICATION_EMAILS_JOB,
  EVENT_DISPATCH_JOB,
  MATCH_UPDATES_JOB,
  CIRCLE_DETECT_JOB,
] as const;

/** The server's background jobs on one pg-boss queue in its database (PostgreSQL or embedded PGlite). */
export function createServerJobQueue(services: ServerServices, options: JobQueueOptions = {}): JobQueue {
  return createJobQueue(
    services.database,
    [
      dealExpiryJob(services),
      unreadMessagesJob(services),
      notificationEmailsJob(services),
      eventDispatchJob(services),
      planPeriodsJob(services),
      matchUpdatesJob(services),
      matchDigestJob(services),
      deliveriesJob(services),
      reviewsJob(services),
      savedSearchAlertsJob(services),
      storageSweepJob(services),
      legRemindersJob(services),
      circleDetectJob(services),
      circleTimersJob(services),
    ],
    services.logger,
    options,
  );
}
