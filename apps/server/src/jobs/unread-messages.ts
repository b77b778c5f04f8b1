import { type ApiServices, sendUnreadMessageEmails } from '@barterads/api';

const EVERY_MS = 60_000;

/** Runs the unread-message e-mail job every minute; answers a function that stops it. */
export function startUnreadMessageEmails(services: ApiServices): () => void {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    sendUnreadMessageEmails({
      db: services.database.db,
      mailer: services.mailer,
      config: services.config,
      logger: services.logger,
    })
      .then((sent) => {
        if (sent > 0) services.logger.info({ sent }, 'unread-message e-mails sent');
      })
      .catch((error: unknown) => services.logger.error({ err: error }, 'unread-message e-mail job failed'))
      .finally(() => {
        running = false;
      });
  }, EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
}
