import { type ApiServices, dispatchEvents, EVENT_DISPATCH_JOB, type RecurringJob } from '@barterads/api';

/**
 * The outbox's dispatcher: every minute on the job queue, and at once when a change that wrote an event wakes it.
 * It delivers each event to its channels (the bell, e-mail, partner webhooks, WhatsApp when connected), each delivery recorded and retried on its own (see
 * dispatchEvents); its state is in rows, so a restart loses nothing.
 */
/** Deliveries the dispatcher works at once (each a database connection while it runs). */
export const EVENT_DISPATCH_CONCURRENCY = 4;

export function eventDispatchJob(services: ApiServices): RecurringJob {
  return {
    name: EVENT_DISPATCH_JOB,
    async run() {
      const done = await dispatchEvents({
        db: services.database.db,
        mailer: services.mailer,
        appUrl: services.config.appUrl,
        unsubscribeSecret: services.config.unsubscribeSecret,
        pubsub: services.pubsub,
        logger: services.logger,
        // A slow webhook receiver or mail server holds one of these, not the queue (PGlite: one connection).
        concurrency: services.database.kind === 'postgres' ? EVENT_DISPATCH_CONCURRENCY : 1,
        webhooks: {
          isProduction: services.config.isProduction,
          allowLoopback: services.config.webhooks.allowLoopback,
          lookup: services.webhookLookup,
        },
        whatsapp: services.config.whatsapp
          ? { config: services.config.whatsapp, linkSecret: services.config.whatsappLinkSecret }
          : undefined,
      });
      if (done.delivered > 0 || done.failed > 0) services.logger.info(done, 'event dispatch');
    },
  };
}
