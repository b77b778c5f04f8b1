import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SMTPServer } from 'smtp-server';
import { afterEach, describe, expect, it } from 'vitest';
import { createMailer, stableMessageId } from './mailer';

const logger = { info() {}, warn() {}, error() {} };

interface Received {
  user: string | undefined;
  password: string | undefined;
  to: string[];
  raw: string;
}

/** An SMTP server that requires a login and records who logged in and what arrived. */
async function startServer() {
  const received: Received[] = [];
  let login: { user?: string; password?: string } = {};
  const server = new SMTPServer({
    authMethods: ['PLAIN', 'LOGIN'],
    allowInsecureAuth: true,
    disabledCommands: ['STARTTLS'],
    onAuth(auth, _session, callback) {
      login = { user: auth.username ?? undefined, password: auth.password ?? undefined };
      if (auth.username === 'user@x.in' && auth.password === 'p@ss:w/rd') callback(null, { user: 'ok' });
      else callback(new Error('Invalid username or password'));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          ...{ user: login.user, password: login.password },
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return { port, received, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

describe('createMailer over SMTP_URL (parsed by nodemailer)', () => {
  let close: (() => Promise<void>) | undefined;
  afterEach(async () => close?.());

  /** The SMTP server above and a mailer logged in to it (the URL's credentials, no TLS). */
  async function loggedInMailer() {
    const server = await startServer();
    close = server.close;
    const mailer = createMailer({
      smtpUrl: `smtp://user%40x.in:p%40ss%3Aw%2Frd@127.0.0.1:${server.port}?ignoreTLS=true`,
      from: 'noreply@barterads.in',
      outboxDir: '/nonexistent',
      logger,
    });
    return { server, mailer };
  }

  it('logs in with the percent-encoded credentials of the URL and honours its query options', async () => {
    const server = await startServer();
    close = server.close;
    const mailer = createMailer({
      smtpUrl: `smtp://user%40x.in:p%40ss%3Aw%2Frd@127.0.0.1:${server.port}?ignoreTLS=true&name=barterads.test`,
      from: 'BarterAds <noreply@barterads.in>',
      outboxDir: '/nonexistent',
      logger,
    });
    expect(mailer.mode).toBe('smtp');
    await mailer.send({ to: 'asha@example.in', subject: 'Hello', text: 'Body' });
    expect(server.received).toHaveLength(1);
    expect(server.received[0]).toMatchObject({
      user: 'user@x.in',
      password: 'p@ss:w/rd',
      to: ['asha@example.in'],
    });
    expect(server.received[0]!.raw).toContain('Subject: Hello');
  });

  it('sends the extra headers (List-Unsubscribe and its one-click Post) as given', async () => {
    const { server, mailer } = await loggedInMailer();
    await mailer.send({
      to: 'asha@example.in',
      subject: 'New listings',
      text: 'Body',
      headers: {
        'List-Unsubscribe': '<https://barterads.in/api/saved-searches/unsubscribe?id=1&sig=abc>',
        'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      },
    });
    // Long header lines arrive folded (RFC 5322); unfold before reading them.
    const raw = server.received[0]!.raw.replace(/\r\n[ \t]+/g, ' ');
    expect(raw).toContain(
      'List-Unsubscribe: <https://barterads.in/api/saved-searches/unsubscribe?id=1&sig=abc>',
    );
    expect(raw).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
  });

  it('sends the Message-ID it is given, the same on each send, and a new one for a mail without', async () => {
    const { server, mailer } = await loggedInMailer();
    const messageId = stableMessageId('https://barterads.in/', 'notification-42');
    expect(messageId).toBe('<notification-42@barterads.in>');
    const mail = { to: 'asha@example.in', subject: 'Alert', text: 'Body', messageId };
    await mailer.send(mail);
    await mailer.send(mail);
    await mailer.send({ to: 'asha@example.in', subject: 'Alert', text: 'Body' });
    const ids = server.received.map((m) => /^Message-ID: (.*)$/im.exec(m.raw)?.[1]?.trim());
    expect(ids.slice(0, 2)).toEqual([messageId, messageId]);
    expect(ids[2]).toMatch(/^<.+@.+>$/);
    expect(ids[2]).not.toBe(messageId);
  });

  it('fails with MailDeliveryError when the credentials are wrong', async () => {
    const server = await startServer();
    close = server.close;
    const mailer = createMailer({
      smtpUrl: `smtp://someone:wrong@127.0.0.1:${server.port}`,
      from: 'noreply@barterads.in',
      outboxDir: '/nonexistent',
      logger,
    });
    await expect(mailer.send({ to: 'a@b.in', subject: 'x', text: 'y' })).rejects.toThrow(
      'Mail could not be delivered',
    );
    expect(server.received).toHaveLength(0);
  });
});

describe('createMailer without SMTP_URL (the development outbox)', () => {
  it('writes the message the SMTP transport sends: its headers and Message-ID as given', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'barterads-outbox-'));
    try {
      const mailer = createMailer({
        smtpUrl: undefined,
        from: 'noreply@barterads.in',
        outboxDir: dir,
        logger,
      });
      expect(mailer.mode).toBe('outbox');
      const messageId = stableMessageId('http://localhost:3000', 'event-7-asha');
      await mailer.send({
        to: 'asha@example.in',
        subject: 'New listings',
        text: 'Body',
        headers: { 'List-Unsubscribe': '<https://barterads.in/u/1>' },
        messageId,
      });
      const [file] = await readdir(dir);
      const raw = await readFile(join(dir, file as string), 'utf8');
      expect(raw).toMatch(/^To: asha@example\.in$/m);
      expect(raw).toMatch(/^Subject: New listings$/m);
      expect(raw).toContain('List-Unsubscribe: <https://barterads.in/u/1>');
      expect(raw).toMatch(/^Message-ID: <event-7-asha@localhost>$/m);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
