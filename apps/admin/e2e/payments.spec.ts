import { createHmac } from 'node:crypto';
import { DEMO_PASSWORD, E2E_ADMIN, e2eRazorpay, signInAsAdmin } from '@barterads/testing/e2e';
import { type APIRequestContext, expect, test } from '@playwright/test';

/** Demo users no other suite signs in as: the seed's 21st (refund) and 22nd (Enterprise) users. */
const REFUND_MEMBER_ID = '00000000-0000-4000-8100-000000000015';
const ENTERPRISE_MEMBER_ID = '00000000-0000-4000-8100-000000000016';

/** A demo member buys a plan through the REST API and the fake Razorpay's signed checkout answer. */
async function buyPlan(request: APIRequestContext, email: string, planId: string) {
  const token = (
    await (await request.post('/api/auth/login', { data: { email, password: DEMO_PASSWORD } })).json()
  ).token as string;
  const headers = { authorization: `Bearer ${token}` };
  const order = await request.post('/api/payments/create-order', {
    headers,
    data: { planId, period: 'monthly' },
  });
  expect(order.status()).toBe(200);
  const orderId = (await order.json()).order.id as string;
  const paymentId = `pay_e2e_${Date.now()}`;
  const verified = await request.post('/api/payments/verify', {
    headers,
    data: {
      razorpay_order_id: orderId,
      razorpay_payment_id: paymentId,
      razorpay_signature: createHmac('sha256', e2eRazorpay().keySecret)
        .update(`${orderId}|${paymentId}`)
        .digest('hex'),
    },
  });
  expect(verified.status()).toBe(200);
  return { headers, paymentId };
}

test('an admin approves a refund from the queue, reads revenue, and assigns an Enterprise account manager the member sees', async ({
  page,
  browser,
  request,
}) => {
  const adminToken = (await (await request.post('/api/auth/login', { data: E2E_ADMIN })).json())
    .token as string;
  const users = (
    await (
      await request.get('/api/admin/users?limit=50', { headers: { authorization: `Bearer ${adminToken}` } })
    ).json()
  ).users as { _id: string; email: string }[];
  const refundEmail = users.find((u) => u._id === REFUND_MEMBER_ID)!.email;
  const enterpriseEmail = users.find((u) => u._id === ENTERPRISE_MEMBER_ID)!.email;

  const bought = await buyPlan(request, refundEmail, 'growth');
  const asked = await request.post('/api/payments/refund-requests', {
    headers: bought.headers,
    data: { paymentId: bought.paymentId, reason: 'Chose the wrong plan' },
  });
  expect(asked.status()).toBe(201);
  await buyPlan(request, enterpriseEmail, 'enterprise');

  await signInAsAdmin(page);
  const nav = page.getByRole('navigation', { name: 'Admin' });

  // The refund queue: approve the request through the existing decision.
  await nav.getByRole('link', { name: 'Refunds' }).click();
  const item = page.getByRole('listitem', { name: new RegExp(`to ${refundEmail}, Requested`) });
  await expect(item).toContainText('Reason: Chose the wrong plan');
  await item.getByRole('button', { name: 'Approve refund…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Approve this refund?' });
  await dialog.getByRole('textbox', { name: 'Reason (kept in the audit log)' }).fill('Within 7 days');
  await dialog.getByRole('button', { name: 'Refund through Razorpay' }).click();
  await expect(dialog).toBeHidden();
  await expect(
    page.getByRole('listitem', { name: new RegExp(`to ${refundEmail}, Processing`) }),
  ).toBeVisible();

  // Payments: the member's payment with its invoice to download and the refund's state.
  await nav.getByRole('link', { name: 'Payments' }).click();
  await page.getByLabel('Member e-mail').fill(refundEmail);
  const row = page.getByRole('table', { name: 'Payments' }).getByRole('row').nth(1);
  await expect(row).toContainText(refundEmail);
  await expect(row).toContainText('Refund: Processing');
  await expect(row.getByRole('link', { name: /^Download invoice BA\// })).toHaveAttribute(
    'href',
    /^\/api\/payments\/invoices\/[0-9a-f-]+\.pdf$/,
  );

  // Revenue: the figures, both charts and the table of 12 months.
  await nav.getByRole('link', { name: 'Revenue' }).click();
  await expect(page.getByTestId('mrr-now')).toHaveText(/₹[1-9]/);
  await expect(page.getByRole('img', { name: /^Monthly recurring revenue,/ })).toBeVisible();
  await expect(page.getByRole('img', { name: /^Active subscribers per plan/ })).toBeVisible();
  await expect(page.getByRole('table', { name: 'By month' }).getByRole('row')).toHaveCount(13);

  // Enterprise: assign the admin as account manager.
  await nav.getByRole('link', { name: 'Enterprise' }).click();
  await page.getByRole('combobox', { name: `Account manager of ${enterpriseEmail}` }).click();
  await page.getByRole('option', { name: new RegExp(E2E_ADMIN.email.replace(/[.]/g, '\\.')) }).click();
  const assign = page.getByRole('dialog', { name: 'Assign account manager?' });
  await assign.getByRole('button', { name: 'Assign' }).click();
  await expect(assign).toBeHidden();

  // The member's dashboard shows the manager.
  const context = await browser.newContext();
  const member = await context.newPage();
  await member.goto('/login?redirect=%2Fdashboard');
  await member.getByLabel('Email').fill(enterpriseEmail);
  await member.getByRole('textbox', { name: 'Password' }).fill(DEMO_PASSWORD);
  await member.getByRole('button', { name: 'Sign in' }).click();
  const card = member.getByRole('region', { name: 'Your account manager' });
  await expect(card).toContainText(E2E_ADMIN.email);
  await context.close();

  // The four pages on a 360 px phone: nothing scrolls sideways.
  await page.setViewportSize({ width: 360, height: 740 });
  for (const [path, heading] of [
    ['/admin/payments', 'Payments'],
    ['/admin/refunds', 'Refunds'],
    ['/admin/revenue', 'Revenue'],
    ['/admin/enterprise', 'Enterprise accounts'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
    await expect(page.getByRole('status')).toHaveCount(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(360);
  }
});
