import { ACCOUNT_MANAGER_MESSAGES, chargeAmount, findPlan, type PlanId } from '@barterads/core';
import {
  auditLog,
  dealCommissionOrders,
  deals,
  type PaymentOrderRow,
  paymentOrders,
  refunds,
  type UserRow,
} from '@barterads/db';
import { type FakeRazorpay, startFakeRazorpay } from '@barterads/testing';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buyTestPlan, createTestUser, startTestServer, type TestServer } from './helpers/server';

const price = (planId: PlanId, period: 'monthly' | 'yearly') => chargeAmount(findPlan(planId)!, period);

describe('admin payments, refund queue, revenue figures and account managers (real HTTP)', () => {
  let server: TestServer;
  let razorpay: FakeRazorpay;
  let admin: { user: UserRow; token: string };
  let member: { user: UserRow; token: string };

  beforeAll(async () => {
    razorpay = await startFakeRazorpay();
    server = await startTestServer({
      RAZORPAY_KEY_ID: razorpay.keyId,
      RAZORPAY_KEY_SECRET: razorpay.keySecret,
      RAZORPAY_WEBHOOK_SECRET: razorpay.webhookSecret,
      RAZORPAY_API_URL: razorpay.url,
    });
    admin = await createTestUser(server.db, { role: 'admin', firstName: 'Asha', lastName: 'Manager' });
    member = await createTestUser(server.db);
  });
  afterAll(async () => {
    await server.close();
    await razorpay.close();
  });

  /** A user on `planId`/`period` bought through create-order and verify. */
  const subscriber = (planId: PlanId, period: 'monthly' | 'yearly') =>
    buyTestPlan(server, razorpay, planId, period);

  it('is admin-only: 401 without a session, 403 for a member', async () => {
    const paths: [string, string, unknown?][] = [
      ['GET', '/api/admin/payments'],
      ['GET', '/api/admin/revenue'],
      ['GET', '/api/admin/enterprise-members'],
      ['PUT', `/api/admin/users/${member.user.id}/account-manager`, { managerId: member.user.id }],
    ];
    for (const [method, path, json] of paths) {
      const anonymous = await server.request(path, { method, json });
      expect(anonymous.status, `${method} ${path}`).toBe(401);
      const forbidden = await server.request(path, { method, json, token: member.token });
      expect(forbidden.status, `${method} ${path}`).toBe(403);
    }
    const mine = await server.request('/api/auth/me/account-manager', { token: member.token });
    expect(mine.status).toBe(200);
    expect(mine.body).toEqual({ accountManager: null });
  });

  it('lists payments newest first with the invoice, filters by e-mail, kind and status; the admin downloads the PDF', async () => {
    const growth = await subscriber('growth', 'monthly');
    const starter = await subscriber('starter', 'yearly');
    const all = await server.request('/api/admin/payments', { token: admin.token });
    expect(all.status, all.text).toBe(200);
    expect(all.body.total).toBe(2);
    const [newest, older] = all.body.payments;
    expect(newest).toMatchObject({
      kind: 'plan',
      userEmail: starter.user.email,
      description: 'Starter plan, yearly',
      amount: price('starter', 'yearly'),
      status: 'paid',
      refundStatus: null,
      creditNotes: [],
    });
    expect(newest.invoice.number).toMatch(/^BA\/\d{4}-\d{2}\/\d{6}$/);
    expect(older).toMatchObject({ userEmail: growth.user.email, amount: price('growth', 'monthly') });

    const byEmail = await server.request(
      `/api/admin/payments?q=${encodeURIComponent(growth.user.email.slice(0, 12).toUpperCase())}`,
      { token: admin.token },
    );
    expect(byEmail.body.payments.map((p: { userEmail: string }) => p.userEmail)).toEqual([growth.user.email]);
    const plansOnly = await server.request('/api/admin/payments?kind=plan', { token: admin.token });
    expect(plansOnly.body.total).toBe(2);
    // A deal's commission, written paid straight to the table (so without the invoice paying it issues): listed
    // as a commission payment.
    const [deal] = await server.db
      .insert(deals)
      .values({
        number: 'BA-2026-990001',
        status: 'accepted',
        proposerId: growth.user.id,
        counterpartyId: starter.user.id,
        expiresAt: new Date(),
        acceptedAt: new Date(),
        acceptedBy: starter.user.id,
      })
      .returning();
    await server.db.insert(dealCommissionOrders).values({
      dealId: deal!.id,
      userId: growth.user.id,
      razorpayOrderId: 'order_commission_list',
      receipt: 'commission_list',
      amountPaise: 75_000,
      status: 'paid',
      paidAt: new Date(),
    });
    const commissions = await server.request('/api/admin/payments?kind=commission', { token: admin.token });
    expect(commissions.body.total).toBe(1);
    expect(commissions.body.payments[0]).toMatchObject({
      kind: 'commission',
      userEmail: growth.user.email,
      description: 'Commission, deal BA-2026-990001',
      amount: 75_000,
      status: 'paid',
      invoice: null,
      dealId: deal!.id,
    });
    await server.db.delete(dealCommissionOrders).where(eq(dealCommissionOrders.dealId, deal!.id));
    await server.db.delete(deals).where(eq(deals.id, deal!.id));
    const failed = await server.request('/api/admin/payments?status=failed', { token: admin.token });
    expect(failed.body.total).toBe(0);
    const paged = await server.request('/api/admin/payments?limit=1&offset=1', { token: admin.token });
    expect(paged.body.payments).toHaveLength(1);
    expect(paged.body.total).toBe(2);
    expect(paged.body.payments[0].id).toBe(older.id);

    const pdf = await fetch(`${server.baseUrl}/api/payments/invoices/${older.invoice.id}.pdf`, {
      headers: { authorization: `Bearer ${admin.token}` },
    });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
  });

  it('refund queue: a requested refund is approved by the existing decision, audit-logged; the member sees its state', async () => {
    const buyer = await subscriber('growth', 'monthly');
    const [order] = await server.db
      .select()
      .from(paymentOrders)
      .where(eq(paymentOrders.userId, buyer.user.id));
    const asked = await server.request('/api/payments/refund-requests', {
      token: buyer.token,
      json: { paymentId: order!.id, reason: 'Bought the wrong plan' },
    });
    expect(asked.status, asked.text).toBe(201);
    const queue = await server.request('/api/admin/refunds?status=requested', { token: admin.token });
    const item = queue.body.refunds.find((r: { userId: string }) => r.userId === buyer.user.id);
    expect(item).toMatchObject({ status: 'requested', userEmail: buyer.user.email, planName: 'Growth' });
    const decided = await server.request(`/api/admin/refunds/${item.id}/decision`, {
      method: 'POST',
      token: admin.token,
      json: { approve: true, reason: 'Wrong plan, within 7 days' },
    });
    expect(decided.status, decided.text).toBe(200);
    expect(decided.body.refund.status).toBe('processing');
    const audit = await server.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'refund'), eq(auditLog.targetId, buyer.user.id)));
    expect(audit).toHaveLength(1);
    expect(audit[0]!.reason).toBe('Wrong plan, within 7 days');
    const mine = await server.request('/api/payments/refunds', { token: buyer.token });
    expect(mine.body.refunds[0]).toMatchObject({ id: item.id, status: 'processing' });
    const listed = await server.request(`/api/admin/payments?q=${encodeURIComponent(buyer.user.email)}`, {
      token: admin.token,
    });
    expect(listed.body.payments[0].refundStatus).toBe('processing');
  });

  it('MRR and plan mix: month closes, renewals stacking, upgrades cutting, scheduled changes, yearly at /12, refunds left out', async () => {
    let n = 0;
    async function paid(
      user: UserRow,
      planId: PlanId,
      period: 'monthly' | 'yearly',
      changeKind: PaymentOrderRow['changeKind'],
      paidAt: string,
    ): Promise<string> {
      n += 1;
      const [row] = await server.db
        .insert(paymentOrders)
        .values({
          userId: user.id,
          razorpayOrderId: `order_mrr_${n}`,
          receipt: `mrr_${n}`,
          planId,
          period,
          amount: price(planId, period),
          status: 'paid',
          razorpayPaymentId: `pay_mrr_${n}`,
          paidAt: new Date(paidAt),
          changeKind,
          createdAt: new Date(paidAt),
        })
        .returning();
      return row!.id;
    }
    const [a, b, c, d, e] = await Promise.all(Array.from({ length: 5 }, () => createTestUser(server.db)));
    // A: Starter monthly from 10 Jan, renewed on 5 Feb (stacks: 10 Feb to 10 Mar).
    await paid(a!.user, 'starter', 'monthly', 'purchase', '2001-01-10T06:00:00Z');
    await paid(a!.user, 'starter', 'monthly', 'renewal', '2001-02-05T06:00:00Z');
    // B: Growth yearly from 20 Jan, upgraded to Enterprise monthly on 15 Jun (to 15 Jul); the yearly one stops.
    await paid(b!.user, 'growth', 'yearly', 'purchase', '2001-01-20T06:00:00Z');
    await paid(b!.user, 'enterprise', 'monthly', 'upgrade', '2001-06-15T06:00:00Z');
    // C: Professional, refunded: never counted.
    const refunded = await paid(c!.user, 'professional', 'monthly', 'purchase', '2001-03-01T06:00:00Z');
    await server.db.insert(refunds).values({
      userId: c!.user.id,
      orderId: refunded,
      amount: price('professional', 'monthly'),
      status: 'processed',
    });
    // D: paid at 20:00 UTC on 31 Dec, already 1 January in Kolkata: not in December's figures.
    await paid(d!.user, 'starter', 'yearly', 'purchase', '2001-12-31T20:00:00Z');
    // E: Professional from 1 Aug; a downgrade to Starter paid on 20 Aug applies at the period end (1 Sep).
    await paid(e!.user, 'professional', 'monthly', 'purchase', '2001-08-01T00:00:00Z');
    await paid(e!.user, 'starter', 'monthly', 'scheduled', '2001-08-20T00:00:00Z');

    const res = await server.request('/api/admin/revenue?endMonth=2001-12', { token: admin.token });
    expect(res.status, res.text).toBe(200);
    const months = res.body.months as { month: string; mrr: number; plans: Record<PlanId, number> }[];
    expect(months.map((m) => m.month)).toEqual(
      Array.from({ length: 12 }, (_, i) => `2001-${String(i + 1).padStart(2, '0')}`),
    );
    const growthYearly = price('growth', 'yearly') / 12;
    const expected: Record<string, [number, Partial<Record<PlanId, number>>]> = {
      '2001-01': [Math.round(price('starter', 'monthly') + growthYearly), { starter: 1, growth: 1 }],
      '2001-02': [Math.round(price('starter', 'monthly') + growthYearly), { starter: 1, growth: 1 }],
      '2001-03': [Math.round(growthYearly), { growth: 1 }],
      '2001-04': [Math.round(growthYearly), { growth: 1 }],
      '2001-05': [Math.round(growthYearly), { growth: 1 }],
      '2001-06': [price('enterprise', 'monthly'), { enterprise: 1 }],
      '2001-07': [0, {}],
      '2001-08': [price('professional', 'monthly'), { professional: 1 }],
      '2001-09': [price('starter', 'monthly'), { starter: 1 }],
      '2001-10': [0, {}],
      '2001-11': [0, {}],
      '2001-12': [0, {}],
    };
    for (const m of months) {
      const [mrr, plans] = expected[m.month]!;
      expect(m, m.month).toEqual({
        month: m.month,
        mrr,
        subscribers: Object.values(plans).reduce((x, y) => x + y, 0),
        plans: { starter: 0, growth: 0, professional: 0, enterprise: 0, ...plans },
      });
    }
    const january = await server.request('/api/admin/revenue?endMonth=2002-01', { token: admin.token });
    expect(january.body.months.at(-1)).toMatchObject({
      month: '2002-01',
      mrr: Math.round(price('starter', 'yearly') / 12),
      plans: { starter: 1 },
    });
    const bad = await server.request('/api/admin/revenue?endMonth=2001-13', { token: admin.token });
    expect(bad.status).toBe(400);

    // This month: at now, with a plan bought over HTTP counted at a twelfth of its yearly price.
    const thisMonth = async () =>
      (await server.request('/api/admin/revenue', { token: admin.token })).body.months.at(-1);
    const before = await thisMonth();
    await subscriber('professional', 'yearly');
    const after = await thisMonth();
    expect(after.month).toBe(before.month);
    expect(after.plans.professional).toBe(before.plans.professional + 1);
    // Each total is rounded to the paisa: the difference is a twelfth of the yearly price within one paisa.
    expect(Math.abs(after.mrr - before.mrr - price('professional', 'yearly') / 12)).toBeLessThanOrEqual(1);
  });

  it('account manager: only for Enterprise, an active admin, audit-logged, shown to the member', async () => {
    const enterprise = await subscriber('enterprise', 'monthly');
    const growth = await subscriber('growth', 'monthly');
    const assign = (userId: string, managerId: string | null, token = admin.token) =>
      server.request(`/api/admin/users/${userId}/account-manager`, {
        method: 'PUT',
        token,
        json: { managerId },
      });

    const notEnterprise = await assign(growth.user.id, admin.user.id);
    expect(notEnterprise.status).toBe(409);
    expect(notEnterprise.body.message).toBe(ACCOUNT_MANAGER_MESSAGES.enterpriseOnly);
    const notAdmin = await assign(enterprise.user.id, growth.user.id);
    expect(notAdmin.status).toBe(400);
    expect(notAdmin.body.message).toBe(ACCOUNT_MANAGER_MESSAGES.notAdmin);

    const listed = await server.request('/api/admin/enterprise-members', { token: admin.token });
    expect(listed.status).toBe(200);
    expect(listed.body.members.map((m: { _id: string }) => m._id)).toEqual([enterprise.user.id]);
    expect(listed.body.managers.map((m: { _id: string }) => m._id)).toContain(admin.user.id);

    const done = await assign(enterprise.user.id, admin.user.id);
    expect(done.status, done.text).toBe(200);
    expect(done.body.member.accountManager).toEqual({
      _id: admin.user.id,
      name: 'Asha Manager',
      email: admin.user.email,
    });
    // The same again changes and records nothing.
    expect((await assign(enterprise.user.id, admin.user.id)).status).toBe(200);
    const audit = await server.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'assign_account_manager'), eq(auditLog.targetId, enterprise.user.id)));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      actorId: admin.user.id,
      before: { accountManagerId: null },
      after: { accountManagerId: admin.user.id },
    });

    const shown = await server.request('/api/auth/me/account-manager', { token: enterprise.token });
    expect(shown.body.accountManager).toEqual({
      _id: admin.user.id,
      name: 'Asha Manager',
      email: admin.user.email,
    });
    const others = await server.request('/api/auth/me/account-manager', { token: growth.token });
    expect(others.body.accountManager).toBeNull();

    const removed = await assign(enterprise.user.id, null);
    expect(removed.status).toBe(200);
    expect(removed.body.member.accountManager).toBeNull();
    const gone = await server.request('/api/auth/me/account-manager', { token: enterprise.token });
    expect(gone.body.accountManager).toBeNull();
  });
});
