import { type ApiServices, runDealExpiry } from '@barterads/api';

const EVERY_MS = 60_000;

/**
 * Expires open deal offers past their period and sends the "closes within 24 hours" reminders, every minute;
 * answers a function that stops it. The work's state is in the deal rows (see runDealExpiry), so a restart
 * loses nothing and several instances do each step once.
 */
export function startDealExpiry(services: ApiServices): () => void {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    runDealExpiry({
      db: services.database.db,
      mailer: services.mailer,
      appUrl: services.config.appUrl,
      logger: services.logger,
    })
      .then((done) => {
        if (done.expired > 0 || done.reminded > 0) services.logger.info(done, 'deal expiry job');
      })
      .catch((error: unknown) => services.logger.error({ err: error }, 'deal expiry job failed'))
      .finally(() => {
        running = false;
      });
  }, EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
}
