import { type ApiServices, type RecurringJob, sendUnreadMessageEmails } from '@barterads/api';

export const UNREAD_MESSAGES_JOB = 'unread-message-emails';

/** The unread-message e-mails, every minute on the job queue. */
export function unreadMessagesJob(services: ApiServices): RecurringJob {
  return {
    name: UNREAD_MESSAGES_JOB,
    async run() {
      const sent = await sendUnreadMessageEmails({
        db: services.database.db,
        mailer: services.mailer,
        config: services.config,
        logger: services.logger,
      });
      if (sent > 0) services.logger.info({ sent }, 'unread-message e-mails sent');
    },
  };
}
