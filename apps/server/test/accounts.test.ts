import { createSession, ensureAdmin, setUserStatus, validateSessionToken } from '@barterads/api';
import { LIMITS, MESSAGES, otpWrongCode } from '@barterads/core';
import { emailChallenges, sessions, users } from '@barterads/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestUser,
  startTestServer,
  TEST_APP_ORIGIN,
  type TestRequestInit,
  type TestServer,
} from './helpers/server';

let ipCounter = 0;
/** Every test gets its own client IP (X-Forwarded-For, one trusted proxy) so per-IP limits stay per test. */
function freshIp(): string {
  ipCounter += 1;
  return `10.0.${Math.floor(ipCounter / 250)}.${(ipCounter % 250) + 1}`;
}

let emailCounter = 0;
function freshEmail(prefix = 'new'): string {
  emailCounter += 1;
  return `${prefix}${emailCounter}-${Date.now()}@accounts.test.in`;
}

describe('accounts over real HTTP', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ TRUST_PROXY: '1' });
  });
  afterAll(async () => server.close());

  function from(ip: string) {
    return (path: string, init: TestRequestInit = {}) =>
      server.request(path, { ...init, headers: { 'x-forwarded-for': ip, ...init.headers } });
  }

  async function sendCode(req: ReturnType<typeof from>, email: string) {
    const res = await req('/api/auth/send-email-otp', { json: { email } });
    expect(res.status).toBe(200);
    const code = await server.mail.waitForCode(email);
    return { otpToken: res.body.otp_token as string, code, res };
  }

  async function proofFor(req: ReturnType<typeof from>, email: string): Promise<string> {
    const { otpToken, code } = await sendCode(req, email);
    const res = await req('/api/auth/verify-otp', { json: { otp_token: otpToken, otp: code } });
    expect(res.status).toBe(200);
    return res.body.proof_token as string;
  }

  function signupBody(email: string, extra: Record<string, unknown> = {}) {
    return {
      userType: 'media_owner',
      email,
      password: 'secret-pass',
      firstName: 'Asha',
      lastName: 'Rao',
      name: 'Asha Rao',
      phoneNumber: '98765 43210',
      companyName: 'Rao Media',
      description: 'Hoardings in Pune',
      ...extra,
    };
  }

  describe('one-time codes', () => {
    it('mails a 6-digit code over SMTP and answers an otp_token (also at the send-otp alias)', async () => {
      const req = from(freshIp());
      const email = freshEmail();
      const res = await req('/api/auth/send-email-otp', { json: { email: email.toUpperCase() } });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ otp_token: expect.any(String), message: MESSAGES.otpSent });
      const mail = await server.mail.waitFor(email);
      expect(mail.text).toMatch(/\b\d{6}\b/);
      expect(mail.text).toContain('10 minutes');
      const [row] = await server.db.select().from(emailChallenges).where(eq(emailChallenges.email, email));
      expect(row).toBeDefined();
      const code = /\b(\d{6})\b/.exec(
        mail.text
          .split(/\r?\n\r?\n/)
          .slice(1)
          .join('\n'),
      )?.[1];
      // Stored hashed: neither the code nor the token secret is in the row.
      expect(JSON.stringify(row)).not.toContain(code);
      expect(JSON.stringify(row)).not.toContain(res.body.otp_token.split('.')[1]);
      const alias = await req('/api/auth/send-otp', { json: { email } });
      expect(alias.status).toBe(200);
      expect(alias.body.otp_token).toEqual(expect.any(String));
    });

    it('answers the same for an e-mail that has an account and one that has none', async () => {
      const req = from(freshIp());
      const { user } = await createTestUser(server.db);
      const known = await req('/api/auth/send-email-otp', { json: { email: user.email } });
      const unknown = await req('/api/auth/send-email-otp', { json: { email: freshEmail() } });
      expect(known.status).toBe(unknown.status);
      expect(Object.keys(known.body)).toEqual(Object.keys(unknown.body));
      expect(known.body.message).toBe(unknown.body.message);
    });

    it('tells the owner of a registered address by mail that the account exists, with no code', async () => {
      const req = from(freshIp());
      const { user } = await createTestUser(server.db);
      const res = await req('/api/auth/send-email-otp', { json: { email: user.email.toUpperCase() } });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ otp_token: expect.any(String), message: MESSAGES.otpSent });
      const mail = await server.mail.waitFor(user.email);
      expect(mail.raw).toContain('Subject: You already have a BarterAds account');
      expect(mail.text).toContain('/login');
      expect(mail.text).toContain('Forgot password?');
      expect(mail.text).not.toMatch(/\b\d{6}\b/);
      // Its challenge exists like any other, so guessing a code gets the same answers as for a new address.
      const guess = await req('/api/auth/verify-otp', {
        json: { otp_token: res.body.otp_token, otp: '123456' },
      });
      expect(guess.status).toBe(400);
      expect(guess.body.message).toBe('Wrong code. 4 tries left.');
    });

    it('refuses a bad e-mail with the spec message and field issues', async () => {
      const res = await from(freshIp())('/api/auth/send-email-otp', { json: { email: 'a b@c' } });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(MESSAGES.invalidEmail);
      expect(res.body.issues[0].path).toBe('email');
    });

    it('verifies a right code once and answers a proof_token', async () => {
      const req = from(freshIp());
      const email = freshEmail();
      const { otpToken, code } = await sendCode(req, email);
      const ok = await req('/api/auth/verify-otp', { json: { otp_token: otpToken, otp: code } });
      expect(ok.status).toBe(200);
      expect(ok.body).toEqual({ proof_token: expect.any(String), message: MESSAGES.otpVerified });
      const again = await req('/api/auth/verify-otp', { json: { otp_token: otpToken, otp: code } });
      expect(again.status).toBe(400);
      expect(again.body.message).toBe(MESSAGES.otpInvalid);
    });

    it('refuses a missing token, a missing code, a wrong code and a forged token', async () => {
      const req = from(freshIp());
      const email = freshEmail();
      const { otpToken, code } = await sendCode(req, email);
      const noToken = await req('/api/auth/verify-otp', { json: { otp: code } });
      expect(noToken.status).toBe(400);
      expect(noToken.body.message).toBe(MESSAGES.otpSendFirst);
      const noCode = await req('/api/auth/verify-otp', { json: { otp_token: otpToken, otp: '' } });
      expect(noCode.status).toBe(400);
      expect(noCode.body.message).toBe(MESSAGES.otpEnter);
      const wrong = code === '000000' ? '111111' : '000000';
      const bad = await req('/api/auth/verify-otp', { json: { otp_token: otpToken, otp: wrong } });
      expect(bad.status).toBe(400);
      // The server counts the tries and says how many remain (issue 17), not "request a new one".
      expect(bad.body.message).toBe(otpWrongCode(LIMITS.otpMaxAttempts - 1));
      expect(bad.body.message).toBe('Wrong code. 4 tries left.');
      const [id] = otpToken.split('.');
      const forged = await req('/api/auth/verify-otp', {
        json: { otp_token: `${id}.${'a'.repeat(32)}`, otp: code },
      });
      expect(forged.status).toBe(400);
      // The right code still works after one wrong try.
      const ok = await req('/api/auth/verify-otp', { json: { otp_token: otpToken, otp: code } });
      expect(ok.status).toBe(200);
    });

    it('kills the challenge after 5 wrong tries, even for the right code', async () => {
      const req = from(freshIp());
      const email = freshEmail();
      const { otpToken, code } = await sendCode(req, email);
      const wrong = code === '000000' ? '111111' : '000000';
      const messages: string[] = [];
      for (let i = 0; i < 5; i++) {
        const res = await req('/api/auth/verify-otp', { json: { otp_token: otpToken, otp: wrong } });
        expect(res.status).toBe(400);
        messages.push(res.body.message);
      }
      expect(messages).toEqual([
        'Wrong code. 4 tries left.',
        'Wrong code. 3 tries left.',
        'Wrong code. 2 tries left.',
        'Wrong code. 1 try left.',
        MESSAGES.otpNoTriesLeft,
      ]);
      const right = await req('/api/auth/verify-otp', { json: { otp_token: otpToken, otp: code } });
      expect(right.status).toBe(400);
      expect(right.body.message).toBe(MESSAGES.otpInvalid);
    });

    it('refuses an expired code', async () => {
      const req = from(freshIp());
      const email = freshEmail();
      const { otpToken, code } = await sendCode(req, email);
      await server.db
        .update(emailChallenges)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(emailChallenges.email, email));
      const res = await req('/api/auth/verify-otp', { json: { otp_token: otpToken, otp: code } });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(MESSAGES.otpInvalid);
    });

    it('a resend keeps the previous code valid', async () => {
      const req = from(freshIp());
      const email = freshEmail();
      const first = await sendCode(req, email);
      const second = await sendCode(req, email);
      const old = await req('/api/auth/verify-otp', { json: { otp_token: first.otpToken, otp: first.code } });
      expect(old.status).toBe(200);
      const fresh = await req('/api/auth/verify-otp', {
        json: { otp_token: second.otpToken, otp: second.code },
      });
      expect(fresh.status).toBe(200);
    });

    it('rate-limits code sending per e-mail and IP, per e-mail and per IP with 429 and Retry-After', async () => {
      const req = from(freshIp());
      const email = freshEmail();
      for (let i = 0; i < 5; i++) {
        expect((await req('/api/auth/send-email-otp', { json: { email } })).status).toBe(200);
      }
      const limited = await req('/api/auth/send-email-otp', { json: { email } });
      expect(limited.status).toBe(429);
      expect(limited.body.message).toBe(MESSAGES.tooManyRequests);
      expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
      // The owner, from another IP, still gets a code; the address's own cap (20 an hour) stops a mail flood.
      expect((await from(freshIp())('/api/auth/send-email-otp', { json: { email } })).status).toBe(200);
      let flood = 200;
      for (let i = 0; i < 20 && flood === 200; i++) {
        flood = (await from(freshIp())('/api/auth/send-email-otp', { json: { email } })).status;
      }
      expect(flood).toBe(429);

      const ipReq = from(freshIp());
      let status = 200;
      for (let i = 0; i < 31 && status === 200; i++) {
        status = (await ipReq('/api/auth/send-email-otp', { json: { email: freshEmail('ip') } })).status;
      }
      expect(status).toBe(429);
    });

    it('rate-limits code checking per IP', async () => {
      const req = from(freshIp());
      let status = 400;
      for (let i = 0; i < 61 && status === 400; i++) {
        status = (
          await req('/api/auth/verify-otp', {
            json: { otp_token: `${crypto.randomUUID()}.${'a'.repeat(32)}`, otp: '123456' },
          })
        ).status;
      }
      expect(status).toBe(429);
    });
  });

  describe('sign-up', () => {
    it('creates the account with the proof as bearer: 201, normalized phone, session, no secrets', async () => {
      const req = from(freshIp());
      const email = freshEmail();
      const proof = await proofFor(req, email);
      const res = await req('/api/auth/signup', {
        json: signupBody(email, { userType: 'media owners' }),
        token: proof,
      });
      expect(res.status).toBe(201);
      expect(res.body).toEqual({
        token: expect.any(String),
        user: expect.any(Object),
        message: MESSAGES.signupSuccess,
      });
      expect(res.body.user).toMatchObject({
        email,
        firstName: 'Asha',
        lastName: 'Rao',
        name: 'Asha Rao',
        phoneNumber: '+919876543210',
        companyName: 'Rao Media',
        description: 'Hoardings in Pune',
        role: 'user',
        userType: 'media_owner',
        emailVerified: true,
        status: 'active',
        country: 'IN',
      });
      expect(res.text).not.toContain('secret-pass');
      expect(res.text).not.toMatch(/argon2/);
      expect(res.headers.get('set-cookie')).toMatch(/barterads_session=.*HttpOnly/i);
      const me = await req('/api/auth/me', { token: res.body.token });
      expect(me.status).toBe(200);
      expect(me.body.user.email).toBe(email);
      const [row] = await server.db.select().from(users).where(eq(users.email, email));
      expect(row!.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    });

    it('accepts the proof only once and only for its e-mail', async () => {
      const req = from(freshIp());
      const email = freshEmail();
      const proof = await proofFor(req, email);
      const otherEmail = await req('/api/auth/signup', { json: signupBody(freshEmail()), token: proof });
      expect(otherEmail.status).toBe(401);
      expect(otherEmail.body.message).toBe(MESSAGES.otpRequired);
      const first = await req('/api/auth/signup', { json: signupBody(email), token: proof });
      expect(first.status).toBe(201);
      const reused = await req('/api/auth/signup', {
        json: signupBody(email, { email: email.replace('@', '+x@') }),
        token: proof,
      });
      expect(reused.status).toBe(401);
    });

    it('refuses sign-up without a proof, with a session token as proof, and with an otp_token', async () => {
      const req = from(freshIp());
      const email = freshEmail();
      const none = await req('/api/auth/signup', { json: signupBody(email) });
      expect(none.status).toBe(401);
      expect(none.body.message).toBe(MESSAGES.otpRequired);
      const { token } = await createTestUser(server.db);
      const session = await req('/api/auth/signup', { json: signupBody(email), token });
      expect(session.status).toBe(401);
      const { otpToken } = await sendCode(req, email);
      const otp = await req('/api/auth/signup', { json: signupBody(email), token: otpToken });
      expect(otp.status).toBe(401);
    });

    it('answers 409 for an e-mail registered after its code was verified, and keeps the proof unspent', async () => {
      const req = from(freshIp());
      // A registered address is mailed no code (see "tells the owner…"): only a race reaches this answer.
      const email = freshEmail('race');
      const proof = await proofFor(req, email);
      const { user } = await createTestUser(server.db, { email });
      const res = await req('/api/auth/signup', { json: signupBody(user.email), token: proof });
      expect(res.status).toBe(409);
      expect(res.body.message).toBe(MESSAGES.emailTaken);
      const [challenge] = await server.db
        .select()
        .from(emailChallenges)
        .where(eq(emailChallenges.email, user.email.toLowerCase()));
      expect(challenge?.consumedAt).toBeNull();
    });

    it.each([
      [{ firstName: '' }, 'firstName', 'First name is required.'],
      [{ lastName: '  ' }, 'lastName', 'Last name is required.'],
      [{ password: '12345' }, 'password', MESSAGES.passwordTooShort],
      [{ phoneNumber: '12345' }, 'phoneNumber', MESSAGES.invalidPhone],
      [{ phoneNumber: undefined }, 'phoneNumber', MESSAGES.invalidPhone],
      [{ email: 'bad@' }, 'email', MESSAGES.invalidEmail],
      [{ userType: 'agency' }, 'userType', 'Choose advertiser or media owner.'],
    ])('refuses %o with a 400 on %s', async (change, path, message) => {
      const res = await from(freshIp())('/api/auth/signup', { json: signupBody(freshEmail(), change) });
      expect(res.status).toBe(400);
      expect(res.body.issues).toEqual(expect.arrayContaining([{ path, message }]));
    });

    it('normalizes phones as spec section 5 says', async () => {
      const req = from(freshIp());
      const cases: Array<[string, string, string]> = [
        ['+44 20 7946 0958', '+442079460958', 'GB'],
        ['919812345678', '+919812345678', 'IN'],
        ['971501234567', '+971501234567', 'AE'],
      ];
      for (const [input, expected, country] of cases) {
        const email = freshEmail('phone');
        const proof = await proofFor(req, email);
        const res = await req('/api/auth/signup', {
          json: signupBody(email, { phoneNumber: input, companyName: '', description: '' }),
          token: proof,
        });
        expect(res.status).toBe(201);
        expect(res.body.user.phoneNumber).toBe(expected);
        expect(res.body.user.country).toBe(country);
        expect(res.body.user.companyName).toBeNull();
      }
    });
  });

  describe('login and sessions', () => {
    it('logs in with a new session each time; bearer and cookie name the same session', async () => {
      const req = from(freshIp());
      const { user, password } = await createTestUser(server.db);
      const a = await req('/api/auth/login', { json: { email: user.email, password } });
      const b = await req('/api/auth/login', { json: { email: user.email, password } });
      expect(a.status).toBe(200);
      expect(a.body.message).toBe(MESSAGES.loginSuccess);
      expect(a.body.token).not.toBe(b.body.token);
      const cookie = /barterads_session=([^;]+)/.exec(a.headers.get('set-cookie') ?? '')?.[1];
      expect(cookie).toBe(a.body.token);
      const viaCookie = await req('/api/auth/me', { headers: { cookie: `barterads_session=${cookie}` } });
      expect(viaCookie.status).toBe(200);
      expect(viaCookie.body.user._id).toBe(user.id);
      // Only the SHA-256 of the secret is stored.
      const rows = await server.db.select().from(sessions).where(eq(sessions.userId, user.id));
      expect(JSON.stringify(rows)).not.toContain(a.body.token.split('.')[1]);
    });

    it('answers 401 without a session and with a dead one', async () => {
      const req = from(freshIp());
      const none = await req('/api/auth/me');
      expect(none.status).toBe(401);
      expect(none.body.message).toBe(MESSAGES.notAuthenticated);
      const dead = await req('/api/auth/me', { token: 'aaaaaaaaaaaaaaaaaaaaaaaa.bbbbbbbbbbbbbbbbbbbbbbbb' });
      expect(dead.status).toBe(401);
      expect(dead.body.message).toBe(MESSAGES.sessionExpired);
      expect((await req('/api/auth/logout', { method: 'POST' })).status).toBe(401);
    });

    it('revokes the session at logout, over bearer and over the cookie', async () => {
      const req = from(freshIp());
      const { token } = await createTestUser(server.db);
      expect((await req('/api/auth/logout', { method: 'POST', token })).status).toBe(204);
      expect((await req('/api/auth/me', { token })).status).toBe(401);
      const { token: cookieToken } = await createTestUser(server.db);
      const headers = { cookie: `barterads_session=${cookieToken}`, origin: TEST_APP_ORIGIN };
      const out = await req('/api/auth/logout', { method: 'POST', headers });
      expect(out.status).toBe(204);
      expect(out.headers.get('set-cookie')).toMatch(/barterads_session=;/);
      expect((await req('/api/auth/me', { token: cookieToken })).status).toBe(401);
    });

    it('refuses a suspended user at login with 403', async () => {
      const req = from(freshIp());
      const { user, password } = await createTestUser(server.db, { status: 'suspended' });
      const res = await req('/api/auth/login', { json: { email: user.email, password } });
      expect(res.status).toBe(403);
      expect(res.body.message).toBe(MESSAGES.accountSuspended);
    });

    it('delays an account’s wrong passwords from one IP progressively, and rate-limits per IP', async () => {
      const { user } = await createTestUser(server.db);
      const guesser = from(freshIp());
      const statuses: number[] = [];
      for (let i = 0; i < 7; i++) {
        statuses.push(
          (await guesser('/api/auth/login', { json: { email: user.email, password: 'nope-nope' } })).status,
        );
      }
      // Five free failures, the sixth blocks the next try for a second.
      expect(statuses.slice(0, 6)).toEqual([401, 401, 401, 401, 401, 401]);
      expect(statuses[6]).toBe(429);
      const req = from(freshIp());
      let last = await req('/api/auth/login', { json: { email: freshEmail('x'), password: 'nope' } });
      for (let i = 0; i < 30 && last.status === 401; i++) {
        last = await req('/api/auth/login', { json: { email: freshEmail('x'), password: 'nope' } });
      }
      expect(last.status).toBe(429);
      expect(Number(last.headers.get('retry-after'))).toBeGreaterThan(0);
    });

    it('never refuses sign-ins that succeed from one shared address (an office, a carrier), only failed ones', async () => {
      const { user, password } = await createTestUser(server.db);
      const office = from(freshIp());
      const statuses: number[] = [];
      for (let i = 0; i < 35; i++) {
        statuses.push((await office('/api/auth/login', { json: { email: user.email, password } })).status);
      }
      expect(statuses.filter((status) => status !== 200)).toEqual([]);
      // The failed ones from that address are still counted: 30 in 15 minutes.
      let last = await office('/api/auth/login', { json: { email: freshEmail('y'), password: 'nope' } });
      for (let i = 0; i < 30 && last.status === 401; i++) {
        last = await office('/api/auth/login', { json: { email: freshEmail('y'), password: 'nope' } });
      }
      expect(last.status).toBe(429);
    });
  });

  describe('profile, password, role, preferences', () => {
    it('updates the profile and keeps fields that are not sent', async () => {
      const req = from(freshIp());
      const { user, token } = await createTestUser(server.db);
      await req('/api/auth/me', {
        method: 'PATCH',
        token,
        json: { companyName: 'Acme', description: 'About' },
      });
      const res = await req('/api/auth/me', {
        method: 'PATCH',
        token,
        json: { firstName: ' Meera ', lastName: 'Iyer', phoneNumber: '+1 415 555 0100' },
      });
      expect(res.status).toBe(200);
      expect(res.body.message).toBe(MESSAGES.profileUpdated);
      expect(res.body.user).toMatchObject({
        _id: user.id,
        firstName: 'Meera',
        name: 'Meera Iyer',
        phoneNumber: '+14155550100',
        companyName: 'Acme',
        description: 'About',
        emailVerified: true,
      });
      const cleared = await req('/api/auth/me', { method: 'PATCH', token, json: { phoneNumber: '' } });
      expect(cleared.body.user.phoneNumber).toBeNull();
    });

    it('refuses blank names, a bad e-mail, a bad phone and any e-mail change', async () => {
      const req = from(freshIp());
      const { token } = await createTestUser(server.db);
      const { user: other } = await createTestUser(server.db);
      const blank = await req('/api/auth/me', { method: 'PATCH', token, json: { firstName: ' ' } });
      expect(blank.status).toBe(400);
      expect(blank.body.message).toBe('First name is required.');
      const badEmail = await req('/api/auth/me', { method: 'PATCH', token, json: { email: 'nope' } });
      expect(badEmail.status).toBe(400);
      expect(badEmail.body.message).toBe(MESSAGES.invalidEmail);
      const badPhone = await req('/api/auth/me', { method: 'PATCH', token, json: { phoneNumber: '123' } });
      expect(badPhone.status).toBe(400);
      expect(badPhone.body.message).toBe(MESSAGES.invalidPhone);
      const taken = await req('/api/auth/me', {
        method: 'PATCH',
        token,
        json: { email: other.email.toUpperCase() },
      });
      // The same answer as for a free address: changing it goes through password and code (security.test.ts).
      expect(taken.status).toBe(400);
      expect(taken.body.message).toBe(MESSAGES.emailChangeUseFlow);
      const free = await req('/api/auth/me', { method: 'PATCH', token, json: { email: freshEmail('free') } });
      expect(free.status).toBe(400);
      expect(free.body.message).toBe(MESSAGES.emailChangeUseFlow);
      expect((await req('/api/auth/me', { method: 'PATCH', json: { firstName: 'X' } })).status).toBe(401);
    });

    it('changes the password, revokes the other sessions and keeps this one', async () => {
      const req = from(freshIp());
      const { user, token, password } = await createTestUser(server.db);
      const other = await req('/api/auth/login', { json: { email: user.email, password } });
      const wrong = await req('/api/auth/password', {
        method: 'PATCH',
        token,
        json: { currentPassword: 'not-it', newPassword: 'brand-new-1' },
      });
      expect(wrong.status).toBe(400);
      expect(wrong.body.message).toBe(MESSAGES.currentPasswordWrong);
      const empty = await req('/api/auth/password', {
        method: 'PATCH',
        token,
        json: { currentPassword: '', newPassword: '' },
      });
      expect(empty.status).toBe(400);
      expect(empty.body.message).toBe(MESSAGES.passwordFillBoth);
      const short = await req('/api/auth/password', {
        method: 'PATCH',
        token,
        json: { currentPassword: password, newPassword: '12345' },
      });
      expect(short.status).toBe(400);
      expect(short.body.message).toBe(MESSAGES.passwordTooShort);
      const ok = await req('/api/auth/password', {
        method: 'PATCH',
        token,
        json: { currentPassword: password, newPassword: 'brand-new-1' },
      });
      expect(ok.status).toBe(200);
      expect(ok.body).toEqual({ message: MESSAGES.passwordUpdated });
      expect((await req('/api/auth/me', { token })).status).toBe(200);
      expect((await req('/api/auth/me', { token: other.body.token })).status).toBe(401);
      const oldLogin = await req('/api/auth/login', { json: { email: user.email, password } });
      expect(oldLogin.status).toBe(401);
      const newLogin = await req('/api/auth/login', { json: { email: user.email, password: 'brand-new-1' } });
      expect(newLogin.status).toBe(200);
    });

    it('switches the business type of the signed-in user only', async () => {
      const req = from(freshIp());
      const { user, token } = await createTestUser(server.db, { userType: 'advertiser' });
      const { user: bystander } = await createTestUser(server.db, { userType: 'advertiser' });
      const res = await req('/api/auth/switch-role', {
        method: 'PATCH',
        token,
        json: { role: 'media_owner' },
      });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        user: expect.objectContaining({ _id: user.id, userType: 'media_owner', role: 'user' }),
      });
      const back = await req('/api/auth/switch-role', {
        method: 'PATCH',
        token,
        json: { role: 'advertiser' },
      });
      expect(back.body.user.userType).toBe('advertiser');
      const bad = await req('/api/auth/switch-role', { method: 'PATCH', token, json: { role: 'admin' } });
      expect(bad.status).toBe(400);
      const [row] = await server.db.select().from(users).where(eq(users.id, bystander.id));
      expect(row!.userType).toBe('advertiser');
      expect(row!.role).toBe('user');
      expect(
        (await req('/api/auth/switch-role', { method: 'PATCH', json: { role: 'advertiser' } })).status,
      ).toBe(401);
    });

    it('saves preferences to the account', async () => {
      const req = from(freshIp());
      const { token } = await createTestUser(server.db);
      const initial = await req('/trpc/accounts.preferences', { token });
      // 'Show my business page' is on by default (part two); showProfile is its part-one name.
      expect(initial.body.result.data).toEqual({
        emailUpdates: true,
        showProfile: true,
        showBusinessPage: true,
      });
      const saved = await req('/trpc/accounts.updatePreferences', {
        json: { emailUpdates: false, showBusinessPage: false },
        token,
      });
      expect(saved.status).toBe(200);
      const after = await req('/trpc/accounts.preferences', { token });
      expect(after.body.result.data).toEqual({
        emailUpdates: false,
        showProfile: false,
        showBusinessPage: false,
      });
    });
  });

  describe('suspension', () => {
    it('setUserStatus revokes every session; a suspended session is refused with 403', async () => {
      const req = from(freshIp());
      const { user, token } = await createTestUser(server.db);
      const second = await createTestUser(server.db);
      await server.db.update(users).set({ status: 'suspended' }).where(eq(users.id, second.user.id));
      const refused = await req('/api/auth/me', { token: second.token });
      expect(refused.status).toBe(403);
      expect(refused.body.message).toBe(MESSAGES.accountSuspended);

      const row = await setUserStatus(server.db, user.id, 'suspended');
      expect(row?.status).toBe('suspended');
      expect(await server.db.select().from(sessions).where(eq(sessions.userId, user.id))).toEqual([]);
      expect((await req('/api/auth/me', { token })).status).toBe(401);
      const back = await setUserStatus(server.db, user.id, 'active');
      expect(back?.status).toBe('active');
      expect(await setUserStatus(server.db, crypto.randomUUID(), 'active')).toBeNull();
      expect(await setUserStatus(server.db, 'not-a-uuid', 'active')).toBeNull();
    });
  });

  it('never logs a password, code or token', async () => {
    const req = from(freshIp());
    const email = freshEmail('logs');
    const { otpToken, code } = await sendCode(req, email);
    const verified = await req('/api/auth/verify-otp', { json: { otp_token: otpToken, otp: code } });
    const proof = verified.body.proof_token as string;
    const res = await req('/api/auth/signup', {
      json: signupBody(email, { password: 'log-secret-99' }),
      token: proof,
    });
    expect(res.status).toBe(201);
    await req('/api/auth/logout', { method: 'POST', token: res.body.token });
    const all = server.logs.join('\n');
    for (const secret of ['log-secret-99', otpToken.split('.')[1]!, proof.split('.')[1]!, res.body.token]) {
      expect(all).not.toContain(secret);
    }
    expect(all).not.toMatch(new RegExp(`(?<![\\d.])${code}(?!\\d)`));
  });

  describe('session lifetime (Lucia design)', () => {
    const DAY = 24 * 60 * 60 * 1000;

    it('slides the 30-day expiry once half is used, up to the 90-day cap, and expires after', async () => {
      const { user } = await createTestUser(server.db);
      const start = new Date('2030-01-01T00:00:00Z');
      const { token, session } = await createSession(server.db, user.id, start);
      expect(session.expiresAt.getTime() - start.getTime()).toBe(30 * DAY);
      expect(token.split('.')[0]!.length * 5).toBeGreaterThanOrEqual(120);
      const early = await validateSessionToken(server.db, token, new Date(start.getTime() + 10 * DAY));
      expect(early?.fresh).toBe(false);
      const later = await validateSessionToken(server.db, token, new Date(start.getTime() + 20 * DAY));
      expect(later?.fresh).toBe(true);
      expect(later?.session.expiresAt.getTime()).toBe(start.getTime() + 50 * DAY);
      let t = start.getTime() + 20 * DAY;
      for (let i = 0; i < 5; i++) {
        t += 20 * DAY;
        const again = await validateSessionToken(
          server.db,
          token,
          new Date(Math.min(t, start.getTime() + 89 * DAY)),
        );
        expect(again).not.toBeNull();
        expect(again!.session.expiresAt.getTime()).toBeLessThanOrEqual(start.getTime() + 90 * DAY);
      }
      expect(await validateSessionToken(server.db, token, new Date(start.getTime() + 90 * DAY))).toBeNull();
      // An expired session is deleted.
      expect(await server.db.select().from(sessions).where(eq(sessions.id, session.id))).toEqual([]);
    });

    it('refuses a token whose secret was changed', async () => {
      const { token } = await createTestUser(server.db);
      const [id, secret] = token.split('.') as [string, string];
      const flipped = `${id}.${secret.slice(0, -1)}${secret.endsWith('a') ? 'b' : 'a'}`;
      expect((await server.request('/api/auth/me', { token: flipped })).status).toBe(401);
    });
  });

  describe('admin bootstrap', () => {
    it('creates the admin once; a second start changes nothing, not even a changed password', async () => {
      const credentials = { email: 'Boot.Admin@Accounts.Test.in', password: 'bootstrap-pass-1' };
      expect(await ensureAdmin(server.db, credentials)).toBe('created');
      expect(await ensureAdmin(server.db, credentials)).toBe('exists');
      const rows = await server.db.select().from(users).where(eq(users.email, 'boot.admin@accounts.test.in'));
      expect(rows).toHaveLength(1);
      expect(rows[0]!.role).toBe('admin');
      const res = await from(freshIp())('/api/auth/login', {
        json: { email: credentials.email, password: credentials.password },
      });
      expect(res.status).toBe(200);
      expect(res.body.user.role).toBe('admin');
      expect(await ensureAdmin(server.db, { ...credentials, password: 'bootstrap-pass-2' })).toBe('exists');
      const relogin = await from(freshIp())('/api/auth/login', {
        json: { email: credentials.email, password: 'bootstrap-pass-2' },
      });
      expect(relogin.status).toBe(401);
    });
  });
});
