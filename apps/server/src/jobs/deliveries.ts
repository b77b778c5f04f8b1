import {
  type ApiServices,
  EVENT_DISPATCH_JOB,
  type RecurringJob,
  runDeliverableDue,
  runDeliveryTimers,
} from '@barterads/api';

export const DELIVERIES_JOB = 'deliveries';

/**
 * Reminds receivers of deliveries awaiting their answer (days 3 and 6) and accepts deliveries not answered within
 * 7 days, completing deals whose items are all accepted, and tells givers of items due; every minute on the job queue. The work's state is in the
 * deliverable rows (see runDeliveryTimers), so a restart loses nothing and a second instance finds it done.
 */
export function deliveriesJob(services: ApiServices): RecurringJob {
  return {
    name: DELIVERIES_JOB,
    async run() {
      const done = await runDeliveryTimers(services.database.db);
      // Items due tomorrow or today, still undelivered: their givers hear it over WhatsApp (deliverable.due).
      const due = await runDeliverableDue(services.database.db);
      // Reminders and automatic acceptances wrote their events: the dispatcher tells the parties.
      if (done.reminded.length > 0 || done.autoAccepted.length > 0 || due.due > 0) {
        services.jobs?.wake(EVENT_DISPATCH_JOB);
      }
      if (done.reminded.length > 0 || done.autoAccepted.length > 0) {
        services.logger.info(
          { reminded: done.reminded.length, autoAccepted: done.autoAccepted.length },
          'deliveries job',
        );
      }
    },
  };
}
