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
    sql`select to_regclass('pgboss.job') is not null as ok`,
  );
  const queues = exists?.ok
    ? await queryRows<QueueRow>(
        db,
        sql`select name,
              count(*) filter (where state = 'created') as queued,
              count(*) filter (where state = 'active') as active,
              count(*) filter (where state = 'retry') as retrying,
              count(*) filter (where state = 'completed') as completed,
              count(*) filter (where state = 'failed') as failed,
              max(completed_on) filter (where state = 'failed') as last_failed_at,
              (array_agg(output order by completed_on desc) filter (where state = 'failed'))[1] as last_error
            from pgboss.job where name not like '\\_\\_%' group by name order by name`,
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
