import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string[];
  from: string;
  raw: string;
  /** The message text with quoted-printable soft breaks undone. */
  text: string;
}

/**
 * How long a wait for a mail may last before the test fails: a ceiling, not a pause. Most mails go through the
 * outbox and its job queue, which a busy 2-core machine (a CI run beside the browser suites) can hold up for
 * seconds; 5 s was too tight there.
 */
export const MAIL_WAIT_MS = 60_000;

export interface TestMailServer {
  url: string;
  port: number;
  mails: ReceivedMail[];
  /**
   * Waits for the next mail to `to` (after any already read) and returns it. It returns as soon as the mail comes;
   * `timeoutMs` (MAIL_WAIT_MS by default) only bounds how long a test that will fail waits.
   */
  waitFor(to: string, timeoutMs?: number): Promise<ReceivedMail>;
  /**
   * The 6-digit code of the latest unread mail to `to` that carries one, waiting for it past notices without one
   * (a notice sent by the outbox, the "your address changed" of an old address, can come just before a code).
   */
  waitForCode(to: string, timeoutMs?: number): Promise<string>;
  /**
   * Refuses the next `count` mails with a temporary failure (451, as a busy or greylisting server answers): the
   * sender's client throws, nothing is kept.
   */
  refuseNext(count?: number): void;
  /** How many mails were refused. */
  readonly refused: number;
  close(): Promise<void>;
}

/**
 * The mail with quoted-printable undone in its parts' text, never in the headers: a header's raw `=XX` (an URL's
 * `id=23…` in List-Unsubscribe) is not an escape.
 */
function decode(raw: string): string {
  const split = /\r?\n\r?\n/.exec(raw);
  if (!split) return raw;
  const head = raw.slice(0, split.index + split[0].length);
  const body = raw
    .slice(split.index + split[0].length)
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  return head + body;
}

/** The 6-digit code in a mail's body (not its headers), if it has one. */
function codeOf(mail: ReceivedMail): string | undefined {
  return /\b(\d{6})\b/.exec(
    mail.text
      .split(/\r?\n\r?\n/)
      .slice(1)
      .join('\n'),
  )?.[1];
}

/** A real SMTP server in the test process that keeps every mail it receives. */
export async function startTestMailServer(): Promise<TestMailServer> {
  const mails: ReceivedMail[] = [];
  const waiters: Array<() => void> = [];
  let refusing = 0;
  let refused = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onAuth(_auth, _session, callback) {
      callback(null, { user: 'test' });
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (refusing > 0) {
          refusing -= 1;
          refused += 1;
          callback(Object.assign(new Error('Try again later'), { responseCode: 451 }));
          return;
        }
        const raw = Buffer.concat(chunks).toString('utf8');
        mails.push({
          raw,
          text: decode(raw),
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
        });
        for (const wake of waiters.splice(0)) wake();
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const read = new Map<string, number>();

  /**
   * The last unread mail to `to` that `wanted` accepts (any mail when not given); every mail to `to` is then read.
   * `what` names the awaited mail in the error.
   */
  async function waitFor(
    to: string,
    timeoutMs = MAIL_WAIT_MS,
    wanted: (mail: ReceivedMail) => boolean = () => true,
    what = 'mail',
  ): Promise<ReceivedMail> {
    const recipient = to.toLowerCase();
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const seen = read.get(recipient) ?? 0;
      const forRecipient = mails.filter((m) => m.to.includes(recipient));
      const found = forRecipient.slice(seen).findLast(wanted);
      if (found) {
        read.set(recipient, forRecipient.length);
        return found;
      }
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no ${what} to ${to} within ${timeoutMs} ms`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  return {
    url: `smtp://127.0.0.1:${port}`,
    port,
    mails,
    waitFor: (to, timeoutMs) => waitFor(to, timeoutMs),
    async waitForCode(to, timeoutMs) {
      const mail = await waitFor(to, timeoutMs, (m) => codeOf(m) !== undefined, 'mail with a 6-digit code');
      return codeOf(mail) as string;
    },
    refuseNext(count = 1) {
      refusing += count;
    },
    get refused() {
      return refused;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
