import {
  type ApiServices,
  notifyDeps,
  type RecurringJob,
  runSavedSearchAlerts,
  SAVED_SEARCH_ALERTS_JOB,
} from '@barterads/api';

/**
 * The saved searches' alert e-mails: every minute on the job queue (instant searches each run, daily and weekly
 * when their time has come), and at once when a listing is posted (the listings router wakes it), so an instant
 * alert goes out within seconds on the instance that took the listing and within a minute on any other.
 */
export function savedSearchAlertsJob(services: ApiServices): RecurringJob {
  return {
    name: SAVED_SEARCH_ALERTS_JOB,
    async run() {
      const sent = await runSavedSearchAlerts({
        db: services.database.db,
        appUrl: services.config.appUrl,
        unsubscribeSecret: services.config.unsubscribeSecret,
        logger: services.logger,
        notify: notifyDeps(services),
      });
      if (sent > 0) services.logger.info({ sent }, 'saved-search alerts');
    },
  };
}
