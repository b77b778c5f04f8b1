import { MESSAGES, type PlanId } from '@barterads/core';
import {
  auditLog,
  businessVerifications,
  invoices,
  notifications,
  paymentEvents,
  paymentOrders,
  refunds,
  subscriptions,
  users,
} from '@barterads/db';
import { type FakeRazorpay, startFakeRazorpay } from '@barterads/testing';
import { and, asc, eq } from 'drizzle-orm';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { planPeriodsJob } from '../src/jobs/plan-periods';
import { buyTestPlan, createTestUser, EVENTUALLY, startTestServer, type TestServer } from './helpers/server';

const DAY = 24 * 60 * 60 * 1000;
const HOUR = 60 * 60 * 1000;

describe('plans: changes, cancelling, refunds (fake Razorpay)', () => {
  let server: TestServer;
  let razorpay: FakeRazorpay;

  beforeAll(async () => {
    razorpay = await startFakeRazorpay();
    server = await startTestServer({
      RAZORPAY_KEY_ID: razorpay.keyId,
      RAZORPAY_KEY_SECRET: razorpay.keySecret,
      RAZORPAY_WEBHOOK_SECRET: razorpay.webhookSecret,
      RAZORPAY_API_URL: razorpay.url,
    });
  });
  afterAll(async () => {
    await server.close();
    await razorpay.close();
  });

  /** A user on `planId`/`period` bought through create-order and verify. */
  const subscriber = (planId: PlanId, period: 'monthly' | 'yearly') =>
    buyTestPlan(server, razorpay, planId, period);

  /** Moves the user's current period so that it started `startAgo` ago and lasts `days` days. */
  async function setPeriod(userId: string, startAgo: number, days: number) {
    const start = new Date(Date.now() - startAgo);
    await server.db
      .update(subscriptions)
      .set({ currentPeriodStart: start, currentPeriodEnd: new Date(start.getTime() + days * DAY) })
      .where(eq(subscriptions.userId, userId));
  }

  /** Moves every payment of the user `ago` into the past. */
  async function paidAgo(userId: string, ago: number) {
    await server.db
      .update(paymentOrders)
      .set({ paidAt: new Date(Date.now() - ago) })
      .where(eq(paymentOrders.userId, userId));
  }

  async function quote(token: string, json: unknown) {
    const res = await server.request('/api/payments/change-plan', { token, json });
    expect(res.status, res.text).toBe(200);
    return res.body.quote;
  }

  async function subscription(token: string) {
    const res = await server.request('/api/payments/subscription', { token });
    expect(res.status, res.text).toBe(200);
    return res.body;
  }

  it('the free tier: no plan, the catalogue free allowance', async () => {
    const { token } = await createTestUser(server.db);
    const body = await subscription(token);
    expect(body.subscription).toBeNull();
    expect(body.allowance).toMatchObject({
      plan: 'Free',
      activeListings: 0,
      activeListingLimit: 2,
      dealsThisMonth: 0,
      dealLimit: 2,
      featuredThisMonth: 0,
      featuredLimit: 0,
      apiAccess: false,
    });
    expect(body.allowance.resetsOn).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('upgrade quote: the new price less the unused days, by the period length (29-day leap February, 31, 366)', async () => {
    const { user, token } = await subscriber('starter', 'monthly');
    // A 29-day period (February of a leap year) 10 days and 1 hour in: 18 whole days unused.
    await setPeriod(user.id, 10 * DAY + HOUR, 29);
    expect(await quote(token, { planId: 'growth', period: 'monthly' })).toMatchObject({
      kind: 'upgrade',
      fromPlanName: 'Starter',
      planName: 'Growth',
      credit: Math.round((99_900 * 18) / 29),
      amount: 249_900 - Math.round((99_900 * 18) / 29),
    });
    // A 31-day month, 1 hour in: 30 unused days.
    await setPeriod(user.id, HOUR, 31);
    expect(await quote(token, { planId: 'enterprise', period: 'yearly' })).toMatchObject({
      kind: 'upgrade',
      credit: Math.round((99_900 * 30) / 31),
      amount: 9_599_000 - Math.round((99_900 * 30) / 31),
    });

    const yearly = await subscriber('growth', 'yearly');
    // A leap year: 366 days, 100 days and 2 hours in, 265 unused.
    await setPeriod(yearly.user.id, 100 * DAY + 2 * HOUR, 366);
    expect(await quote(yearly.token, { planId: 'professional', period: 'yearly' })).toMatchObject({
      kind: 'upgrade',
      credit: Math.round((2_399_000 * 265) / 366),
      amount: 4_799_000 - Math.round((2_399_000 * 265) / 366),
    });
    // Yearly to a dearer monthly plan: the unused year is worth more than the month, so ₹1.
    expect(await quote(yearly.token, { planId: 'professional', period: 'monthly' })).toMatchObject({
      kind: 'upgrade',
      amount: 100,
    });
  });

  it('an upgrade paid applies at once, for the quoted amount; the change is audit-logged', async () => {
    const { user, token } = await subscriber('starter', 'monthly');
    const preview = await quote(token, { planId: 'growth', period: 'monthly' });
    const res = await server.request('/api/payments/change-plan', {
      token,
      json: { planId: 'growth', period: 'monthly', preview: false },
    });
    expect(res.status).toBe(200);
    expect(res.body.order.amount).toBe(preview.amount);
    expect(razorpay.orders.get(res.body.order.id)?.amount).toBe(preview.amount);
    const verified = await server.request('/api/payments/verify', {
      token,
      json: razorpay.signPayment(res.body.order.id),
    });
    expect(verified.body.subscription).toMatchObject({ planId: 'growth', status: 'active' });
    const body = await subscription(token);
    expect(body.allowance).toMatchObject({ plan: 'Growth', featuredLimit: 3, dealLimit: 15 });
    const audits = await server.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.actorId, user.id), eq(auditLog.action, 'change_plan')));
    expect(audits.map((a) => (a.after as { change: string }).change).sort()).toEqual(['purchase', 'upgrade']);
    expect(audits.find((a) => (a.after as { change: string }).change === 'upgrade')?.before).toMatchObject({
      planId: 'starter',
    });
  });

  it('a downgrade is paid in the last 7 days of the period, scheduled for its end, and applied there by the job', async () => {
    const { user, token } = await subscriber('growth', 'monthly');
    const before = await subscription(token);
    const q = await quote(token, { planId: 'starter', period: 'yearly' });
    expect(q).toMatchObject({ kind: 'scheduled', amount: 959_000, credit: 0 });
    expect(q.appliesAt).toBe(before.subscription.endsAt);
    // Weeks before the period ends nothing is charged (issue 35): the quote says from when it is payable, and an
    // order before then is refused.
    expect(Date.parse(q.payableFrom)).toBe(Date.parse(before.subscription.endsAt) - 7 * DAY);
    const ordersBefore = razorpay.orders.size;
    const early = await server.request('/api/payments/change-plan', {
      token,
      json: { planId: 'starter', period: 'yearly', preview: false },
    });
    expect(early.status).toBe(409);
    expect(early.body.message).toBe(MESSAGES.scheduledChangeNotYet);
    expect(razorpay.orders.size).toBe(ordersBefore);
    // In the period's last 7 days it is paid and scheduled.
    await setPeriod(user.id, 25 * DAY, 30);
    const inWindow = await subscription(token);
    const res = await server.request('/api/payments/change-plan', {
      token,
      json: { planId: 'starter', period: 'yearly', preview: false },
    });
    expect(res.status).toBe(200);
    await server.request('/api/payments/verify', { token, json: razorpay.signPayment(res.body.order.id) });
    const scheduled = await subscription(token);
    expect(scheduled.subscription).toMatchObject({
      planId: 'growth',
      endsAt: inWindow.subscription.endsAt,
      scheduledChange: { planId: 'starter', period: 'yearly', appliesAt: inWindow.subscription.endsAt },
    });
    // Growth stays until its end: a second change is refused while one is scheduled.
    const again = await server.request('/api/payments/change-plan', {
      token,
      json: { planId: 'professional', period: 'monthly' },
    });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(MESSAGES.planChangeAlreadyScheduled);

    // The job before the end changes nothing; after it, Starter yearly from the old end.
    const job = planPeriodsJob(server.services);
    await job.run();
    expect((await subscription(token)).subscription.planId).toBe('growth');
    const end = new Date(Date.now() - HOUR);
    await server.db
      .update(subscriptions)
      .set({ currentPeriodEnd: end })
      .where(eq(subscriptions.userId, user.id));
    await job.run();
    await job.run();
    const applied = (await subscription(token)).subscription;
    expect(applied).toMatchObject({
      planId: 'starter',
      period: 'yearly',
      status: 'active',
      scheduledChange: null,
    });
    expect(Date.parse(applied.startsAt)).toBe(end.getTime());
    const length = Date.parse(applied.endsAt) - end.getTime();
    expect(length).toBeGreaterThanOrEqual(365 * DAY);
    expect(length).toBeLessThanOrEqual(366 * DAY);
    const audits = await server.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.actorId, user.id), eq(auditLog.action, 'change_plan')));
    expect(audits.filter((a) => (a.after as { change: string }).change === 'scheduled-applied')).toHaveLength(
      1,
    );
  });

  it('the job reminds 7 days and 1 day before the end, each once', async () => {
    const { user } = await subscriber('growth', 'monthly');
    const job = planPeriodsJob(server.services);
    await server.db
      .update(subscriptions)
      .set({ currentPeriodEnd: new Date(Date.now() + 6 * DAY) })
      .where(eq(subscriptions.userId, user.id));
    await job.run();
    await job.run();
    const subjects = () =>
      server.mail.mails
        .filter((m) => m.to.includes(user.email))
        .map((m) => /^Subject: (.*)$/m.exec(m.raw)?.[1]?.trim() ?? '');
    // Written to the outbox by the job, mailed by the event dispatcher (woken by the job).
    await expect.poll(subjects, EVENTUALLY).toContain('Your Growth plan ends in 7 days');
    await server.db
      .update(subscriptions)
      .set({ currentPeriodEnd: new Date(Date.now() + 20 * HOUR) })
      .where(eq(subscriptions.userId, user.id));
    await job.run();
    await job.run();
    await expect.poll(subjects, EVENTUALLY).toContain('Your Growth plan ends tomorrow');
    expect(subjects().filter((s) => s.startsWith('Your Growth plan ends'))).toHaveLength(2);
  });

  it('cancel within 24 hours: refunded in full through Razorpay, the plan ends; the refund webhook applies once', async () => {
    const { user, token, orderId } = await subscriber('professional', 'monthly');
    const res = await server.request('/api/payments/cancel', { token, json: {} });
    expect(res.status, res.text).toBe(200);
    expect(res.body.subscription.status).toBe('cancelled');
    expect(res.body.refund).toMatchObject({ amount: 499_900, status: 'processing' });
    const [row] = await server.db.select().from(refunds).where(eq(refunds.userId, user.id));
    const made = razorpay.refunds.get(row?.razorpayRefundId ?? '');
    expect(made).toMatchObject({ amount: 499_900 });
    const [order] = await server.db
      .select()
      .from(paymentOrders)
      .where(eq(paymentOrders.razorpayOrderId, orderId));
    expect(made?.payment_id).toBe(order?.razorpayPaymentId);
    expect((await subscription(token)).allowance.plan).toBe('Free');

    const hook = razorpay.refundWebhook('refund.processed', row!.razorpayRefundId!);
    const send = () =>
      server.request('/api/payments/webhook', { method: 'POST', body: hook.body, headers: hook.headers });
    expect((await send()).body).toEqual({ status: 'processed' });
    expect((await send()).body).toEqual({ status: 'duplicate' });
    // A later refund.failed (another event id) does not undo a processed refund.
    const late = razorpay.refundWebhook('refund.failed', row!.razorpayRefundId!);
    const lateRes = await server.request('/api/payments/webhook', {
      method: 'POST',
      body: late.body,
      headers: late.headers,
    });
    expect(lateRes.body).toEqual({ status: 'ignored' });
    const mine = await server.request('/api/payments/refunds', { token });
    expect(mine.body.refunds).toEqual([
      expect.objectContaining({ amount: 499_900, status: 'processed', processedAt: expect.any(String) }),
    ]);
    expect(
      await server.db.select().from(paymentEvents).where(eq(paymentEvents.eventId, hook.eventId)),
    ).toHaveLength(1);
  });

  /** Pays a change of plan the way checkout does: the quoted order, then its signed payment. */
  async function changePlan(token: string, planId: PlanId) {
    const res = await server.request('/api/payments/change-plan', {
      token,
      json: { planId, period: 'monthly', preview: false },
    });
    expect(res.status, res.text).toBe(200);
    const verified = await server.request('/api/payments/verify', {
      token,
      json: razorpay.signPayment(res.body.order.id),
    });
    expect(verified.status, verified.text).toBe(200);
    return res.body.order as { id: string; amount: number };
  }

  it('cancel within 24 hours refunds every plan payment of the day: Starter, then an upgrade minutes later', async () => {
    const { user, token } = await subscriber('starter', 'monthly');
    const upgrade = await changePlan(token, 'growth');
    expect(upgrade.amount).toBeGreaterThan(100_000);
    const res = await server.request('/api/payments/cancel', { token, json: {} });
    expect(res.status, res.text).toBe(200);
    expect(res.body.subscription.status).toBe('cancelled');
    expect(res.body.refund).toMatchObject({ amount: upgrade.amount, status: 'processing' });
    expect(res.body.refunds.map((r: { amount: number }) => r.amount)).toEqual([upgrade.amount, 99_900]);
    const orders = await server.db.select().from(paymentOrders).where(eq(paymentOrders.userId, user.id));
    for (const order of orders) {
      const made = [...razorpay.refunds.values()].filter((r) => r.payment_id === order.razorpayPaymentId);
      expect(made.map((r) => r.amount)).toEqual([order.amount]);
    }
    expect((await subscription(token)).allowance.plan).toBe('Free');
    // The history says so: each payment with its refund, no "Request refund" to offer.
    const history = await server.request('/api/payments/history', { token });
    expect(
      history.body.payments.map((p: { amount: number; refund: { status: string } | null }) => [
        p.amount,
        p.refund?.status,
      ]),
    ).toEqual([
      [upgrade.amount, 'processing'],
      [99_900, 'processing'],
    ]);
  });

  it('a cancel leaves the plan running for what was not refunded: an upgrade today off a plan bought earlier', async () => {
    const { user, token } = await subscriber('growth', 'monthly');
    await paidAgo(user.id, 10 * DAY);
    await setPeriod(user.id, 10 * DAY, 30);
    const growthEnd = (await subscription(token)).subscription.endsAt as string;
    const upgrade = await changePlan(token, 'professional');
    expect((await subscription(token)).allowance.plan).toBe('Professional');
    const res = await server.request('/api/payments/cancel', { token, json: {} });
    expect(res.status, res.text).toBe(200);
    expect(res.body.refunds).toEqual([expect.objectContaining({ amount: upgrade.amount })]);
    // Back on Growth to the end of the period it paid for, not renewed.
    expect(res.body.subscription).toMatchObject({
      planId: 'growth',
      status: 'active',
      endsAt: growthEnd,
      cancelAtPeriodEnd: true,
    });
    expect((await subscription(token)).allowance.plan).toBe('Growth');
  });

  it('a refund ends what the plan paid for: features end, listings over the free allowance are archived newest first, the member is told', async () => {
    const { user, token } = await subscriber('growth', 'monthly');
    const ids: string[] = [];
    for (const n of [1, 2, 3, 4, 5]) {
      const made = await server.request('/api/barters', {
        token,
        json: { title: `Refund test hoarding ${n}`, description: 'Front-lit', location: 'Pune' },
      });
      expect(made.status, made.text).toBe(201);
      ids.push(made.body.barter._id);
    }
    for (const id of [ids[0], ids[4]])
      expect((await server.request(`/api/barters/${id}/feature`, { token, json: {} })).status).toBe(200);
    const featured = async () =>
      ((await server.request('/api/barters/featured')).body.barters as { _id: string }[])
        .map((b) => b._id)
        .filter((id) => ids.includes(id));
    expect((await featured()).sort()).toEqual([ids[0], ids[4]].sort());

    const res = await server.request('/api/payments/cancel', { token, json: {} });
    expect(res.status, res.text).toBe(200);
    expect(await featured()).toEqual([]);
    const mine = (await server.request('/api/barters/me', { token })).body.barters as {
      _id: string;
      status: string;
      featuredUntil?: string | null;
    }[];
    const statusOf = (id: string) => mine.find((b) => b._id === id)?.status;
    expect(ids.map(statusOf)).toEqual(['active', 'active', 'archived', 'archived', 'archived']);
    // Told by the refund's event (`plan.benefits_withdrawn`, written with it) through the dispatcher.
    const notices = () =>
      server.db
        .select()
        .from(notifications)
        .where(and(eq(notifications.userId, user.id), eq(notifications.kind, 'plan_changed')));
    await expect.poll(async () => (await notices()).length, EVENTUALLY).toBe(1);
    const [notice] = await notices();
    expect(notice?.title).toBe("3 listings archived after your plan's refund");
    expect(notice?.body).toContain(
      '"Refund test hoarding 5", "Refund test hoarding 4", "Refund test hoarding 3"',
    );
    expect(notice?.body).toContain('no longer featured');
    // Keeping another one instead: archive one, then restore the one preferred (within the free allowance).
    const full = await server.request(`/api/barters/${ids[2]}/restore`, { token, json: {} });
    expect(full.status).toBe(403);
    expect((await server.request(`/api/barters/${ids[1]}/archive`, { token, json: {} })).status).toBe(200);
    const restored = await server.request(`/api/barters/${ids[2]}/restore`, { token, json: {} });
    expect(restored.status, restored.text).toBe(200);
    // The featurings given back do not count: nothing to feature on Free anyway.
    expect((await subscription(token)).allowance).toMatchObject({ plan: 'Free', featuredThisMonth: 0 });
  });

  it('an approved refund request of the running payment ends that plan and its benefits too', async () => {
    const { user, token } = await subscriber('growth', 'monthly');
    const listingIds: string[] = [];
    for (const n of [1, 2, 3]) {
      const made = await server.request('/api/barters', {
        token,
        json: { title: `Requested refund listing ${n}`, description: 'Spots', location: 'Pune' },
      });
      listingIds.push(made.body.barter._id);
    }
    const [order] = await server.db.select().from(paymentOrders).where(eq(paymentOrders.userId, user.id));
    const asked = await server.request('/api/payments/refund-requests', {
      token,
      json: { paymentId: order!.id, reason: 'Not what we needed' },
    });
    expect(asked.status, asked.text).toBe(201);
    const admin = await createTestUser(server.db, { role: 'admin' });
    const decided = await server.request(`/api/admin/refunds/${asked.body.refundRequest.id}/decision`, {
      token: admin.token,
      json: { approve: true },
    });
    expect(decided.status, decided.text).toBe(200);
    expect((await subscription(token)).allowance).toMatchObject({ plan: 'Free', activeListings: 2 });
    const mine = (await server.request('/api/barters/me', { token })).body.barters as {
      _id: string;
      status: string;
    }[];
    expect(mine.find((b) => b._id === listingIds[2])?.status).toBe('archived');
  });

  it('a processed refund shows as refunded in the history with its credit note', async () => {
    const { token } = await subscriber('starter', 'monthly');
    const cancelled = await server.request('/api/payments/cancel', { token, json: {} });
    expect(cancelled.status).toBe(200);
    const [row] = await server.db.select().from(refunds).where(eq(refunds.id, cancelled.body.refund.id));
    const hook = razorpay.refundWebhook('refund.processed', row!.razorpayRefundId!);
    await server.request('/api/payments/webhook', { method: 'POST', body: hook.body, headers: hook.headers });
    const [payment] = (await server.request('/api/payments/history', { token })).body.payments;
    expect(payment.refund).toMatchObject({
      status: 'processed',
      amount: 99_900,
      processedAt: expect.any(String),
    });
    const documents = (await server.request('/api/payments/invoices', { token })).body.invoices as {
      kind: string;
      paymentId: string;
    }[];
    expect(
      documents
        .filter((d) => d.paymentId === payment.id)
        .map((d) => d.kind)
        .sort(),
    ).toEqual(['credit_note', 'invoice']);
  });

  it('cancel after 24 hours: no refund, the plan runs to its end; twice is refused', async () => {
    const { user, token } = await subscriber('growth', 'monthly');
    await paidAgo(user.id, 25 * HOUR);
    const before = razorpay.refunds.size;
    const res = await server.request('/api/payments/cancel', { token, json: {} });
    expect(res.status).toBe(200);
    expect(res.body.refund).toBeUndefined();
    expect(res.body.subscription).toMatchObject({
      status: 'active',
      cancelAtPeriodEnd: true,
      nextAmount: null,
    });
    expect(razorpay.refunds.size).toBe(before);
    expect((await subscription(token)).allowance.plan).toBe('Growth');
    const again = await server.request('/api/payments/cancel', { token, json: {} });
    expect(again.status).toBe(409);
    const none = await server.request('/api/payments/cancel', {
      token: (await createTestUser(server.db)).token,
      json: {},
    });
    expect(none.status).toBe(409);
  });

  it('refund requests: within 7 days, once, decided in the admin queue and refunded through Razorpay', async () => {
    const { user, token } = await subscriber('starter', 'monthly');
    const [order] = await server.db.select().from(paymentOrders).where(eq(paymentOrders.userId, user.id));
    const asked = await server.request('/api/payments/refund-requests', {
      token,
      json: { paymentId: order!.id, reason: 'Bought the wrong plan' },
    });
    expect(asked.status, asked.text).toBe(201);
    expect(asked.body.refundRequest).toMatchObject({ status: 'requested', amount: 99_900 });
    const twice = await server.request('/api/payments/refund-requests', {
      token,
      json: { paymentId: order!.razorpayPaymentId, reason: 'Bought the wrong plan' },
    });
    expect(twice.status).toBe(409);
    const stranger = await createTestUser(server.db);
    const theirs = await server.request('/api/payments/refund-requests', {
      token: stranger.token,
      json: { paymentId: order!.id, reason: 'Not my payment' },
    });
    expect(theirs.status).toBe(404);

    const admin = await createTestUser(server.db, { role: 'admin' });
    expect((await server.request('/api/admin/refunds', { token })).status).toBe(403);
    const queue = await server.request('/api/admin/refunds?status=requested', { token: admin.token });
    expect(queue.status).toBe(200);
    const item = queue.body.refunds.find((r: { id: string }) => r.id === asked.body.refundRequest.id);
    expect(item).toMatchObject({ userEmail: user.email, planName: 'Starter', amount: 99_900 });
    const [approve1, approve2] = await Promise.all([
      server.request(`/api/admin/refunds/${item.id}/decision`, {
        token: admin.token,
        json: { approve: true },
      }),
      server.request(`/api/admin/refunds/${item.id}/decision`, {
        token: admin.token,
        json: { approve: true },
      }),
    ]);
    expect([approve1.status, approve2.status].sort()).toEqual([200, 409]);
    const refundsOfPayment = [...razorpay.refunds.values()].filter(
      (r) => r.payment_id === order!.razorpayPaymentId,
    );
    expect(refundsOfPayment).toHaveLength(1);
    const mine = await server.request('/api/payments/refunds', { token });
    expect(mine.body.refunds[0]).toMatchObject({ status: 'processing' });

    // Older than 7 days: refused.
    const late = await subscriber('starter', 'monthly');
    await server.db
      .update(paymentOrders)
      .set({ paidAt: new Date(Date.now() - 8 * DAY) })
      .where(eq(paymentOrders.userId, late.user.id));
    const [lateOrder] = await server.db
      .select()
      .from(paymentOrders)
      .where(eq(paymentOrders.userId, late.user.id));
    const refused = await server.request('/api/payments/refund-requests', {
      token: late.token,
      json: { paymentId: lateOrder!.id, reason: 'Too late for this' },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(MESSAGES.refundWindowPassed);
  });

  async function pdfText(path: string, token: string) {
    const res = await fetch(`${server.baseUrl}${path}`, { headers: { authorization: `Bearer ${token}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    const bytes = new Uint8Array(await res.arrayBuffer());
    return (await extractText(await getDocumentProxy(bytes), { mergePages: true })).text;
  }

  it('GST invoices: gapless numbers under 20 concurrent payments, listed and downloadable by the buyer only', async () => {
    const buyers = await Promise.all(Array.from({ length: 20 }, () => createTestUser(server.db)));
    const orders = await Promise.all(
      buyers.map(async (b) => {
        const res = await server.request('/api/payments/create-order', {
          token: b.token,
          json: { planId: 'growth', period: 'monthly' },
        });
        expect(res.status, res.text).toBe(200);
        return res.body.order.id as string;
      }),
    );
    // Half confirmed by checkout, half by the webhook, all at once.
    const paid = await Promise.all(
      buyers.map((b, i) =>
        i % 2 === 0
          ? server.request('/api/payments/verify', { token: b.token, json: razorpay.signPayment(orders[i]!) })
          : (() => {
              const hook = razorpay.webhook('order.paid', orders[i]!);
              return server.request('/api/payments/webhook', {
                method: 'POST',
                body: hook.body,
                headers: hook.headers,
              });
            })(),
      ),
    );
    expect(paid.map((r) => r.status)).toEqual(Array(20).fill(200));
    const all = await server.db
      .select()
      .from(invoices)
      .where(eq(invoices.kind, 'invoice'))
      .orderBy(asc(invoices.sequence));
    expect(all.map((r) => r.sequence)).toEqual(all.map((_, i) => i + 1));
    for (const row of all)
      expect(row.number).toBe(`BA/${row.financialYear}/${String(row.sequence).padStart(6, '0')}`);
    // One invoice per payment.
    expect(new Set(all.map((r) => r.orderId)).size).toBe(all.length);

    const listed = await server.request('/api/payments/invoices', { token: buyers[0]!.token });
    expect(listed.body.invoices).toEqual([
      expect.objectContaining({ kind: 'invoice', amount: 249_900, number: expect.stringMatching(/^BA\//) }),
    ]);
    const id = listed.body.invoices[0]._id as string;
    const text = await pdfText(`/api/payments/invoices/${id}.pdf`, buyers[0]!.token);
    // An unregistered buyer: the seller's state (Maharashtra), so CGST + SGST; 2,499 = 2,117.80 + 190.60 × 2.
    expect(text).toContain('Tax invoice');
    expect(text).toContain(listed.body.invoices[0].number);
    expect(text).toContain('GSTIN: 27AABCB1234F1Z8');
    expect(text).toContain('Taxable value: INR 2,117.80');
    expect(text).toContain('CGST @ 9%: INR 190.60');
    expect(text).toContain('SGST @ 9%: INR 190.60');
    expect(text).toContain('Total (GST included): INR 2,499.00');
    const other = await fetch(`${server.baseUrl}/api/payments/invoices/${id}.pdf`, {
      headers: { authorization: `Bearer ${buyers[1]!.token}` },
    });
    expect(other.status).toBe(404);
    expect((await fetch(`${server.baseUrl}/api/payments/invoices/${id}.pdf`)).status).toBe(401);
    const admin = await createTestUser(server.db, { role: 'admin' });
    expect(await pdfText(`/api/payments/invoices/${id}.pdf`, admin.token)).toContain('Tax invoice');
  });

  it('a verified business outside Maharashtra gets IGST and its GSTIN; a processed refund gets a credit note', async () => {
    const buyer = await createTestUser(server.db);
    await server.db.insert(businessVerifications).values({
      businessId: buyer.user.id,
      gstin: '29AABCB1234F1Z4',
      legalName: 'Karnataka Media LLP',
      certificateKey: 'private/verifications/k.pdf',
      certificateType: 'application/pdf',
      certificateName: 'gst.pdf',
      certificateBytes: 1000,
      status: 'verified',
    });
    await server.db.update(users).set({ gstVerification: 'verified' }).where(eq(users.id, buyer.user.id));
    const created = await server.request('/api/payments/create-order', {
      token: buyer.token,
      json: { planId: 'starter', period: 'monthly' },
    });
    await server.request('/api/payments/verify', {
      token: buyer.token,
      json: razorpay.signPayment(created.body.order.id),
    });
    const [invoice] = (await server.request('/api/payments/invoices', { token: buyer.token })).body.invoices;
    const text = await pdfText(`/api/payments/invoices/${invoice._id}.pdf`, buyer.token);
    expect(text).toContain('Karnataka Media LLP');
    expect(text).toContain('GSTIN: 29AABCB1234F1Z4');
    // 999 = 846.61 + 152.39 IGST.
    expect(text).toContain('Taxable value: INR 846.61');
    expect(text).toContain('IGST @ 18%: INR 152.39');
    expect(text).not.toContain('CGST');

    const cancelled = await server.request('/api/payments/cancel', { token: buyer.token, json: {} });
    expect(cancelled.body.refund.status).toBe('processing');
    const [refund] = await server.db.select().from(refunds).where(eq(refunds.userId, buyer.user.id));
    const hook = razorpay.refundWebhook('refund.processed', refund!.razorpayRefundId!);
    for (let i = 0; i < 2; i++) {
      await server.request('/api/payments/webhook', {
        method: 'POST',
        body: hook.body,
        headers: hook.headers,
      });
    }
    const listed = (await server.request('/api/payments/invoices', { token: buyer.token })).body.invoices;
    expect(listed.map((i: { kind: string }) => i.kind)).toEqual(['credit_note', 'invoice']);
    expect(listed[0]).toMatchObject({
      amount: 99_900,
      number: expect.stringMatching(/^BA-CN\/\d{4}-\d{2}\/\d{6}$/),
    });
    const note = await pdfText(`/api/payments/invoices/${listed[0]._id}.pdf`, buyer.token);
    expect(note).toContain('Credit note');
    expect(note).toContain(`Refund against invoice ${invoice.number}`);
    expect(note).toContain('IGST @ 18%: INR 152.39');
  });
});
