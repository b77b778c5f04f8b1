/**
 * Account security (issue 16): each attack that worked against the product, now failing, over real HTTP.
 * Restart tests start the server twice on one database.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MESSAGES } from '@barterads/core';
import { contactMessages, emailChallenges, listingEvents, listings, users } from '@barterads/db';
import { createTestDatabase } from '@barterads/testing';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadSettings } from '../src/settings';
import {
  createTestUser,
  EVENTUALLY,
  startTestServer,
  TEST_APP_ORIGIN,
  type TestRequestInit,
  type TestServer,
} from './helpers/server';

let ipCounter = 0;
/** Every test gets its own client address (X-Forwarded-For through one trusted proxy). */
function freshIp(): string {
  ipCounter += 1;
  return `10.16.${Math.floor(ipCounter / 250)}.${(ipCounter % 250) + 1}`;
}

let emailCounter = 0;
function freshEmail(prefix = 'sec'): string {
  emailCounter += 1;
  return `${prefix}${emailCounter}-${Date.now()}@security.test.in`;
}

const serverDir = join(import.meta.dirname, '..');

describe('account security over real HTTP', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ TRUST_PROXY: '1' });
  }, 180_000);
  afterAll(async () => server?.close());

  function from(ip: string) {
    return (path: string, init: TestRequestInit = {}) =>
      server.request(path, { ...init, headers: { 'x-forwarded-for': ip, ...init.headers } });
  }

  const login = (ip: string, email: string, password: string) =>
    from(ip)('/api/auth/login', { json: { email, password } });

  describe('1. contact messages belong to an account by id, never by address', () => {
    it('a user cannot read a visitor’s contact message by taking its address', async () => {
      const victim = freshEmail('visitor');
      const sent = await from(freshIp())('/api/contact', {
        json: {
          fullName: 'Visitor',
          emailAddress: victim,
          phoneNumber: '98200 11111',
          subject: 'Hi',
          message: 'secret',
        },
      });
      expect(sent.status).toBe(201);
      const attacker = await createTestUser(server.db);
      const taken = await from(freshIp())('/api/auth/me', {
        method: 'PATCH',
        token: attacker.token,
        json: { email: victim },
      });
      expect(taken.status).toBe(400);
      // Even the account that holds the address (however it got it) does not see a visitor's message.
      const holder = await createTestUser(server.db, { email: freshEmail('holder') });
      await server.request('/api/contact', {
        json: { fullName: 'Visitor', emailAddress: holder.user.email, subject: 'Hi', message: 'not yours' },
        headers: { 'x-forwarded-for': freshIp() },
      });
      for (const who of [attacker, holder]) {
        const exported = await from(freshIp())('/api/auth/me/export', { token: who.token });
        expect(exported.status).toBe(200);
        expect(exported.body.contactMessages).toEqual([]);
      }
    });

    it('a message sent while signed in is the account’s, whatever address was typed', async () => {
      const member = await createTestUser(server.db);
      const typed = freshEmail('typed');
      const sent = await from(freshIp())('/trpc/contact.send', {
        token: member.token,
        json: { fullName: 'Member', emailAddress: typed, subject: 'Billing', message: 'mine' },
      });
      expect(sent.status).toBe(200);
      const exported = await from(freshIp())('/api/auth/me/export', { token: member.token });
      expect(exported.body.contactMessages).toEqual([
        expect.objectContaining({ emailAddress: typed, message: 'mine' }),
      ]);
    });
  });

  describe('3. lockout that a stranger cannot trigger', () => {
    it('ten wrong passwords from one address do not refuse the owner elsewhere; the guesser is delayed', async () => {
      const owner = await createTestUser(server.db, { role: 'admin' });
      const attackerIp = freshIp();
      const statuses: number[] = [];
      let failures = 0;
      let lastFailureAt = 0;
      for (let i = 0; i < 10; i++) {
        const { status } = await login(attackerIp, owner.user.email, 'wrong-pass');
        statuses.push(status);
        if (status === 401) {
          failures += 1;
          lastFailureAt = performance.now();
        }
      }
      expect(statuses).toContain(429);
      // After 5 free failures each one blocks the address for 1 s, doubling: the right password is refused while
      // the block lasts. On a busy machine the block can run out before the next request leaves; then the owner's
      // own password opens the account, as it should (the block is a delay, not a lock).
      const blockMs = 1000 * 2 ** (failures - 6);
      const sentAfterMs = performance.now() - lastFailureAt;
      const blocked = await login(attackerIp, owner.user.email, owner.password);
      if (sentAfterMs < blockMs) {
        expect(blocked.status).toBe(429);
        expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
      } else expect(blocked.status).toBe(200);
      const ok = await login(freshIp(), owner.user.email, owner.password);
      expect(ok.status).toBe(200);
      expect(ok.body.user.role).toBe('admin');
    });

    it('a stranger’s code request does not kill the owner’s code, nor use up the owner’s sends', async () => {
      const email = freshEmail('owner');
      const ownerReq = from(freshIp());
      const first = await ownerReq('/api/auth/send-email-otp', { json: { email } });
      const code = await server.mail.waitForCode(email);
      const stranger = from(freshIp());
      for (let i = 0; i < 5; i++) await stranger('/api/auth/send-email-otp', { json: { email } });
      const verified = await ownerReq('/api/auth/verify-otp', {
        json: { otp_token: first.body.otp_token, otp: code },
      });
      expect(verified.status).toBe(200);
      expect((await ownerReq('/api/auth/send-email-otp', { json: { email } })).status).toBe(200);
    });

    it('counts one-time-code attempts atomically: nine parallel wrong guesses check five', async () => {
      const email = freshEmail('race');
      const req = from(freshIp());
      const sent = await req('/api/auth/send-email-otp', { json: { email } });
      const code = await server.mail.waitForCode(email);
      const wrong = code === '000000' ? '111111' : '000000';
      const answers = await Promise.all(
        Array.from({ length: 9 }, () =>
          from(freshIp())('/api/auth/verify-otp', { json: { otp_token: sent.body.otp_token, otp: wrong } }),
        ),
      );
      expect(answers.every((a) => a.status === 400)).toBe(true);
      const [row] = await server.db.select().from(emailChallenges).where(eq(emailChallenges.email, email));
      expect(row!.attempts).toBe(5);
      const right = await req('/api/auth/verify-otp', {
        json: { otp_token: sent.body.otp_token, otp: code },
      });
      expect(right.status).toBe(400);
    });
  });

  describe('4-5. e-mail change: password, code to the new address, notice to the old, no oracle', () => {
    async function requestChange(token: string, newEmail: string, password: string, ip = freshIp()) {
      return from(ip)('/api/auth/me/email', { token, json: { newEmail, password } });
    }

    it('needs the current password and a code sent to the new address; the old address is told', async () => {
      const member = await createTestUser(server.db);
      const newEmail = freshEmail('moved');
      expect((await requestChange(member.token, newEmail, '')).status).toBe(400);
      const wrong = await requestChange(member.token, newEmail, 'not-my-password');
      expect(wrong.status).toBe(400);
      expect(wrong.body.message).toBe(MESSAGES.currentPasswordWrong);

      const started = await requestChange(member.token, newEmail, member.password);
      expect(started.status).toBe(200);
      expect(started.body).toEqual({ otp_token: expect.any(String), message: MESSAGES.emailChangeSent });
      const code = await server.mail.waitForCode(newEmail);
      // Nothing changes before the code is entered.
      expect((await from(freshIp())('/api/auth/me', { token: member.token })).body.user.email).toBe(
        member.user.email,
      );
      expect((await login(freshIp(), member.user.email, member.password)).status).toBe(200);

      const confirmed = await from(freshIp())('/api/auth/me/email/confirm', {
        token: member.token,
        json: { otp_token: started.body.otp_token, otp: code },
      });
      expect(confirmed.status).toBe(200);
      expect(confirmed.body.user).toMatchObject({ email: newEmail, emailVerified: true });
      // The old address's notice goes through the outbox (written with the change, sent by the dispatcher).
      const notice = await server.mail.waitFor(member.user.email, EVENTUALLY.timeout);
      expect(notice.text).toContain('was changed');
      expect(notice.text).toMatch(/\d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC/);
      expect(notice.text).toContain(`${TEST_APP_ORIGIN}/login`);
      expect((await login(freshIp(), newEmail, member.password)).status).toBe(200);
    });

    it('answers the same for a taken and a free address; the taken one gets a mail without a code', async () => {
      const member = await createTestUser(server.db);
      const other = await createTestUser(server.db);
      const free = await requestChange(member.token, freshEmail('free'), member.password);
      const taken = await requestChange(member.token, other.user.email.toUpperCase(), member.password);
      expect(taken.status).toBe(free.status);
      expect(Object.keys(taken.body).sort()).toEqual(Object.keys(free.body).sort());
      expect(taken.body.message).toBe(free.body.message);
      const mail = await server.mail.waitFor(other.user.email);
      expect(mail.text).toContain('already has');
      expect(
        mail.text
          .split(/\r?\n\r?\n/)
          .slice(1)
          .join('\n'),
      ).not.toMatch(/\b\d{6}\b/);
      const profile = await from(freshIp())('/api/auth/me', {
        method: 'PATCH',
        token: member.token,
        json: { email: other.user.email },
      });
      expect(profile.status).toBe(400);
    });

    it('is rate-limited per account', async () => {
      const member = await createTestUser(server.db);
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++)
        statuses.push((await requestChange(member.token, freshEmail('probe'), member.password)).status);
      expect(statuses.slice(0, 5)).toEqual([200, 200, 200, 200, 200]);
      expect(statuses[5]).toBe(429);
    });

    it('an address asked for but not confirmed stays free for its owner’s sign-up', async () => {
      const squatter = await createTestUser(server.db);
      const owner = freshEmail('real-owner');
      await requestChange(squatter.token, owner, squatter.password);
      await server.mail.waitForCode(owner);
      const req = from(freshIp());
      const sent = await req('/api/auth/send-email-otp', { json: { email: owner } });
      const code = await server.mail.waitForCode(owner);
      const proof = await req('/api/auth/verify-otp', {
        json: { otp_token: sent.body.otp_token, otp: code },
      });
      const signup = await req('/api/auth/signup', {
        token: proof.body.proof_token,
        json: {
          userType: 'advertiser',
          email: owner,
          password: 'owner-pass-1',
          firstName: 'Real',
          lastName: 'Owner',
          phoneNumber: '98765 43210',
        },
      });
      expect(signup.status).toBe(201);
    });
  });

  describe('forgot password', () => {
    it('resets with a mailed code, revokes every session, tells the owner; unknown addresses look the same', async () => {
      const member = await createTestUser(server.db);
      const second = await login(freshIp(), member.user.email, member.password);
      const req = from(freshIp());
      const known = await req('/api/auth/forgot-password', {
        json: { email: member.user.email.toUpperCase() },
      });
      const unknownEmail = freshEmail('nobody');
      const unknown = await req('/api/auth/forgot-password', { json: { email: unknownEmail } });
      expect(known.status).toBe(200);
      expect(unknown.status).toBe(200);
      expect(unknown.body.message).toBe(known.body.message);
      expect(typeof unknown.body.otp_token).toBe('string');
      expect((await server.mail.waitFor(unknownEmail)).text).toContain('no account');

      const code = await server.mail.waitForCode(member.user.email);
      const short = await req('/api/auth/reset-password', {
        json: { otp_token: known.body.otp_token, otp: code, newPassword: 'short' },
      });
      expect(short.status).toBe(400);
      const reset = await req('/api/auth/reset-password', {
        json: { otp_token: known.body.otp_token, otp: code, newPassword: 'brand-new-pass-1' },
      });
      expect(reset.status).toBe(200);
      expect(reset.body.message).toBe(MESSAGES.passwordReset);
      for (const token of [member.token, second.body.token as string]) {
        expect((await req('/api/auth/me', { token })).status).toBe(401);
      }
      expect((await server.mail.waitFor(member.user.email, EVENTUALLY.timeout)).text).toContain('password');
      expect((await login(freshIp(), member.user.email, member.password)).status).toBe(401);
      expect((await login(freshIp(), member.user.email, 'brand-new-pass-1')).status).toBe(200);
      // The code works once.
      const again = await req('/api/auth/reset-password', {
        json: { otp_token: known.body.otp_token, otp: code, newPassword: 'another-pass-1' },
      });
      expect(again.status).toBe(400);
    });

    it('is rate-limited per address and IP', async () => {
      const req = from(freshIp());
      const email = freshEmail('flood');
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++)
        statuses.push((await req('/api/auth/forgot-password', { json: { email } })).status);
      expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    });
  });

  describe('6. crafted input gets 400, not 500', () => {
    const crafted = Buffer.from(
      JSON.stringify(['9999-99-99 99:99:99', '00000000-0000-4000-8000-000000000000']),
    ).toString('base64url');

    it('a crafted search cursor', async () => {
      const rest = await from(freshIp())(`/api/barters?cursor=${crafted}`);
      expect(rest.status).toBe(400);
      expect(rest.body).toMatchObject({ message: 'Invalid cursor.', code: 'BAD_REQUEST' });
      const input = encodeURIComponent(JSON.stringify({ cursor: crafted }));
      const trpc = await from(freshIp())(`/trpc/listings.search?input=${input}`);
      expect(trpc.status).toBe(400);
      const feb30 = Buffer.from(
        JSON.stringify(['2025-02-30 10:00:00+00', '00000000-0000-4000-8000-000000000000']),
      ).toString('base64url');
      expect((await from(freshIp())(`/api/barters?cursor=${feb30}`)).status).toBe(400);
    });

    it('an over-long SSE lastEventId: a BAD_REQUEST (400) error event, not an internal error', async () => {
      const member = await createTestUser(server.db);
      const input = encodeURIComponent(JSON.stringify({ lastEventId: '1'.repeat(23) }));
      const abort = new AbortController();
      const res = await fetch(`${server.baseUrl}/trpc/messages.events?input=${input}`, {
        headers: { authorization: `Bearer ${member.token}`, accept: 'text/event-stream' },
        signal: abort.signal,
      });
      // tRPC's SSE answers 200 and sends the procedure's error as an event.
      const reader = res.body!.getReader();
      let text = '';
      while (!text.includes('event: serialized-error')) {
        const { value, done } = await reader.read();
        if (done) break;
        text += new TextDecoder().decode(value);
      }
      abort.abort();
      const error = JSON.parse(/event: serialized-error\ndata: (.*)/.exec(text)?.[1] ?? 'null');
      expect(error?.data).toMatchObject({ code: 'BAD_REQUEST', httpStatus: 400 });
    });
  });

  describe('7. TRUST_PROXY', () => {
    it('takes a hop count or proxy addresses, and refuses true', () => {
      const base = { NODE_ENV: 'test' };
      expect(loadSettings({ ...base, TRUST_PROXY: '2' }).trustProxy).toBe(2);
      expect(loadSettings({ ...base, TRUST_PROXY: '10.0.0.1, 10.1.0.0/16' }).trustProxy).toEqual([
        '10.0.0.1',
        '10.1.0.0/16',
      ]);
      expect(loadSettings({ ...base }).trustProxy).toBe(false);
      expect(() => loadSettings({ ...base, TRUST_PROXY: 'true' })).toThrow(/^Invalid setting TRUST_PROXY/);
      expect(() => loadSettings({ ...base, TRUST_PROXY: 'proxy.local' })).toThrow(/TRUST_PROXY/);
    });

    it('a client cannot reset the login limit by inventing a left-most X-Forwarded-For', async () => {
      let status = 401;
      for (let i = 0; i < 40 && status !== 429; i++) {
        status = (
          await server.request('/api/auth/login', {
            json: { email: freshEmail('x'), password: 'nope' },
            headers: { 'x-forwarded-for': `198.51.100.${i + 1}, 10.77.0.1` },
          })
        ).status;
      }
      expect(status).toBe(429);
    });
  });

  describe('9. deletion erases personal data', () => {
    it('listing contact fields and the account’s contact-message fields', async () => {
      const member = await createTestUser(server.db, { userType: 'media_owner' });
      const [listing] = await server.db
        .insert(listings)
        .values({
          ownerId: member.user.id,
          ownerType: 'media_owner',
          title: 'Hoarding',
          description: 'Call Asha on 98200 12345',
          location: 'Asha’s gate, Bandra',
          contactPhone: '+919820012345',
        })
        .returning();
      await from(freshIp())('/trpc/contact.send', {
        token: member.token,
        json: {
          fullName: 'Asha Rao',
          emailAddress: member.user.email,
          phoneNumber: '98200 12345',
          subject: 'Hi',
          message: 'Call me',
        },
      });
      const deleted = await from(freshIp())('/api/auth/me', {
        method: 'DELETE',
        token: member.token,
        json: { password: member.password },
      });
      expect(deleted.status).toBe(200);
      const [after] = await server.db.select().from(listings).where(eq(listings.id, listing!.id));
      expect(after).toMatchObject({ status: 'archived', contactPhone: null });
      expect(after!.description).not.toContain('98200');
      expect(after!.location).not.toContain('Asha');
      const rows = await server.db
        .select()
        .from(contactMessages)
        .where(eq(contactMessages.userId, member.user.id));
      expect(rows).toHaveLength(1);
      expect(JSON.stringify(rows[0])).not.toMatch(/Asha|98200|Call me|security\.test/);
    });
  });

  describe('10. answers outside the error format', () => {
    async function raw(request: string): Promise<{ head: string; body: string }> {
      const socket = connect(Number(new URL(server.baseUrl).port), '127.0.0.1');
      let received = '';
      socket.setEncoding('latin1').on('data', (chunk: string) => {
        received += chunk;
      });
      const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
      socket.write(request);
      await closed;
      const [head = '', body = ''] = received.split('\r\n\r\n');
      return { head: head.toLowerCase(), body };
    }

    it('a path parameter over 200 characters: 414 in the error format, with security headers', async () => {
      const long = 'a'.repeat(300);
      const res = await from(freshIp())(`/api/barters/${long}/contact-click`, { method: 'POST' });
      expect(res.status).toBe(414);
      expect(res.body).toEqual({ message: expect.any(String), code: 'URI_TOO_LONG' });
      expect(res.text).not.toContain(long);
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('content-security-policy')).toContain("default-src 'self'");
    });

    it('a request without Host: 400 in the error format, with security headers', async () => {
      const { head, body } = await raw('GET /api/barters HTTP/1.1\r\nConnection: close\r\n\r\n');
      expect(head).toMatch(/^http\/1\.1 400/);
      expect(head).toContain('x-content-type-options: nosniff');
      expect(JSON.parse(body)).toEqual({ message: expect.any(String), code: 'BAD_REQUEST' });
    });
  });

  describe('11. smaller ones', () => {
    it('refuses line breaks and control characters in one-line fields', async () => {
      const member = await createTestUser(server.db);
      const req = from(freshIp());
      for (const json of [
        { firstName: 'Asha\r\nBcc: x@y.in' },
        { lastName: 'Rao\u0007' },
        { companyName: 'A\nB' },
      ]) {
        const res = await req('/api/auth/me', { method: 'PATCH', token: member.token, json });
        expect(res.status).toBe(400);
        expect(res.body.message).toBe(MESSAGES.controlCharacters);
      }
      const contact = await req('/api/contact', {
        json: {
          fullName: 'Eve\r\nX',
          emailAddress: freshEmail(),
          subject: 'Hi\nthere',
          message: 'Two\nlines are fine',
        },
      });
      expect(contact.status).toBe(400);
      const description = await req('/api/auth/me', {
        method: 'PATCH',
        token: member.token,
        json: { description: 'Two\nlines' },
      });
      expect(description.status).toBe(200);
    });

    it('a listing’s contact clicks cannot be inflated from many addresses', async () => {
      const owner = await createTestUser(server.db, { userType: 'media_owner' });
      const [listing] = await server.db
        .insert(listings)
        .values({
          ownerId: owner.user.id,
          ownerType: 'media_owner',
          title: 'T',
          description: 'D',
          location: 'L',
        })
        .returning();
      for (let i = 0; i < 10; i++) {
        const res = await from(freshIp())(`/api/barters/${listing!.id}/contact-click`, { method: 'POST' });
        expect(res.status).toBe(204);
      }
      const member = await createTestUser(server.db);
      for (let i = 0; i < 3; i++) {
        await from(freshIp())(`/api/barters/${listing!.id}/contact-click`, {
          method: 'POST',
          token: member.token,
        });
      }
      const clicks = await server.db
        .select()
        .from(listingEvents)
        .where(and(eq(listingEvents.listingId, listing!.id), eq(listingEvents.kind, 'contact_click')));
      expect(clicks).toHaveLength(1);
    });
  });
});

