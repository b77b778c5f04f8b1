import {
  notificationTopic,
  notify,
  notifyDeps,
  sendNotificationEmails,
  setEmailPreference,
} from '@barterads/api';
import { notifications, openDatabase, queryRows, sql } from '@barterads/db';
import { createTestDatabase } from '@barterads/testing';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestUser, EVENTUALLY, startTestServer, type TestServer } from './helpers/server';

describe('notify: the one function every domain tells members through', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server.close();
  });

  const emailDeps = () => ({
    db: server.services.database.db,
    mailer: server.services.mailer,
    appUrl: server.services.config.appUrl,
    logger: server.services.logger,
  });

  it('writes one row per event key, publishes it live and e-mails it once', async () => {
    const member = await createTestUser(server.db, { firstName: 'Asha' });
    const seen: unknown[] = [];
    const stop = await server.services.pubsub.subscribe(notificationTopic(member.user.id), (data) =>
      seen.push(data),
    );
    const input = {
      userId: member.user.id,
      kind: 'deal_accepted' as const,
      title: 'Kabir Foods accepted the deal',
      body: 'Kabir Foods accepted version 2. The deal letter is ready.',
      link: '/dashboard/deals',
      dedupeKey: 'deal:test-1:accepted',
    };
    const [first, second] = await Promise.all([
      notify(notifyDeps(server.services), input),
      notify(notifyDeps(server.services), input),
    ]);
    expect([first, second].filter(Boolean)).toHaveLength(1);
    const rows = await server.db.select().from(notifications).where(eq(notifications.userId, member.user.id));
    expect(rows).toHaveLength(1);
    await expect.poll(() => seen).toEqual([{ type: 'notification', notificationId: rows[0]!.id }]);
    stop();

    // The server's job, woken by notify, sends it; a second sender finds nothing more to send.
    const mail = await server.mail.waitFor(member.user.email);
    expect(mail.text).toContain('Subject: Kabir Foods accepted the deal');
    expect(mail.text).toContain('/dashboard/deals');
    // Its Message-ID is the notification's own, so a send again after a crash is recognisably the same mail.
    expect(mail.text).toMatch(new RegExp(`^Message-ID: <notification-${rows[0]!.id}@localhost>\\s*$`, 'mi'));
    await expect
      .poll(async () => {
        const [row] = await server.db.select().from(notifications).where(eq(notifications.id, rows[0]!.id));
        return row?.emailStatus;
      })
      .toBe('sent');
    expect(await sendNotificationEmails(emailDeps())).toEqual({ sent: 0, failed: 0 });
    expect(server.mail.mails.filter((m) => m.to.includes(member.user.email))).toHaveLength(1);
  });

  it('writes the bell row but no e-mail when the member turned that kind off', async () => {
    const member = await createTestUser(server.db, { firstName: 'Dev' });
    await setEmailPreference(server.db, member.user.id, 'new_message', false);
    const made = await notify(notifyDeps(server.services), {
      userId: member.user.id,
      kind: 'new_message',
      title: 'New message',
      body: 'Meera wrote to you.',
      link: '/messages',
    });
    expect(made).not.toBeNull();
    const [row] = await server.db.select().from(notifications).where(eq(notifications.id, made!.id));
    expect(row?.emailStatus).toBe('skipped');
  });

  it('two senders at once send each e-mail exactly once, and a failing mail server leaves them for a retry', async () => {
    const member = await createTestUser(server.db, { firstName: 'Ravi' });
    const deps = { ...notifyDeps(server.services), wakeEmailJob: undefined };
    for (let i = 0; i < 30; i += 1) {
      await notify(deps, {
        userId: member.user.id,
        kind: 'saved_search_hits',
        title: `Hit ${i}`,
        body: 'A new listing matches your saved search.',
        link: '/marketplace',
        dedupeKey: `hits:${i}`,
      });
    }
    const sentTo: string[] = [];
    const failing = {
      ...emailDeps(),
      mailer: { mode: 'smtp' as const, send: () => Promise.reject(new Error('SMTP down')) },
    };
    expect(await sendNotificationEmails(failing)).toEqual({ sent: 0, failed: 0 });
    const counting = {
      ...emailDeps(),
      mailer: {
        mode: 'smtp' as const,
        send: async (mail: { subject: string }) => {
          sentTo.push(mail.subject);
        },
      },
    };
    const results = await Promise.all([sendNotificationEmails(counting), sendNotificationEmails(counting)]);
    // The server's own scheduled run may take some of them to the test mail server (and may still be sending
    // when ours end): count both, each subject once.
    const delivered = () => [
      ...sentTo.filter((subject) => subject.startsWith('Hit ')),
      ...server.mail.mails
        .filter((m) => m.to.includes(member.user.email))
        .map((m) => /Subject: (Hit \d+)/.exec(m.text)?.[1] ?? ''),
    ];
    await expect.poll(() => delivered().length).toBe(30);
    expect(new Set(delivered()).size).toBe(30);
    expect(results[0]!.sent + results[1]!.sent).toBeLessThanOrEqual(30);
  });

  it('a sender that dies mid-send leaves its e-mail pending at once (no claim to wait out), then sent once', async () => {
    // PGlite has one connection in-process: nothing to kill.
    if (!server.databaseUrl) return;
    const member = await createTestUser(server.db, { firstName: 'Tara' });
    const made = await notify(
      { ...notifyDeps(server.services), wakeEmailJob: undefined },
      {
        userId: member.user.id,
        kind: 'saved_search_hits',
        title: 'Killed mid-send',
        body: 'A new listing matches your saved search.',
        link: '/marketplace',
      },
    );
    const status = async () =>
      (await server.db.select().from(notifications).where(eq(notifications.id, made!.id)))[0];
    // The dying sender: its own connection, and a mail server that takes the mail and never answers.
    const dying = await openDatabase({ url: server.databaseUrl, max: 1 });
    let handed: () => void = () => {};
    const inSend = new Promise<void>((resolve) => {
      handed = resolve;
    });
    const run = sendNotificationEmails({
      ...emailDeps(),
      db: dying.db,
      mailer: {
        mode: 'smtp' as const,
        send: () => {
          handed();
          return new Promise<void>(() => {});
        },
      },
    });
    run.catch(() => {});
    try {
      await inSend;
      // While it sends, the row is locked: another sender skips it, and nobody sees it `sent` yet.
      const others: string[] = [];
      const counting = {
        ...emailDeps(),
        mailer: {
          mode: 'smtp' as const,
          send: async (mail: { subject: string }) => void others.push(mail.subject),
        },
      };
      await sendNotificationEmails(counting);
      expect(others).not.toContain('Killed mid-send');
      expect((await status())?.emailStatus).toBe('pending');
      // The process dies: PostgreSQL drops its connection and rolls its transaction back.
      await queryRows(
        server.db,
        sql`select pg_terminate_backend(pid) from pg_stat_activity
            where datname = current_database() and state = 'idle in transaction' and pid <> pg_backend_pid()`,
      );
      // pg_terminate_backend only signals the backend: until it has gone, its lock stands and a sender skips the
      // row. So wait for the mail, not for a send that finds nothing (which a send before the lock went also is).
      const killedSent = () => others.filter((subject) => subject === 'Killed mid-send').length;
      await expect
        .poll(async () => {
          await sendNotificationEmails(counting);
          return killedSent();
        }, EVENTUALLY)
        .toBe(1);
      // Once: a further send finds nothing left.
      expect((await sendNotificationEmails(counting)).sent).toBe(0);
      expect(killedSent()).toBe(1);
      expect(await status()).toMatchObject({
        emailStatus: 'sent',
        emailAttempts: 1,
        emailClaimedUntil: null,
      });
    } finally {
      await dying.close().catch(() => {});
    }
  });

  it('a starting server sends the e-mails left pending at once, not at the next scheduled minute', async () => {
    const database = await createTestDatabase();
    try {
      const member = await createTestUser(database.handle.db, { firstName: 'Left' });
      await database.handle.db.insert(notifications).values({
        userId: member.user.id,
        kind: 'saved_search_hits',
        title: 'Left in the outbox',
        body: 'Queued before a restart.',
        link: '/marketplace',
      });
      const restarted = await startTestServer({}, { database });
      try {
        const mail = await restarted.mail.waitFor(member.user.email, 10_000);
        expect(mail.text).toContain('Left in the outbox');
      } finally {
        await restarted.close();
      }
    } finally {
      await database.destroy();
    }
  });
});
