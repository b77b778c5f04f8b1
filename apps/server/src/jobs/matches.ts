import {
  type ApiServices,
  MATCH_DIGEST_JOB,
  MATCH_UPDATES_JOB,
  notifyDeps,
  type RecurringJob,
  runMatchDigest,
  runMatchUpdates,
} from '@barterads/api';

/** Recomputes the matches of listings posted, edited or archived (queued by a trigger), every minute. */
export function matchUpdatesJob(services: ApiServices): RecurringJob {
  return {
    name: MATCH_UPDATES_JOB,
    async run() {
      const updated = await runMatchUpdates({ db: services.database.db, notify: notifyDeps(services) });
      if (updated > 0) services.logger.info({ updated }, 'listing matches updated');
    },
  };
}

/** The daily match e-mail of Professional and Enterprise members, at 08:00 IST (02:30 UTC). */
export function matchDigestJob(services: ApiServices): RecurringJob {
  return {
    name: MATCH_DIGEST_JOB,
    cron: '30 2 * * *',
    async run() {
      const told = await runMatchDigest(notifyDeps(services));
      if (told > 0) services.logger.info({ told }, 'match digests');
    },
  };
}
