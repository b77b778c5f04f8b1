import { type ApiServices, EVENT_DISPATCH_JOB, type RecurringJob, runPlanPeriods } from '@barterads/api';

export const PLAN_PERIODS_JOB = 'plan-periods';

/**
 * Applies paid downgrades and period changes when the current period ends, and writes the 7-day and 1-day
 * end-of-plan reminders as events (the dispatcher mails them, retrying a failed send), every minute on the job queue (the state is in the subscription rows; see runPlanPeriods).
 */
export function planPeriodsJob(services: ApiServices): RecurringJob {
  return {
    name: PLAN_PERIODS_JOB,
    async run() {
      const done = await runPlanPeriods({
        db: services.database.db,
        logger: services.logger,
        wakeEvents: () => services.jobs?.wake(EVENT_DISPATCH_JOB),
      });
      if (done.applied > 0 || done.reminded > 0) services.logger.info(done, 'plan periods job');
    },
  };
}
