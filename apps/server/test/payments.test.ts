import { chargeAmount, DELAYS_MS, findPlan, MESSAGES } from '@barterads/core';
import { paymentEvents, paymentOrders, subscriptions } from '@barterads/db';
import { type FakeRazorpay, startFakeRazorpay } from '@barterads/testing';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestUser, startTestServer, type TestServer } from './helpers/server';

const DAY = 24 * 60 * 60 * 1000;

describe('payments without Razorpay keys', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => server.close());

  it('answers 503 Payments are not configured, and says so to the apps', async () => {
    const { token } = await createTestUser(server.db);
    const res = await server.request('/api/payments/create-order', { token, json: { amount: 99_900 } });
    expect(res.status).toBe(503);
    expect(res.body).toEqual({ message: MESSAGES.paymentsNotConfigured, code: 'SERVICE_UNAVAILABLE' });
    const config = await server.request('/trpc/payments.config');
    expect(config.body.result.data).toMatchObject({ enabled: false, keyId: null });
    const hook = await server.request('/api/payments/webhook', { json: { event: 'order.paid' } });
    expect(hook.status).toBe(503);
  });
});

describe('payments against a fake Razorpay', () => {
  let server: TestServer;
  let razorpay: FakeRazorpay;

  beforeAll(async () => {
    razorpay = await startFakeRazorpay();
    server = await startTestServer({
      RAZORPAY_KEY_ID: razorpay.keyId,
      RAZORPAY_KEY_SECRET: razorpay.keySecret,
      RAZORPAY_WEBHOOK_SECRET: razorpay.webhookSecret,
      RAZORPAY_API_URL: razorpay.url,
      // Production's gateway time-out (test servers wait longer by default): its own test below.
      RAZORPAY_TIMEOUT_MS: String(DELAYS_MS.paymentGatewayTimeout),
    });
  });
  afterAll(async () => {
    await server.close();
    await razorpay.close();
  });

  async function order(token: string, json: unknown) {
    const res = await server.request('/api/payments/create-order', { token, json });
    expect(res.status, res.text).toBe(200);
    return res.body.order as { id: string; amount: number; currency: string };
  }

  async function subscriptionOf(token: string) {
    const res = await server.request('/trpc/payments.subscription', { token });
    expect(res.status).toBe(200);
    return res.body.result.data.subscription;
  }

  async function sendWebhook(hook: { body: string; headers: Record<string, string> }) {
    return server.request('/api/payments/webhook', {
      method: 'POST',
      body: hook.body,
      headers: hook.headers,
    });
  }

  it('tells the apps the public key and the checkout script (the fake double here)', async () => {
    const config = await server.request('/trpc/payments.config');
    expect(config.body.result.data).toEqual({
      enabled: true,
      keyId: razorpay.keyId,
      checkoutScriptUrl: `${razorpay.url}/v1/checkout.js`,
    });
    // The CSP admits the stand-in's origin for the checkout double, and real Razorpay as always.
    const csp = (await server.request('/healthz')).headers.get('content-security-policy') ?? '';
    expect(csp).toContain('https://checkout.razorpay.com');
    expect(csp).toContain(razorpay.url);
  });

  it('creates an order for the spec amount (price × 100) and stores it before returning it', async () => {
    const { user, token } = await createTestUser(server.db);
    const res = await server.request('/api/payments/create-order', { token, json: { amount: 249_900 } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      success: true,
      order: { id: expect.stringMatching(/^order_/), amount: 249_900, currency: 'INR' },
    });
    const [row] = await server.db
      .select()
      .from(paymentOrders)
      .where(eq(paymentOrders.razorpayOrderId, res.body.order.id));
    expect(row).toMatchObject({
      userId: user.id,
      planId: 'growth',
      period: 'monthly',
      amount: 249_900,
      currency: 'INR',
      status: 'created',
    });
    const sent = razorpay.orders.get(res.body.order.id);
    expect(sent?.receipt).toBe(row?.receipt);
    expect(sent?.notes).toMatchObject({ userId: user.id, planId: 'growth', period: 'monthly' });
  });

  it('charges the yearly total for planId + period, and accepts the yearly amount alone', async () => {
    const { token } = await createTestUser(server.db);
    const growth = findPlan('growth')!;
    const yearly = await order(token, { planId: 'growth', period: 'yearly' });
    expect(yearly.amount).toBe(2_399_000);
    expect(yearly.amount).toBe(chargeAmount(growth, 'yearly'));
    const byAmount = await order(token, { amount: 2_399_000 });
    const [row] = await server.db
      .select()
      .from(paymentOrders)
      .where(eq(paymentOrders.razorpayOrderId, byAmount.id));
    expect(row).toMatchObject({ planId: 'growth', period: 'yearly' });
  });

  it('refuses amounts outside the catalogue and tampered plan/amount pairs, without calling Razorpay', async () => {
    const { token } = await createTestUser(server.db);
    const before = razorpay.requests.length;
    for (const json of [
      { amount: 100 },
      { amount: 249_901 },
      { amount: -249_900 },
      { amount: 2499 },
      { amount: 249_900, planId: 'starter', period: 'monthly' },
      { amount: 249_900, period: 'yearly' },
      { planId: 'platinum', period: 'monthly' },
      {},
    ]) {
      const res = await server.request('/api/payments/create-order', { token, json });
      expect(res.status, JSON.stringify(json)).toBe(400);
      expect(typeof res.body.message).toBe('string');
    }
    expect(razorpay.requests.length).toBe(before);
    const res = await server.request('/api/payments/create-order', { json: { amount: 99_900 } });
    expect(res.status).toBe(401);
  });

  it('verify accepts only a valid signature, then activates once', async () => {
    const { user, token } = await createTestUser(server.db);
    const o = await order(token, { planId: 'professional', period: 'monthly' });
    const valid = razorpay.signPayment(o.id);

    const forged = [
      { ...valid, razorpay_signature: 'f'.repeat(64) },
      { ...valid, razorpay_signature: valid.razorpay_signature.slice(0, 63) },
      { ...valid, razorpay_signature: 'not-hex' },
      { ...valid, razorpay_payment_id: 'pay_Other000000001' },
    ];
    for (const json of forged) {
      const res = await server.request('/api/payments/verify', { token, json });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(MESSAGES.paymentSignatureInvalid);
    }
    // Signed with another secret (the webhook secret) is refused too.
    const other = await startFakeRazorpay({ keySecret: razorpay.webhookSecret });
    const wrongKey = other.signPayment(o.id, valid.razorpay_payment_id);
    await other.close();
    expect((await server.request('/api/payments/verify', { token, json: wrongKey })).status).toBe(400);
    expect(await subscriptionOf(token)).toBeNull();

    const res = await server.request('/api/payments/verify', { token, json: valid });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      success: true,
      subscription: {
        planId: 'professional',
        planName: 'Professional',
        period: 'monthly',
        status: 'active',
        currentPeriodStart: expect.any(String),
        currentPeriodEnd: expect.any(String),
        startsAt: expect.any(String),
        endsAt: expect.any(String),
        cancelAtPeriodEnd: false,
        scheduledChange: null,
        nextAmount: 499_900,
      },
    });
    const end = Date.parse(res.body.subscription.currentPeriodEnd);
    expect(end - Date.now()).toBeGreaterThan(27 * DAY);
    expect(end - Date.now()).toBeLessThan(32 * DAY);

    const again = await server.request('/api/payments/verify', { token, json: valid });
    expect(again.status).toBe(200);
    expect(again.body.subscription.currentPeriodEnd).toBe(res.body.subscription.currentPeriodEnd);
    const [row] = await server.db.select().from(paymentOrders).where(eq(paymentOrders.razorpayOrderId, o.id));
    expect(row).toMatchObject({
      status: 'paid',
      razorpayPaymentId: valid.razorpay_payment_id,
      userId: user.id,
    });
  });

  it('uses the stored order: a tampered plan or amount in verify changes nothing, and others cannot verify it', async () => {
    const { token } = await createTestUser(server.db);
    const o = await order(token, { amount: 99_900 });
    const signed = razorpay.signPayment(o.id);
    const intruder = await createTestUser(server.db);
    const stolen = await server.request('/api/payments/verify', { token: intruder.token, json: signed });
    expect(stolen.status).toBe(404);
    const unknown = await server.request('/api/payments/verify', {
      token,
      json: razorpay.signPayment('order_DoesNotExist01'),
    });
    expect(unknown.status).toBe(404);

    const res = await server.request('/api/payments/verify', {
      token,
      json: { ...signed, planId: 'enterprise', period: 'yearly', amount: 100 },
    });
    expect(res.status).toBe(200);
    expect(res.body.subscription).toMatchObject({ planId: 'starter', period: 'monthly' });
  });

  it('refuses an order Razorpay answered with a different amount', async () => {
    const { token } = await createTestUser(server.db);
    razorpay.mode = 'wrong-amount';
    try {
      const res = await server.request('/api/payments/create-order', { token, json: { amount: 99_900 } });
      expect(res.status).toBe(503);
    } finally {
      razorpay.mode = 'ok';
    }
  });

  it('webhook: checks the signature on the raw body', async () => {
    const { token } = await createTestUser(server.db);
    const o = await order(token, { amount: 499_900 });
    const hook = razorpay.webhook('payment.captured', o.id);
    const noSignature = await server.request('/api/payments/webhook', {
      method: 'POST',
      body: hook.body,
      headers: { 'content-type': 'application/json' },
    });
    expect(noSignature.status).toBe(400);
    expect(noSignature.body.message).toBe(MESSAGES.webhookSignatureInvalid);
    // Same JSON, re-serialized: the signature no longer matches the bytes.
    const reformatted = JSON.stringify(JSON.parse(hook.body), null, 2);
    expect((await sendWebhook({ body: reformatted, headers: hook.headers })).status).toBe(400);
    const forged = { ...hook.headers, 'x-razorpay-signature': razorpay.signWebhook(`${hook.body} `) };
    expect((await sendWebhook({ body: hook.body, headers: forged })).status).toBe(400);
    expect(await subscriptionOf(token)).toBeNull();

    const ok = await sendWebhook(hook);
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({ status: 'processed' });
    expect(await subscriptionOf(token)).toMatchObject({ planId: 'professional', status: 'active' });
  });

  it('webhook: each event id is applied once; replays and reordering leave the same state', async () => {
    const { user, token } = await createTestUser(server.db);
    const first = await order(token, { amount: 99_900 });
    const paid = razorpay.webhook('order.paid', first.id);
    expect((await sendWebhook(paid)).body).toEqual({ status: 'processed' });
    const after = await subscriptionOf(token);
    expect(after).toMatchObject({ planId: 'starter', status: 'active' });

    // Replays of the same event (same id) are acknowledged and change nothing.
    for (let i = 0; i < 3; i++) {
      const replay = await sendWebhook(paid);
      expect(replay.status).toBe(200);
      expect(replay.body).toEqual({ status: 'duplicate' });
    }
    // A different event for the same payment (payment.captured after order.paid) does not extend it again.
    expect((await sendWebhook(razorpay.webhook('payment.captured', first.id))).status).toBe(200);
    // A late failure of an earlier attempt does not undo the payment.
    expect((await sendWebhook(razorpay.webhook('payment.failed', first.id))).status).toBe(200);
    expect(await subscriptionOf(token)).toEqual(after);
    const [row] = await server.db
      .select()
      .from(paymentOrders)
      .where(eq(paymentOrders.razorpayOrderId, first.id));
    expect(row?.status).toBe('paid');

    // Failure first, then success on a retry of the same order: paid. (An upgrade: ordered through change-plan.)
    const changed = await server.request('/api/payments/change-plan', {
      token,
      json: { planId: 'enterprise', period: 'monthly', preview: false },
    });
    expect(changed.status, changed.text).toBe(200);
    const second = changed.body.order as { id: string; amount: number };
    expect((await sendWebhook(razorpay.webhook('payment.failed', second.id))).body).toEqual({
      status: 'processed',
    });
    const history1 = await server.request('/trpc/payments.history', { token });
    expect(history1.body.result.data.payments[0]).toMatchObject({ orderId: second.id, status: 'failed' });
    expect((await sendWebhook(razorpay.webhook('order.paid', second.id))).body).toEqual({
      status: 'processed',
    });
    expect(await subscriptionOf(token)).toMatchObject({ planId: 'enterprise', status: 'active' });

    const history = await server.request('/trpc/payments.history', { token });
    expect(
      history.body.result.data.payments.map((p: { orderId: string; status: string }) => p.status),
    ).toEqual(['paid', 'paid']);
    expect(history.body.result.data.payments[0]).toMatchObject({
      orderId: second.id,
      planName: 'Enterprise',
      amount: second.amount,
      currency: 'INR',
    });
    const events = await server.db
      .select()
      .from(paymentEvents)
      .where(eq(paymentEvents.eventId, paid.eventId));
    expect(events).toHaveLength(1);
    const [sub] = await server.db.select().from(subscriptions).where(eq(subscriptions.userId, user.id));
    expect(sub?.planId).toBe('enterprise');
  });

  it('webhook: an amount that does not match the stored order activates nothing', async () => {
    const { token } = await createTestUser(server.db);
    const o = await order(token, { amount: 99_900 });
    const res = await sendWebhook(razorpay.webhook('payment.captured', o.id, { amount: 100 }));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ignored' });
    expect(await subscriptionOf(token)).toBeNull();
  });

  it('verify and webhook racing each other activate once', async () => {
    for (let round = 0; round < 3; round++) {
      const { token } = await createTestUser(server.db);
      const o = await order(token, { amount: 249_900 });
      const signed = razorpay.signPayment(o.id);
      const hook = razorpay.webhook('payment.captured', o.id, { paymentId: signed.razorpay_payment_id });
      const [verify, webhook, verify2] = await Promise.all([
        server.request('/api/payments/verify', { token, json: signed }),
        sendWebhook(hook),
        server.request('/api/payments/verify', { token, json: signed }),
      ]);
      expect([verify.status, webhook.status, verify2.status]).toEqual([200, 200, 200]);
      const sub = await subscriptionOf(token);
      // Activated twice would have stacked a second month.
      const length = Date.parse(sub.currentPeriodEnd) - Date.parse(sub.currentPeriodStart);
      expect(length).toBeGreaterThanOrEqual(28 * DAY);
      expect(length).toBeLessThanOrEqual(31 * DAY);
      expect(verify.body.subscription).toEqual(sub);
    }
  });

  it('a renewal of the running plan stacks onto it, offered only in its last 7 days', async () => {
    const { user, token } = await createTestUser(server.db);
    const first = await order(token, { amount: 99_900 });
    await server.request('/api/payments/verify', { token, json: razorpay.signPayment(first.id) });
    const early = await server.request('/api/payments/create-order', { token, json: { amount: 99_900 } });
    expect(early.status).toBe(409);
    expect(early.body.message).toBe(MESSAGES.renewalNotYet);
    // Five days before the end: renewal is offered, and stacks a month onto the end.
    const end = new Date(Date.now() + 5 * DAY);
    await server.db
      .update(subscriptions)
      .set({ currentPeriodEnd: end })
      .where(eq(subscriptions.userId, user.id));
    const second = await order(token, { planId: 'starter', period: 'monthly' });
    const b = await server.request('/api/payments/verify', { token, json: razorpay.signPayment(second.id) });
    expect(b.body.subscription.period).toBe('monthly');
    const gained = Date.parse(b.body.subscription.currentPeriodEnd) - end.getTime();
    expect(gained).toBeGreaterThanOrEqual(28 * DAY);
    expect(gained).toBeLessThanOrEqual(31 * DAY);
    // Another plan through create-order is refused: it needs change-plan's quote first.
    const other = await server.request('/api/payments/create-order', { token, json: { amount: 249_900 } });
    expect(other.status).toBe(409);
    expect(other.body.message).toBe(MESSAGES.planChangeNeedsQuote);
  });

  it('Razorpay failing or unreachable answers 503', async () => {
    const { token } = await createTestUser(server.db);
    razorpay.mode = 'error';
    try {
      const res = await server.request('/api/payments/create-order', { token, json: { amount: 99_900 } });
      expect(res.status).toBe(503);
      expect(res.body).toEqual({ message: MESSAGES.paymentServiceDown, code: 'SERVICE_UNAVAILABLE' });
    } finally {
      razorpay.mode = 'ok';
    }
    const closed = await startFakeRazorpay();
    await closed.close();
    const down = await startTestServer({
      RAZORPAY_KEY_ID: razorpay.keyId,
      RAZORPAY_KEY_SECRET: razorpay.keySecret,
      RAZORPAY_API_URL: closed.url,
    });
    try {
      const user = await createTestUser(down.db);
      const res = await down.request('/api/payments/create-order', {
        token: user.token,
        json: { amount: 99_900 },
      });
      expect(res.status).toBe(503);
      expect(await down.db.select().from(paymentOrders)).toHaveLength(0);
    } finally {
      await down.close();
    }
  });

  it('Razorpay hanging answers 503 within the gateway time-out', async () => {
    const { token } = await createTestUser(server.db);
    razorpay.mode = 'hang';
    try {
      const started = Date.now();
      const res = await server.request('/api/payments/create-order', { token, json: { amount: 99_900 } });
      const elapsed = Date.now() - started;
      expect(res.status).toBe(503);
      expect(elapsed).toBeGreaterThanOrEqual(DELAYS_MS.paymentGatewayTimeout - 500);
      // The fake never answers: the time-out ended the wait (with room for a busy machine), not the test's ceiling.
      expect(elapsed).toBeLessThan(DELAYS_MS.paymentGatewayTimeout + 30_000);
    } finally {
      razorpay.mode = 'ok';
    }
  });

  it('never logs the key secret or signatures', () => {
    const logs = server.logs.join('');
    expect(logs).not.toContain(razorpay.keySecret);
    expect(logs).not.toContain(razorpay.webhookSecret);
  });
});
