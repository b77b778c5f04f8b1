import { type ApiServices, notifyDeps, type RecurringJob, runLegReminders } from '@barterads/api';

export const LEG_REMINDERS_JOB = 'leg-reminders';

/**
 * The barter legs' 30-day clock on the job queue: reminders on day 20 and 28 after the supply date unless the leg
 * is issued (see runLegReminders). The state is in the notifications' dedupe keys, so a restart loses nothing.
 */
export function legRemindersJob(services: ApiServices): RecurringJob {
  return {
    name: LEG_REMINDERS_JOB,
    // Hourly: a reminder is about a day, so within the hour of the day's start in India is soon enough.
    cron: '7 * * * *',
    async run() {
      const done = await runLegReminders(notifyDeps(services));
      if (done.reminded > 0) services.logger.info(done, 'leg reminders job');
    },
  };
}
