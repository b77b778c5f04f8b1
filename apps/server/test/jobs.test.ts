import { createJobQueue, type JobQueue, RUN_EXPIRY_SECONDS } from '@barterads/api';
import { type DatabaseHandle, deals, queryRows, sql, users } from '@barterads/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dealExpiryJob } from '../src/jobs/deal-expiry';
import {
  createTestUser,
  EVENTUALLY,
  gate,
  proposeTestDeal,
  startTestServer,
  type TestServer,
} from './helpers/server';

describe('background jobs on the pg-boss queue', () => {
  let server: TestServer;
  const queues: JobQueue[] = [];

  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    for (const queue of queues) await queue.stop();
    await server.close();
  });

  it('the scheduled deal-expiry job expires an overdue deal exactly once with two workers on one database', async () => {
    const owner = await createTestUser(server.db, {
      userType: 'media_owner',
      firstName: 'Meera',
      lastName: 'Owner',
    });
    const brand = await createTestUser(server.db, { firstName: 'Kabir', lastName: 'Brand' });
    await server.db.update(users).set({ companyName: 'Kabir Foods' }).where(eq(users.id, brand.user.id));
    const { dealId } = await proposeTestDeal(server, owner.user, brand, {
      title: 'Hoarding near the flyover',
    });
    await server.db
      .update(deals)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(deals.id, dealId));

    // Two more instances (besides the server's own queue) on the same database, each scheduling the job and
    // working its queue: however the run is fetched, the deal is expired once.
    for (let i = 0; i < 2; i++) {
      const queue = createJobQueue(
        server.services.database,
        [dealExpiryJob(server.services)],
        server.services.logger,
        {
          pollingIntervalSeconds: 0.5,
        },
      );
      queues.push(queue);
      await queue.start();
    }
    await Promise.all(queues.map((queue) => queue.send('deal-expiry')));

    await expect
      .poll(
        async () => (await server.db.select().from(deals).where(eq(deals.id, dealId)))[0]?.status,
        EVENTUALLY,
      )
      .toBe('expired');
    const expiredMails = () =>
      server.mail.mails.filter(
        (m) => m.to.includes(brand.user.email.toLowerCase()) && m.text.includes('A deal offer expired'),
      ).length;
    await expect.poll(expiredMails, EVENTUALLY).toBe(1);
    // Every run that expired something logged it: one run, one deal.
    const runs = server.logs
      .filter((line) => line.includes('"msg":"deal expiry job"'))
      .map((line) => (JSON.parse(line) as { expired: number }).expired);
    expect(runs).toEqual([1]);
    // A later run (the next minute's, or another send) finds nothing left to do.
    await queues[1]!.send('deal-expiry');
    expect(expiredMails()).toBe(1);
  });
});

describe('a job run left active by a killed instance', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => server.close());

  it('expires after RUN_EXPIRY_SECONDS, not pg-boss default 15 minutes, so the schedule resumes soon', async () => {
    // Every queue is stately: a run left active by a killed instance blocks the next ones until it expires.
    const rows = await queryRows<{ name: string; policy: string; expire_seconds: number | null }>(
      server.db,
      sql`select name, policy, expire_seconds from pgboss.queue where name not like '\_\_pgboss%'`,
    );
    expect(rows.map((row) => row.name)).toContain('notification-emails');
    for (const row of rows) {
      expect(row).toMatchObject({ policy: 'stately', expire_seconds: RUN_EXPIRY_SECONDS });
    }
    expect(RUN_EXPIRY_SECONDS).toBeLessThanOrEqual(300);
  });
});

describe('stopping the job queue', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => server.close());

  it("answers only once pg-boss's record of the last run is written, so the database can close behind it", async () => {
    // pg-boss marks a run completed without awaiting that statement: made slow here (a real round trip of 0.3 s
    // before its answer), stop() used to answer while it was still out, and the caller's next step (closing the
    // database) made it fail unhandled: CONNECTION_ENDED in CI.
    const real = server.services.database;
    const completion = gate();
    let completionAnswered = false;
    const database: DatabaseHandle = {
      ...real,
      async executeSql(text, values = []) {
        const answer = await real.executeSql(text, values);
        if (!text.includes("state = 'completed'") || values[0] !== 'stop-test') return answer;
        completion.open();
        await real.executeSql('select pg_sleep(0.3)');
        completionAnswered = true;
        return answer;
      },
    };
    let runs = 0;
    const queue = createJobQueue(
      database,
      [
        {
          name: 'stop-test',
          cron: '0 0 1 1 *',
          run: async () => {
            runs += 1;
          },
        },
      ],
      server.services.logger,
      { pollingIntervalSeconds: 0.5 },
    );
    await queue.start();
    await queue.send('stop-test');
    await completion.opened;
    await queue.stop();
    expect(runs).toBe(1);
    expect(completionAnswered).toBe(true);
  });
  it("logs a run's record that the database refused, instead of a rejection no one handles (which ends the process)", async () => {
    // pg-boss marks a run completed (or failed) without awaiting that statement. With PostgreSQL gone at that moment
    // (the faults suite's outage, on a busy machine) its rejection was unhandled, and Node ended the server: no
    // 503s, no recovery. Here the completion is refused.
    const real = server.services.database;
    const refused = gate();
    const database: DatabaseHandle = {
      ...real,
      async executeSql(text, values = []) {
        if (!text.includes("state = 'completed'") || values[0] !== 'refused-test')
          return real.executeSql(text, values);
        refused.open();
        throw Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' });
      },
    };
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    const logged: object[] = [];
    const logger = { info() {}, warn() {}, error: (object: object) => void logged.push(object) };
    try {
      const queue = createJobQueue(
        database,
        [{ name: 'refused-test', cron: '0 0 1 1 *', run: async () => {} }],
        logger,
        { pollingIntervalSeconds: 0.5 },
      );
      await queue.start();
      await queue.send('refused-test');
      await refused.opened;
      await queue.stop();
      // An unhandled rejection is reported once the microtasks run out: after the next turn of the event loop.
      await new Promise((resolve) => setImmediate(resolve));
      expect(unhandled).toEqual([]);
      expect(logged).toContainEqual(
        expect.objectContaining({ err: expect.objectContaining({ code: 'ECONNRESET' }) }),
      );
    } finally {
      process.off('unhandledRejection', onUnhandled);
    }
  });
});
