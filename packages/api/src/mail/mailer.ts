import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
import { parseConnectionUrl } from 'nodemailer/lib/shared/index.js';
import type { Logger } from '../services';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /**
   * Extra header lines, for example `List-Unsubscribe` and `List-Unsubscribe-Post` (RFC 8058 one-click) on alert
   * e-mails; passed to nodemailer as they are.
   */
  headers?: Record<string, string>;
  /**
   * The Message-ID, `<…@…>`, for a mail that a job may send again (a sender killed between the SMTP server's 250
   * and its commit): each send of it carries the same one, so a receiving server or mail client that drops a
   * repeated Message-ID shows it once. Left out, nodemailer makes a new one for each send.
   */
  messageId?: string;
  /** Printed to the development log instead of the mail body (for example a one-time code). */
  devHint?: string;
}

export interface Mailer {
  send(mail: OutgoingMail): Promise<void>;
  /** 'smtp' delivers for real; 'outbox' writes each mail to a folder (development). */
  readonly mode: 'smtp' | 'outbox';
}

export class MailDeliveryError extends Error {
  constructor(cause: unknown) {
    super('Mail could not be delivered', { cause });
    this.name = 'MailDeliveryError';
  }
}

export interface MailerOptions {
  smtpUrl: string | undefined;
  from: string;
  outboxDir: string;
  logger: Logger;
  /** Print each mail's devHint (a one-time code) to the log: development only. */
  logHints?: boolean;
}

/** nodemailer over SMTP when SMTP_URL is set; otherwise a development outbox folder. */
export function createMailer(options: MailerOptions): Mailer {
  /** The message nodemailer sends or writes: the same for both transports. */
  const message = (mail: OutgoingMail) => ({
    from: options.from,
    to: mail.to,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    ...(mail.headers ? { headers: mail.headers } : {}),
    ...(mail.messageId ? { messageId: mail.messageId } : {}),
  });
  if (options.smtpUrl) {
    // nodemailer's own parser reads SMTP_URL (host, port, smtps: for TLS, percent-encoded credentials, query
    // options such as `tls.rejectUnauthorized=false`). Not `{ url }`: createTransport then uses the parsed URL
    // alone and drops every other option, so a silent server held a request for nodemailer's 30 s greeting
    // time-out (the faults suite's SMTP test); nor `createTransport(url, defaults)`, whose second argument holds
    // message defaults.
    const transport = nodemailer.createTransport({
      ...parseConnectionUrl(options.smtpUrl),
      connectionTimeout: 5_000,
      greetingTimeout: 5_000,
      socketTimeout: 10_000,
    });
    return {
      mode: 'smtp',
      async send(mail) {
        try {
          await transport.sendMail(message(mail));
        } catch (error) {
          throw new MailDeliveryError(error);
        }
      },
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    mode: 'outbox',
    async send(mail) {
      try {
        const info = await transport.sendMail(message(mail));
        await mkdir(options.outboxDir, { recursive: true });
        const file = join(options.outboxDir, `${Date.now()}-${Math.random().toString(36).slice(2, 8)}.eml`);
        await writeFile(file, info.message as Buffer);
        const hint = options.logHints ? { devHint: mail.devHint } : {};
        const subject = options.logHints ? mail.subject : 'mail written';
        options.logger.info({ file, ...hint }, `outbox: ${subject}`);
      } catch (error) {
        throw new MailDeliveryError(error);
      }
    },
  };
}

/**
 * A Message-ID that stays the same each time one job's mail is sent again: `<what@host>`, the host from APP_URL.
 * `what` names the mail (`notification-<id>`; an event's delivery, `event-<id>-<member>`), so two mails never share one.
 */
export function stableMessageId(appUrl: string, what: string): string {
  return `<${what}@${new URL(appUrl).hostname}>`;
}
