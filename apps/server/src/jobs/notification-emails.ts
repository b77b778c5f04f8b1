import {
  type ApiServices,
  NOTIFICATION_EMAILS_JOB,
  type RecurringJob,
  sendNotificationEmails,
} from '@barterads/api';

/**
 * The notifications' e-mails: every minute on the job queue, and at once when `notify` wakes it. Each row is the
 * e-mail's outbox entry (claimed, sent, marked), so a restart neither loses nor repeats one.
 */
export function notificationEmailsJob(services: ApiServices): RecurringJob {
  return {
    name: NOTIFICATION_EMAILS_JOB,
    async run() {
      const done = await sendNotificationEmails({
        db: services.database.db,
        mailer: services.mailer,
        appUrl: services.config.appUrl,
        logger: services.logger,
      });
      if (done.sent > 0 || done.failed > 0) services.logger.info(done, 'notification e-mails');
    },
  };
}
