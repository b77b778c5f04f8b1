import { E2E_ADMIN, type E2eAccount, signUpThroughApi, uniqueE2eEmail } from '@barterads/testing/e2e';
import { expect, type Page, test } from '@playwright/test';

async function signIn(page: Page, email: string, password: string) {
  await page.goto('/admin/login');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('textbox', { name: 'Password' }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

function account(prefix: string, firstName: string): E2eAccount {
  return {
    email: uniqueE2eEmail(prefix),
    password: 'broker-e2e-password',
    userType: 'advertiser',
    firstName,
    lastName: 'Desk',
  };
}

test('an admin makes a user a broker, who reaches the trade desk only; a plain user is turned away', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(240_000);
  const broker = account('broker', 'Tara');
  const plain = account('plain', 'Paras');
  // Through a request context of their own: a sign-up signs in, which the admin's page must not share.
  await signUpThroughApi(request, broker);
  await signUpThroughApi(request, plain);

  // The admin gives the role from the Users page (a switch per user), and the change is in Activity.
  await signIn(page, E2E_ADMIN.email, E2E_ADMIN.password);
  await expect(page.getByRole('heading', { name: 'Overview' })).toBeVisible();
  await page.goto(`/admin/users?q=${encodeURIComponent(broker.email)}`);
  await expect(page.getByText('Showing 1 user(s)')).toBeVisible();
  const row = page.getByRole('row', { name: new RegExp(broker.email) });
  const toggle = row.getByRole('switch', { name: `Broker role for ${broker.email}` });
  await expect(toggle).not.toBeChecked();
  await toggle.click({ force: true });
  await expect(page.getByText('Tara Desk is now a broker: the trade desk is open to them.')).toBeVisible();
  await expect(toggle).toBeChecked();
  await expect(row.getByText('broker', { exact: true })).toBeVisible();
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Activity' }).click();
  await expect(page.getByText('Broker role changed').first()).toBeVisible();

  // The broker signs in to the admin app: the trade desk, and nothing else in the sidebar or by address.
  const brokerContext = await browser.newContext();
  const brokerPage = await brokerContext.newPage();
  await signIn(brokerPage, broker.email, broker.password);
  await expect(brokerPage.getByRole('heading', { name: 'Trade desk' })).toBeVisible();
  await expect(brokerPage).toHaveURL(/\/admin\/trade-desk$/);
  const nav = brokerPage.getByRole('navigation', { name: 'Admin' });
  await expect(nav.getByRole('link')).toHaveCount(1);
  await expect(nav.getByRole('link', { name: 'Trade desk' })).toBeVisible();
  await expect(brokerPage.getByRole('heading', { name: 'Needs with no match' })).toBeVisible();
  await brokerPage.goto('/admin/users');
  await expect(brokerPage).toHaveURL(/\/admin\/trade-desk$/);
  await expect(brokerPage.getByRole('heading', { name: 'Trade desk' })).toBeVisible();
  // The server refuses the broker the admin procedures whatever the app shows.
  expect((await brokerPage.request.get('/api/admin/users')).status()).toBe(403);
  expect((await brokerPage.request.get('/api/admin/trade-desk')).status()).toBe(200);
  await brokerContext.close();

  // A signed-in user who is neither admin nor broker is not let in, the desk's address included.
  const plainContext = await browser.newContext();
  const plainPage = await plainContext.newPage();
  await signIn(plainPage, plain.email, plain.password);
  await expect(plainPage.getByRole('heading', { name: 'Not authorized' })).toBeVisible();
  await plainPage.goto('/admin/trade-desk');
  await expect(plainPage.getByRole('heading', { name: 'Not authorized' })).toBeVisible();
  await expect(plainPage.getByRole('heading', { name: 'Trade desk' })).not.toBeAttached();
  expect((await plainPage.request.get('/api/admin/trade-desk')).status()).toBe(403);
  await plainContext.close();

  // Taken back: the broker's next visit is turned away too.
  await page.goto(`/admin/users?q=${encodeURIComponent(broker.email)}`);
  await expect(toggle).toBeChecked();
  await toggle.click({ force: true });
  await expect(toggle).not.toBeChecked();
  const again = await browser.newContext();
  const againPage = await again.newPage();
  await signIn(againPage, broker.email, broker.password);
  await expect(againPage.getByRole('heading', { name: 'Not authorized' })).toBeVisible();
  await again.close();
});
