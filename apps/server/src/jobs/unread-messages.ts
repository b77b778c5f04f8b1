import { type ApiServices, notifyDeps, queueUnreadMessageEmails, type RecurringJob } from '@barterads/api';

export const UNREAD_MESSAGES_JOB = 'unread-message-emails';

/**
 * The unread-message e-mails, every minute on the job queue: each is claimed with its event (the outbox), which
 * the event dispatcher's e-mail channel sends and retries.
 */
export function unreadMessagesJob(services: ApiServices): RecurringJob {
  return {
    name: UNREAD_MESSAGES_JOB,
    async run() {
      const queued = await queueUnreadMessageEmails({
        db: services.database.db,
        logger: services.logger,
        wakeEvents: notifyDeps(services).wakeEvents,
      });
      if (queued > 0) services.logger.info({ queued }, 'unread-message e-mails queued');
    },
  };
}
