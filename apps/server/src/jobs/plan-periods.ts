import { type ApiServices, type RecurringJob, runPlanPeriods } from '@barterads/api';

export const PLAN_PERIODS_JOB = 'plan-periods';

/**
 * Applies paid downgrades and period changes when the current period ends, and sends the 7-day and 1-day
 * end-of-plan reminders, every minute on the job queue (the state is in the subscription rows; see runPlanPeriods).
 */
export function planPeriodsJob(services: ApiServices): RecurringJob {
  return {
    name: PLAN_PERIODS_JOB,
    async run() {
      const done = await runPlanPeriods({
        db: services.database.db,
        mailer: services.mailer,
        appUrl: services.config.appUrl,
        logger: services.logger,
      });
      if (done.applied > 0 || done.reminded > 0) services.logger.info(done, 'plan periods job');
    },
  };
}
