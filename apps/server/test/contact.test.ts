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
    server = await startTestServer();
  });
  afterAll(async () => server.close());

  it('refuses a missing name, e-mail, subject or message with 400 and one sentence per field, storing nothing', async () => {
    const expected = {
      fullName: MESSAGES.contactNameRequired,
      emailAddress: MESSAGES.contactEmailRequired,
      subject: MESSAGES.contactSubjectRequired,
      message: MESSAGES.contactMessageRequired,
    } as const;
    for (const [field, text] of Object.entries(expected)) {
      const res = await server.request('/api/contact', { json: { ...valid, [field]: '   ' } });
      expect(res.status, field).toBe(400);
      expect(res.body.message).toBe(text);
      expect(res.body.issues).toEqual([{ path: field, message: text }]);
    }
    const missing = await server.request('/api/contact', { json: {} });
    expect(missing.status).toBe(400);
    // Each field says what it lacks: four different sentences, not one repeated four times.
    expect(missing.body.issues).toEqual(
      Object.entries(expected).map(([path, message]) => ({ path, message })),
    );
    expect(await server.db.select().from(contactMessages)).toHaveLength(0);
  });

  it('refuses a malformed e-mail, phone, role or an over-long message', async () => {
    const email = await server.request('/api/contact', {
      json: { ...valid, emailAddress: 'meera at brand' },
    });
    expect(email.status).toBe(400);
    expect(email.body.message).toBe(MESSAGES.invalidEmail);
    const phone = await server.request('/api/contact', { json: { ...valid, phoneNumber: '12345' } });
    expect(phone.status).toBe(400);
    expect(phone.body.message).toBe(MESSAGES.invalidPhone);
    const role = await server.request('/api/contact', { json: { ...valid, role: 'spy' } });
    expect(role.status).toBe(400);
    expect(role.body.issues[0].path).toBe('role');
    const long = await server.request('/api/contact', {
      json: { ...valid, message: 'x'.repeat(LIMITS.messageMaxLength + 1) },
    });
    expect(long.status).toBe(400);
    expect(long.body.issues[0].path).toBe('message');
  });

  it('stores the message, mails it to the company address and answers 201 with the spec text', async () => {
    const res = await server.request('/api/contact', { json: valid });
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
    const res = await server.request('/api/contact', {
      json: { fullName: 'Ravi', emailAddress: 'ravi@example.in', subject: 'Hi', message: 'Hello' },
    });
    expect(res.status).toBe(201);
    const [row] = await server.db.select().from(contactMessages).orderBy(desc(contactMessages.createdAt));
    expect(row).toMatchObject({ fullName: 'Ravi', phoneNumber: null, role: 'other' });
  });

  it('rate-limits one sender with 429 and Retry-After', async () => {
    const sender = { ...valid, emailAddress: 'flood@example.in' };
    const statuses: number[] = [];
    let last = await server.request('/api/contact', { json: sender });
    statuses.push(last.status);
    for (let i = 0; i < LIMITS.contactPerHour + 1 && last.status !== 429; i++) {
      last = await server.request('/api/contact', { json: sender });
      statuses.push(last.status);
    }
    expect(last.status).toBe(429);
    expect(last.body.message).toBe(MESSAGES.tooManyRequests);
    expect(Number(last.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(statuses.filter((s) => s === 201).length).toBeLessThanOrEqual(LIMITS.contactPerHour);
  });
});
