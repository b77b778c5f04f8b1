import { type ApiServices, notifyDeps, type RecurringJob, runDealExpiry } from '@barterads/api';

export const DEAL_EXPIRY_JOB = 'deal-expiry';

/**
 * Expires open deal offers past their period and sends the "closes within 24 hours" reminders, every minute on
 * the job queue. The work's state is in the deal rows (see runDealExpiry), so a restart loses nothing, and each
 * scheduled run is fetched by one instance only.
 */
export function dealExpiryJob(services: ApiServices): RecurringJob {
  return {
    name: DEAL_EXPIRY_JOB,
    async run() {
      const done = await runDealExpiry(notifyDeps(services));
      if (done.expired > 0 || done.reminded > 0) services.logger.info(done, 'deal expiry job');
    },
  };
}
