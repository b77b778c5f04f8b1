import { type Executor, queryRows, sql } from '@barterads/db';

export interface JobQueueOverview {
  queues: {
    name: string;
    queued: number;
    active: number;
    retrying: number;
    completed: number;
    failed: number;
    lastFailedAt: string | null;
    lastError: string | null;
  }[];
  /** The work kept in the app's own rows, which the jobs drain. */
  outboxes: {
    notificationEmailsPending: number;
    notificationEmailsFailed: number;
    matchUpdatesQueued: number;
  };
}

interface QueueRow extends Record<string, unknown> {
  name: string;
  queued: number | string;
  active: number | string;
  retrying: number | string;
  completed: number | string;
  failed: number | string;
  last_failed_at: Date | string | null;
  last_error: unknown;
}

/**
 * The job queue as the admin app shows it: per queue, the jobs queued, running, waiting for a retry, completed
 * and failed (pg-boss keeps a day of them), with the last failure; and the outboxes the jobs drain. Answers
 * empty queues when the pg-boss schema does not exist yet (the worker has not started).
 */
export async function jobQueueOverview(db: Executor): Promise<JobQueueOverview> {
  const [exists] = await queryRows<{ ok: boolean }>(
    db,
    sql`select to_regclass('pgboss.job') is not null and to_regclass('pgboss.queue') is not null as ok`,
  );
  const queues = exists?.ok
    ? await queryRows<QueueRow>(
        db,
        // Every queue, idle ones too (pg-boss keeps them in `pgboss.queue`), with its jobs counted by state.
        sql`select q.name,
              count(*) filter (where j.state = 'created') as queued,
              count(*) filter (where j.state = 'active') as active,
              count(*) filter (where j.state = 'retry') as retrying,
              count(*) filter (where j.state = 'completed') as completed,
              count(*) filter (where j.state = 'failed') as failed,
              max(j.completed_on) filter (where j.state = 'failed') as last_failed_at,
              (array_agg(j.output order by j.completed_on desc) filter (where j.state = 'failed'))[1] as last_error
            from pgboss.queue q left join pgboss.job j on j.name = q.name
            where q.name not like '\\_\\_%' group by q.name order by q.name`,
      )
    : [];
  const [outbox] = await queryRows<{
    pending: number | string;
    failed: number | string;
    queued: number | string;
  }>(
    db,
    sql`select (select count(*) from notifications where email_status in ('pending', 'sending')) as pending,
          (select count(*) from notifications where email_status = 'failed') as failed,
          (select count(*) from listing_match_queue) as queued`,
  );
  return {
    queues: queues.map((q) => ({
      name: q.name,
      queued: Number(q.queued),
      active: Number(q.active),
      retrying: Number(q.retrying),
      completed: Number(q.completed),
      failed: Number(q.failed),
      lastFailedAt: q.last_failed_at ? new Date(q.last_failed_at).toISOString() : null,
      lastError: q.last_error == null ? null : JSON.stringify(q.last_error).slice(0, 300),
    })),
    outboxes: {
      notificationEmailsPending: Number(outbox?.pending ?? 0),
      notificationEmailsFailed: Number(outbox?.failed ?? 0),
      matchUpdatesQueued: Number(outbox?.queued ?? 0),
    },
  };
}