describe('2. admin bootstrap across restarts', () => {
  it('never promotes whoever takes ADMIN_EMAIL, never undoes a password change; reset is explicit', async () => {
    const database = await createTestDatabase();
    const env = {
      TRUST_PROXY: '1',
      ADMIN_EMAIL: 'boot@security.test.in',
      ADMIN_PASSWORD: 'bootstrap-pass-1',
    };
    try {
      const first = await startTestServer(env, { database });
      const ip = (n: number) => ({ 'x-forwarded-for': `10.99.0.${n}` });
      const admin = await first.request('/api/auth/login', {
        json: { email: env.ADMIN_EMAIL, password: env.ADMIN_PASSWORD },
        headers: ip(1),
      });
      expect(admin.body.user.role).toBe('admin');
      const adminToken = admin.body.token as string;
      expect(
        (
          await first.request('/api/auth/password', {
            method: 'PATCH',
            token: adminToken,
            json: { currentPassword: env.ADMIN_PASSWORD, newPassword: 'changed-admin-pass' },
            headers: ip(2),
          })
        ).status,
      ).toBe(200);
      // The admin moves to another address.
      const moved = await first.request('/api/auth/me/email', {
        token: adminToken,
        json: { newEmail: 'moved-admin@security.test.in', password: 'changed-admin-pass' },
        headers: ip(3),
      });
      const adminCode = await first.mail.waitForCode('moved-admin@security.test.in');
      expect(
        (
          await first.request('/api/auth/me/email/confirm', {
            token: adminToken,
            json: { otp_token: moved.body.otp_token, otp: adminCode },
            headers: ip(4),
          })
        ).status,
      ).toBe(200);
      // A user takes ADMIN_EMAIL (holding its mailbox).
      const user = await createTestUser(database.handle.db);
      const taking = await first.request('/api/auth/me/email', {
        token: user.token,
        json: { newEmail: env.ADMIN_EMAIL, password: user.password },
        headers: ip(5),
      });
      const userCode = await first.mail.waitForCode(env.ADMIN_EMAIL);
      expect(
        (
          await first.request('/api/auth/me/email/confirm', {
            token: user.token,
            json: { otp_token: taking.body.otp_token, otp: userCode },
            headers: ip(6),
          })
        ).status,
      ).toBe(200);
      await first.close();

      const second = await startTestServer(env, { database });
      try {
        const me = await second.request('/api/auth/me', { token: user.token });
        expect(me.body.user).toMatchObject({ email: env.ADMIN_EMAIL, role: 'user' });
        const relogin = await second.request('/api/auth/login', {
          json: { email: 'moved-admin@security.test.in', password: 'changed-admin-pass' },
          headers: ip(7),
        });
        expect(relogin.status).toBe(200);
        expect(relogin.body.user.role).toBe('admin');
        const [holder] = await database.handle.db
          .select()
          .from(users)
          .where(eq(users.email, env.ADMIN_EMAIL));
        expect(holder!.role).toBe('user');
        expect(second.logs.join('')).toContain('not promoted');
      } finally {
        await second.close();
      }

      // The explicit recovery: `pnpm admin:reset-password`, against the same database.
      if (database.url) {
        const result = await runCli(['--email', 'moved-admin@security.test.in'], {
          DATABASE_URL: database.url,
          ADMIN_PASSWORD: 'recovered-pass-1',
        });
        expect(result.code).toBe(0);
        const refused = await runCli(['--email', env.ADMIN_EMAIL], {
          DATABASE_URL: database.url,
          ADMIN_PASSWORD: 'recovered-pass-1',
        });
        expect(refused.code).toBe(1);
        expect(refused.output).toContain('never promotes');
      }
    } finally {
      await database.destroy();
    }
  }, 360_000);
});

