import { COMPANY, LIMITS, MESSAGES } from '@barterads/core';
import { contactMessages } from '@barterads/db';
import { desc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './helpers/server';

const valid = {
  fullName: 'Meera Iyer',
  emailAddress: 'meera@brand.example.in',
  phoneNumber: '98200 11223',
  role: 'agency',
  subject: 'Outdoor barter in Pune',
  message: 'We have 20 hoardings to trade for radio spots.',
};

describe('POST /api/contact', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ TRUST_PROXY: '1' });
  });
  afterAll(async () => server.close());

  /** Posts the form from its own client IP (X-Forwarded-For, TRUST_PROXY on): per-IP limits stay per test. */
  let ipCounter = 0;
  function post(json: unknown, ip = `10.20.0.${++ipCounter}`) {
    return server.request('/api/contact', { json, headers: { 'x-forwarded-for': ip } });
  }

  it('refuses a missing name, e-mail, subject or message with 400 and one sentence per field, storing nothing', async () => {
    const expected = {
      fullName: MESSAGES.contactNameRequired,
      emailAddress: MESSAGES.contactEmailRequired,
      subject: MESSAGES.contactSubjectRequired,
      message: MESSAGES.contactMessageRequired,
    } as const;
    for (const [field, text] of Object.entries(expected)) {
      const res = await post({ ...valid, [field]: '   ' });
      expect(res.status, field).toBe(400);
      expect(res.body.message).toBe(text);
      expect(res.body.issues).toEqual([{ path: field, message: text }]);
    }
    const missing = await post({});
    expect(missing.status).toBe(400);
    // Each field says what it lacks: four different sentences, not one repeated four times.
    expect(missing.body.issues).toEqual(
      Object.entries(expected).map(([path, message]) => ({ path, message })),
    );
    expect(await server.db.select().from(contactMessages)).toHaveLength(0);
  });

  it('refuses a malformed e-mail, phone, role or an over-long message', async () => {
    const email = await post({ ...valid, emailAddress: 'meera at brand' });
    expect(email.status).toBe(400);
    expect(email.body.message).toBe(MESSAGES.invalidEmail);
    const phone = await post({ ...valid, phoneNumber: '12345' });
    expect(phone.status).toBe(400);
    expect(phone.body.message).toBe(MESSAGES.invalidPhone);
    const role = await post({ ...valid, role: 'spy' });
    expect(role.status).toBe(400);
    expect(role.body.issues[0].path).toBe('role');
    const long = await post({ ...valid, message: 'x'.repeat(LIMITS.messageMaxLength + 1) });
    expect(long.status).toBe(400);
    expect(long.body.issues[0].path).toBe('message');
  });

  it('stores the message, mails it to the company address and answers 201 with the spec text', async () => {
    const res = await post(valid);
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ message: MESSAGES.contactSent });
    const [row] = await server.db.select().from(contactMessages).orderBy(desc(contactMessages.createdAt));
    expect(row).toMatchObject({
      fullName: 'Meera Iyer',
      emailAddress: 'meera@brand.example.in',
      phoneNumber: '+919820011223',
      role: 'agency',
      subject: 'Outdoor barter in Pune',
    });
    const mail = await server.mail.waitFor(COMPANY.supportEmail);
    expect(mail.text).toContain('Subject: Contact form: Outdoor barter in Pune');
    expect(mail.text).toContain('meera@brand.example.in');
    expect(mail.text).toContain('We have 20 hoardings to trade for radio spots.');
  });

  it('accepts a message without phone or role (role defaults to other)', async () => {
    const res = await post({
      fullName: 'Ravi',
      emailAddress: 'ravi@example.in',
      subject: 'Hi',
      message: 'Hello',
    });
    expect(res.status).toBe(201);
    const [row] = await server.db.select().from(contactMessages).orderBy(desc(contactMessages.createdAt));
    expect(row).toMatchObject({ fullName: 'Ravi', phoneNumber: null, role: 'other' });
  });

  it('rate-limits one client IP with 429 and Retry-After after exactly the hourly allowance', async () => {
    const ip = '10.21.0.1';
    const statuses: number[] = [];
    for (let i = 0; i <= LIMITS.contactPerHour; i++) {
      const res = await post({ ...valid, emailAddress: `ip-flood-${i}@example.in` }, ip);
      statuses.push(res.status);
      if (res.status === 429) {
        expect(res.body.message).toBe(MESSAGES.tooManyRequests);
        expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
      }
    }
    expect(statuses).toEqual([...Array(LIMITS.contactPerHour).fill(201), 429]);
    // Another client is not held back by this one.
    expect((await post({ ...valid, emailAddress: 'bystander@example.in' }, '10.21.0.2')).status).toBe(201);
  });

  it('rate-limits one sender address across client IPs after exactly the hourly allowance', async () => {
    const sender = { ...valid, emailAddress: 'Flood@Example.in' };
    const statuses: number[] = [];
    for (let i = 0; i <= LIMITS.contactPerHour; i++) {
      const res = await post(
        i % 2 ? sender : { ...sender, emailAddress: 'flood@example.in' },
        `10.22.0.${i + 1}`,
      );
      statuses.push(res.status);
    }
    expect(statuses).toEqual([...Array(LIMITS.contactPerHour).fill(201), 429]);
  });
});
