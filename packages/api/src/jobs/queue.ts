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
  /**
   * Runs a job now in this process, besides its schedule (for work a request just made, such as a notification's
   * e-mail): at most one run per job at a time, and stop() waits for it. Jobs are written to run safely beside
   * another instance's run (rows claimed with SKIP LOCKED), so this never does the work twice.
   */
  wake(name: string): void;
}

export const EVERY_MINUTE = '* * * * *';

/** How long a scheduled run may stay `active` before pg-boss fails it (its instance died) and runs the next. */
export const RUN_EXPIRY_SECONDS = 5 * 60;

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
  /**
   * pg-boss's statements not yet answered. It marks a run completed (or failed) without awaiting that statement
   * (pg-boss 10's manager.watch), so its own stop() can answer first: the caller then closed the database under
   * it, and the statement's rejection (CONNECTION_ENDED) was unhandled (a CI run of jobs.test.ts, 29 Nov).
   */
  const statements = new Set<Promise<unknown>>();
  const boss = new PgBoss({
    db: {
      executeSql: (text: string, values: unknown[]) => {
        const statement = database.executeSql(text, values ?? []);
        statements.add(statement);
        const settled = () => statements.delete(statement);
        statement.then(settled, settled);
        return statement;
      },
    },
    // Nothing to keep: the jobs' state is in the app's own rows.
    retentionDays: 1,
    deleteAfterDays: 1,
  });
  boss.on('error', (error: unknown) => logger.error({ err: error }, 'job queue error'));
  let started = false;
  let stopping: Promise<void> | undefined;
  /** Runs started by wake(), by job name, and the jobs asked for once more while theirs ran. */
  const woken = new Map<string, Promise<void>>();
  /** Runs pg-boss started in this process, until they end. */
  const running = new Set<Promise<void>>();
  const again = new Set<string>();

  return {
    async start() {
      await boss.start();
      started = true;
      for (const job of jobs) {
        // A run still `active` blocks the next ones (stately) until it expires: that of an instance killed mid-run
        // too, so the expiry is short. pg-boss 10 reads only `expireInSeconds` here (`expireInMinutes` was
        // ignored: 15 minutes); updateQueue applies it to queues made before.
        const queueOptions = {
          name: job.name,
          policy: 'stately',
          retryLimit: 0,
          expireInSeconds: RUN_EXPIRY_SECONDS,
        } as const;
        // Two instances starting at once on a new database can deadlock in pg-boss's create_queue (each creating
        // the queue's partition): the loser retries and finds the queue made.
        for (let attempt = 1; ; attempt++) {
          try {
            await boss.createQueue(job.name, queueOptions);
            break;
          } catch (error) {
            if ((error as { code?: string }).code !== '40P01' || attempt >= 3) throw error;
          }
        }
        await boss.updateQueue(job.name, queueOptions);
        await boss.schedule(job.name, job.cron ?? EVERY_MINUTE);
        await boss.work(
          job.name,
          { pollingIntervalSeconds: options.pollingIntervalSeconds ?? 2 },
          async () => {
            const run = job.run();
            running.add(run);
            try {
              await run;
            } catch (error) {
              logger.error({ err: error, job: job.name }, 'job failed');
              throw error;
            } finally {
              running.delete(run);
            }
          },
        );
      }
    },
    stop() {
      if (!started) return Promise.resolve();
      // Runs woken in this process finish first: one left running would query a database the caller closes next.
      // pg-boss waits for its own runs up to its time-out only (a run can take longer on a busy machine): the runs it
      // started are awaited here too, then every statement of pg-boss's still unanswered (a run's completion), so
      // none queries the database after stop() answered.
      stopping ??= Promise.allSettled([...woken.values()])
        .then(() => boss.stop({ graceful: true, close: false, wait: true, timeout: 10_000 }))
        .then(() => Promise.allSettled([...running]))
        .then(async () => {
          while (statements.size > 0) await Promise.allSettled([...statements]);
        });
      return stopping;
    },
    send(name) {
      return boss.send(name, {});
    },
    wake(name) {
      const job = jobs.find((candidate) => candidate.name === name);
      if (!job || !started || stopping) return;
      // One run at a time per job in this process; a wake during a run asks for one more run after it.
      if (woken.has(name)) {
        again.add(name);
        return;
      }
      const run = (async () => {
        do {
          again.delete(name);
          try {
            await job.run();
          } catch (error) {
            logger.error({ err: error, job: name }, 'woken job failed');
          }
        } while (again.has(name) && !stopping);
      })().finally(() => woken.delete(name));
      woken.set(name, run);
    },
  };
}