async function runCli(
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number; output: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli/reset-admin-password.ts', ...args], {
    cwd: serverDir,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp', NODE_ENV: 'production', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (c: Buffer) => {
    output += c.toString();
  });
  child.stderr.on('data', (c: Buffer) => {
    output += c.toString();
  });
  const code = await new Promise<number>((resolve) => child.on('close', (c) => resolve(c ?? 1)));
  return { code, output };
}

describe('8. production mail', () => {
  it('refuses to start without SMTP_URL, with one line naming it', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'barterads-sec-'));
    try {
      const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
        cwd: serverDir,
        env: {
          PATH: process.env.PATH ?? '',
          HOME: process.env.HOME ?? '/tmp',
          NODE_ENV: 'production',
          PORT: '0',
          DATA_DIR: dataDir,
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let stderr = '';
      child.stderr.on('data', (c: Buffer) => {
        stderr += c.toString();
      });
      // A server that starts anyway is stopped once it says it listens (the test then fails on its exit code);
      // no time limit of its own: on a busy machine loading the server can take half a minute.
      child.stdout.on('data', (c: Buffer) => {
        if (/listening/i.test(c.toString())) child.kill('SIGKILL');
      });
      const code = await new Promise<number>((resolve) => child.on('close', (c) => resolve(c ?? 0)));
      expect(code).toBe(1);
      expect(stderr.trim().split('\n')).toHaveLength(1);
      expect(stderr).toMatch(/^Invalid setting SMTP_URL: .*MAIL_OUTBOX=true/);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 180_000);

  it('never logs a one-time code in production, outbox or not', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'barterads-sec-'));
    const server = await startTestServer({
      NODE_ENV: 'production',
      SMTP_URL: '',
      MAIL_OUTBOX: 'true',
      DATA_DIR: dataDir,
    });
    try {
      for (let i = 0; i < 3; i++) {
        const res = await server.request('/api/auth/send-email-otp', { json: { email: freshEmail('log') } });
        expect(res.status).toBe(200);
      }
      const outbox = join(dataDir, 'outbox');
      const files = readdirSync(outbox);
      expect(files).toHaveLength(3);
      const codes = files.map((f) => /code is (\d{6})/.exec(readFileSync(join(outbox, f), 'utf8'))?.[1]);
      const logs = server.logs.join('');
      expect(logs).toContain('outbox');
      for (const code of codes) {
        expect(code).toMatch(/^\d{6}$/);
        expect(logs).not.toContain(code);
      }
    } finally {
      await server.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
