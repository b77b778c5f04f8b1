import {
  type ApiServices,
  CIRCLE_DETECT_JOB,
  CIRCLE_TIMERS_JOB,
  notifyDeps,
  type RecurringJob,
  runCircleDetection,
  runCircleTimers,
} from '@barterads/api';

/**
 * The circle search (product-spec-3 section 4), every minute and woken when an accept list is saved: proposes
 * circles of three through the members whose listings or lists changed (queued by a trigger and by the save).
 */
export function circleDetectJob(services: ApiServices): RecurringJob {
  return {
    name: CIRCLE_DETECT_JOB,
    async run() {
      const proposed = await runCircleDetection({
        db: services.database.db,
        wakeEvents: notifyDeps(services).wakeEvents,
      });
      if (proposed > 0) services.logger.info({ proposed }, 'circles proposed');
    },
  };
}

/** The circles' clock, every minute: reminders 24 and 60 hours after a proposal, lapse at 72 hours. */
export function circleTimersJob(services: ApiServices): RecurringJob {
  return {
    name: CIRCLE_TIMERS_JOB,
    async run() {
      const done = await runCircleTimers({
        db: services.database.db,
        wakeEvents: notifyDeps(services).wakeEvents,
      });
      if (done.lapsed > 0 || done.reminded > 0) services.logger.info(done, 'circle timers');
    },
  };
}
