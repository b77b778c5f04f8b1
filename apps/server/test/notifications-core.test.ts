import {
  notificationTopic,
  notify,
  notifyDeps,
  sendNotificationEmails,
  setEmailPreference,
} from '@barterads/api';
import { notifications } from '@barterads/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestUser, startTestServer, type TestServer } from './helpers/server';

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
});
