import {
  e2eRazorpay,
  signInInNewContext,
  signInThroughApi,
  signUpThroughApi,
  uniqueE2eEmail,
} from '@barterads/testing/e2e';
import { expect, test } from '@playwright/test';

/**
 * /settings' Webhooks section on a phone (issue 29): a Professional member adds an endpoint, copies the secret
 * shown once, sends a test event and reads its delivery, rotates the secret. The e2e server runs in production
 * mode, so the endpoint is https on a public name; that name does not resolve here, so the test delivery fails
 * and the list says why.
 */
test('a Professional member manages a webhook endpoint at 360 px', async ({ browser, request }) => {
  const account = {
    email: uniqueE2eEmail('webhooks'),
    password: 'webhooks-e2e-1',
    userType: 'media_owner' as const,
    firstName: 'Anaya',
    lastName: 'Rao',
  };
  await signUpThroughApi(request, account);
  const token = await signInThroughApi(request, account.email, account.password);
  const auth = { authorization: `Bearer ${token}` };
  // Professional, bought as a member buys it: the order, the (fake) checkout's signed answer, its verification.
  const order = await request.post('/api/payments/create-order', {
    headers: auth,
    data: { planId: 'professional', period: 'monthly' },
  });
  expect(order.status()).toBe(200);
  const orderId = (await order.json()).order.id as string;
  const paid = await fetch(`${e2eRazorpay().url}/_fake/checkout/pay`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ order_id: orderId }),
  });
  const signed = (await paid.json()).response;
  expect((await request.post('/api/payments/verify', { headers: auth, data: signed })).status()).toBe(200);

  const { page, context } = await signInInNewContext(browser, account.email, account.password, '/dashboard', {
    viewport: { width: 360, height: 780 },
    isMobile: true,
    hasTouch: true,
  });
  await page.goto('/settings#webhooks');
  const section = page.getByRole('region', { name: 'Webhooks' });
  await expect(section.getByLabel('Endpoint URL')).toBeVisible({ timeout: 30_000 });

  // Bad input is refused in words and kept in the field.
  await section.getByLabel('Endpoint URL').fill('http://hooks.partner.example/barterads');
  await section.getByRole('button', { name: 'Add endpoint' }).click();
  await expect(section.getByRole('alert')).toContainText('must use https');
  await expect(section.getByLabel('Endpoint URL')).toHaveValue('http://hooks.partner.example/barterads');

  await section.getByLabel('Endpoint URL').fill('https://hooks.partner.example/barterads');
  await section.getByRole('button', { name: 'Add endpoint' }).click();
  const secret = section.getByTestId('webhook-secret');
  await expect(secret).toHaveText(/^whsec_[0-9a-f]{64}$/);
  const endpoints = section.getByRole('list', { name: 'Your webhook endpoints' });
  await expect(endpoints.getByRole('listitem')).toHaveCount(1);
  await expect(endpoints).toContainText('https://hooks.partner.example/barterads');
  await expect(endpoints).toContainText('deal.proposed, deal.accepted');

  // A test event: tried once; the name does not resolve here, so it fails and says so.
  await endpoints.getByRole('button', { name: 'Send test event' }).click();
  const deliveries = section.getByRole('list', {
    name: 'Deliveries to https://hooks.partner.example/barterads',
  });
  await expect(deliveries.getByRole('listitem')).toHaveCount(1);
  await expect(deliveries).toContainText('webhook.test');
  await expect(deliveries).toContainText('failed', { timeout: 20_000 });
  await expect(deliveries.getByRole('button', { name: /^Resend webhook\.test/ })).toBeEnabled();

  // Rotation shows a new secret once; the old one still signs for 24 hours.
  const first = await secret.textContent();
  page.once('dialog', (dialog) => dialog.accept());
  await endpoints.getByRole('button', { name: 'Rotate secret' }).click();
  await expect(secret).not.toHaveText(first ?? '');
  await expect(secret).toHaveText(/^whsec_/);
  await expect(endpoints).toContainText('The previous secret also signs until');

  // Nothing is cut off or scrolls sideways at 360 px.
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);

  page.once('dialog', (dialog) => dialog.accept());
  await endpoints
    .getByRole('button', { name: 'Delete endpoint https://hooks.partner.example/barterads' })
    .click();
  await expect(section.getByText('No endpoints yet.')).toBeVisible();
  await context.close();
});
