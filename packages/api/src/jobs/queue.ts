import type { DatabaseHandle } from '@barterads/db';
import PgBoss from 'pg-boss';
import type { Logger } from '../services';

/** A job run on a cron schedule by whichever instance's worker fetches it first. */
export interface RecurringJob {
  /** The queue name (also the schedule's name); one per job. */
  name: string;
  /** A 5-field cron expression, UTC; every minute when not given. */
  cron?: string;
  run(): Promise<void>;
}

export interface JobQueue {
  /** Creates pg-boss's schema when missing, then schedules each job and starts its worker. */
  start(): Promise<void>;
  /** Stops the workers, letting a running job finish (at most a few seconds). Safe to call twice. */
  stop(): Promise<void>;
  /** Queues one run of a job now (besides its schedule); answers the job id. */
  send(name: string): Promise<string | null>;
}

export const EVERY_MINUTE = '* * * * *';

export interface JobQueueOptions {
  /** How often an idle worker looks for work; pg-boss's default 2 s when not given. */
  pollingIntervalSeconds?: number;
}

/**
 * The background job queue: pg-boss over the app's own database handle (PostgreSQL or embedded PGlite), so jobs
 * and their schedules are rows in the `pgboss` schema — they survive restarts, and a job fetched by one instance
 * (`SKIP LOCKED`) is not run by another.
 */
export function createJobQueue(
  database: DatabaseHandle,
  jobs: readonly RecurringJob[],
  logger: Logger,
  options: JobQueueOptions = {},
): JobQueue {
  const boss = new PgBoss({
    db: { executeSql: (text: string, values: unknown[]) => database.executeSql(text, values ?? []) },
    // Nothing to keep: the jobs' state is in the app's own rows.
    retentionDays: 1,
    deleteAfterDays: 1,
  });
  boss.on('error', (error: unknown) => logger.error({ err: error }, 'job queue error'));
  let started = false;
  let stopping: Promise<void> | undefined;

  return {
    async start() {
      await boss.start();
      started = true;
      for (const job of jobs) {
        await boss.createQueue(job.name, {
          name: job.name,
          policy: 'stately',
          retryLimit: 0,
          expireInMinutes: 5,
        });
        await boss.schedule(job.name, job.cron ?? EVERY_MINUTE);
        await boss.work(
          job.name,
          { pollingIntervalSeconds: options.pollingIntervalSeconds ?? 2 },
          async () => {
            try {
              await job.run();
            } catch (error) {
              logger.error({ err: error, job: job.name }, 'job failed');
              throw error;
            }
          },
        );
      }
    },
    stop() {
      if (!started) return Promise.resolve();
      stopping ??= boss.stop({ graceful: true, close: false, wait: true, timeout: 10_000 });
      return stopping;
    },
    send(name) {
      return boss.send(name, {});
    },
  };
}
