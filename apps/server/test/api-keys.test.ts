/**
 * REST API keys (issue 22): Professional and Enterprise members create named keys with a scope, shown once and
 * stored hashed; the REST API accepts them as `Authorization: Bearer <key>`; never on tRPC, account, payment or
 * admin paths; a read key refuses changes; each key has its own rate limit; keys stop working with the plan.
 */
import { MESSAGES } from '@barterads/core';
import { apiKeys, listings, subscriptions, users } from '@barterads/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestUser, giveTestPlan, startTestServer, type TestServer } from './helpers/server';

const LISTING = {
  title: 'Hoarding near Bandra flyover',
  location: 'Mumbai, Maharashtra',
  description: 'Front-lit 40x20 hoarding facing two-way traffic.',
  category: 'outdoor',
  seeking: 'Furniture for our office',
  contactPhone: '98200 12345',
};

describe('API keys over real HTTP', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => server.close());

  async function member(planId?: 'growth' | 'professional' | 'enterprise') {
    const created = await createTestUser(server.db, { userType: 'media_owner' });
    if (planId) await giveTestPlan(server.db, created.user.id, planId);
    return created;
  }

  async function createKey(token: string, scope: 'read' | 'read_write', name = 'CRM sync') {
    const res = await server.request('/api/auth/api-keys', { token, json: { name, scope } });
    expect(res.status, res.text).toBe(201);
    return res.body as {
      apiKey: { id: string; prefix: string; scope: string; lastUsedAt: string | null };
      secret: string;
    };
  }

  it('refuses keys without API access (Growth) with the upsell, and lists apiAccess false', async () => {
    const { token } = await member('growth');
    const res = await server.request('/api/auth/api-keys', { token, json: { name: 'x', scope: 'read' } });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(MESSAGES.apiKeyPlanRequired);
    const list = await server.request('/api/auth/api-keys', { token });
    expect(list.status).toBe(200);
    expect(list.body).toEqual({ apiKeys: [], apiAccess: false });
  });

  it('lives: created (secret once, hash stored), used on the REST API with last-used, listed, revoked', async () => {
    const { token, user } = await member('professional');
    const { apiKey, secret } = await createKey(token, 'read_write');
    expect(secret).toMatch(/^bak_[a-z2-7]{24}_[a-z2-7]{24}$/);
    expect(secret.startsWith(apiKey.prefix)).toBe(true);
    expect(apiKey.lastUsedAt).toBeNull();
    const [row] = await server.db.select().from(apiKeys).where(eq(apiKeys.id, apiKey.id));
    expect(JSON.stringify(row)).not.toContain(secret.slice(-24));

    // The key works on the REST API as the member: their listings, and a new one.
    const mine = await server.request('/api/barters/me', { token: secret });
    expect(mine.status, mine.text).toBe(200);
    const created = await server.request('/api/barters', { token: secret, json: LISTING });
    expect(created.status, created.text).toBe(201);
    expect(created.body.barter.ownerId).toBe(user.id);

    const list = await server.request('/api/auth/api-keys', { token });
    expect(list.body.apiAccess).toBe(true);
    expect(list.body.apiKeys).toHaveLength(1);
    expect(list.body.apiKeys[0]).toMatchObject({ id: apiKey.id, prefix: apiKey.prefix, scope: 'read_write' });
    expect(list.body.apiKeys[0].lastUsedAt).not.toBeNull();
    expect(JSON.stringify(list.body)).not.toContain(secret);

    // Someone else cannot revoke it.
    const other = await member('professional');
    expect(
      (await server.request(`/api/auth/api-keys/${apiKey.id}`, { token: other.token, method: 'DELETE' }))
        .status,
    ).toBe(404);

    const revoked = await server.request(`/api/auth/api-keys/${apiKey.id}`, { token, method: 'DELETE' });
    expect(revoked.status).toBe(204);
    const after = await server.request('/api/barters/me', { token: secret });
    expect(after.status).toBe(401);
    expect(after.body.message).toBe(MESSAGES.apiKeyRevoked);
    expect((await server.request('/api/auth/api-keys', { token })).body.apiKeys).toEqual([]);
    // A made-up key of the right shape.
    const fake = `bak_${'a'.repeat(24)}_${'b'.repeat(24)}`;
    expect((await server.request('/api/barters/me', { token: fake })).status).toBe(401);
  });

  it('a read key reads and refuses changes (403)', async () => {
    const { token } = await member('enterprise');
    const { secret } = await createKey(token, 'read');
    expect((await server.request('/api/barters/me', { token: secret })).status).toBe(200);
    const refused = await server.request('/api/barters', { token: secret, json: LISTING });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(MESSAGES.apiKeyReadOnly);
  });

  it('never works on tRPC, session-only rows (the keys themselves, payments) or admin paths', async () => {
    const { token, user } = await member('professional');
    const { secret } = await createKey(token, 'read_write');
    const trpc = await server.request('/trpc/listings.mine', { token: secret });
    expect(trpc.status).toBe(401);
    expect(JSON.stringify(trpc.body)).toContain(MESSAGES.apiKeyRestOnly);
    const keys = await server.request('/api/auth/api-keys', { token: secret });
    expect(keys.status).toBe(403);
    expect(keys.body.message).toBe(MESSAGES.apiKeyNotHere);
    const another = await server.request('/api/auth/api-keys', {
      token: secret,
      json: { name: 'y', scope: 'read' },
    });
    expect(another.status).toBe(403);
    expect((await server.request('/api/payments/subscription', { token: secret })).status).toBe(403);

    // Even an admin's key is refused on admin paths.
    await server.db.update(users).set({ role: 'admin' }).where(eq(users.id, user.id));
    const admin = await server.request('/api/admin/users', { token: secret });
    expect(admin.status).toBe(403);
    expect(admin.body.message).toBe(MESSAGES.apiKeyAdminPath);
    expect((await server.request('/api/admin/users', { token })).status).toBe(200);
  });

  it('stops working when the plan ends (403 with the reason), and works again on a new plan', async () => {
    const { token, user } = await member('professional');
    const { secret } = await createKey(token, 'read');
    expect((await server.request('/api/barters/me', { token: secret })).status).toBe(200);
    await server.db
      .update(subscriptions)
      .set({ currentPeriodEnd: new Date(Date.now() - 1000) })
      .where(eq(subscriptions.userId, user.id));
    const ended = await server.request('/api/barters/me', { token: secret });
    expect(ended.status).toBe(403);
    expect(ended.body.message).toBe(MESSAGES.apiKeyNoPlan);
    // Downgraded to Growth: still no API access.
    await server.db
      .update(subscriptions)
      .set({ planId: 'growth', currentPeriodEnd: new Date(Date.now() + 86_400_000) })
      .where(eq(subscriptions.userId, user.id));
    expect((await server.request('/api/barters/me', { token: secret })).status).toBe(403);
    await server.db
      .update(subscriptions)
      .set({ planId: 'enterprise' })
      .where(eq(subscriptions.userId, user.id));
    expect((await server.request('/api/barters/me', { token: secret })).status).toBe(200);
  });

  it('stops at once when the account is deleted: 401 in the error format, reading and writing alike', async () => {
    const { token, user, password } = await member('professional');
    const { secret } = await createKey(token, 'read_write');
    expect((await server.request('/api/barters/me', { token: secret })).status).toBe(200);
    const deleted = await server.request('/api/auth/me', { method: 'DELETE', json: { password }, token });
    expect(deleted.status, deleted.text).toBeLessThan(300);
    const read = await server.request('/api/barters/me', { token: secret });
    expect(read.status).toBe(401);
    expect(read.body).toEqual({ message: MESSAGES.apiKeyAccountClosed, code: 'UNAUTHORIZED' });
    const write = await server.request('/api/barters', { token: secret, json: LISTING });
    expect(write.status).toBe(401);
    expect(write.body.message).toBe(MESSAGES.apiKeyAccountClosed);
    // No listing was posted in the deleted account's name.
    const mine = await server.db.select().from(listings).where(eq(listings.ownerId, user.id));
    expect(mine).toEqual([]);
    const [key] = await server.db.select().from(apiKeys).where(eq(apiKeys.userId, user.id));
    expect(key?.revokedAt).not.toBeNull();
  });

  it('stops at once when the account is suspended (401), and stays revoked after reactivation', async () => {
    const { token, user } = await member('enterprise');
    const admin = await createTestUser(server.db, { role: 'admin' });
    const { secret } = await createKey(token, 'read_write');
    expect((await server.request('/api/barters/me', { token: secret })).status).toBe(200);
    const suspend = await server.request(`/api/admin/users/${user.id}/status`, {
      method: 'PATCH',
      token: admin.token,
      json: { status: 'suspended' },
    });
    expect(suspend.status, suspend.text).toBe(200);
    for (const request of [
      server.request('/api/barters/me', { token: secret }),
      server.request('/api/barters', { token: secret, json: LISTING }),
      server.request('/api/deals', { token: secret }),
    ]) {
      const res = await request;
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ message: MESSAGES.apiKeyAccountClosed, code: 'UNAUTHORIZED' });
    }
    // Like the sessions a suspension revokes: after reactivation the member makes new keys.
    await server.request(`/api/admin/users/${user.id}/status`, {
      method: 'PATCH',
      token: admin.token,
      json: { status: 'active' },
    });
    const after = await server.request('/api/barters/me', { token: secret });
    expect(after.status).toBe(401);
    expect(after.body.message).toBe(MESSAGES.apiKeyRevoked);
  });

  it('answers a suspended owner 401 even when the key was not revoked (status read at each call)', async () => {
    const { token, user } = await member('professional');
    const { secret } = await createKey(token, 'read');
    await server.db.update(users).set({ status: 'suspended' }).where(eq(users.id, user.id));
    const res = await server.request('/api/barters/me', { token: secret });
    expect(res.status).toBe(401);
    expect(res.body.message).toBe(MESSAGES.apiKeyAccountClosed);
  });

  it('has its own rate limit: the 121st call in a minute is 429, another key and the session are not', async () => {
    const { token } = await member('professional');
    const first = await createKey(token, 'read', 'one');
    const second = await createKey(token, 'read', 'two');
    const statuses: number[] = [];
    for (let i = 0; i < 121; i += 1) {
      statuses.push((await server.request('/api/barters/me', { token: first.secret })).status);
    }
    expect(statuses.slice(0, 120).every((s) => s === 200)).toBe(true);
    const limited = await server.request('/api/barters/me', { token: first.secret });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await server.request('/api/barters/me', { token: second.secret })).status).toBe(200);
    expect((await server.request('/api/barters/me', { token })).status).toBe(200);
  });
});
