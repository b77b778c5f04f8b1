import { DEMO_MEDIA_OWNER_EMAIL, DEMO_PASSWORD } from '@barterads/testing/e2e';
import { expect, test } from '@playwright/test';

test('the landing page renders from the built app', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page).toHaveTitle(/BarterAds/);
});

test('a protected route sends a visitor to /login and back after signing in, then logout', async ({
  page,
}) => {
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login\?redirect=/);
  await page.getByLabel('Email').fill(DEMO_MEDIA_OWNER_EMAIL);
  await page.getByRole('textbox', { name: 'Password' }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText('Welcome back, Aarav.')).toBeVisible();
  const cookies = await page.context().cookies();
  expect(cookies.find((c) => c.name === 'barterads_session')?.httpOnly).toBe(true);
  expect(await page.evaluate(() => Object.keys(localStorage))).not.toContain('token');
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
});

test('an unknown route shows the 404 page, with a 404 status; known routes answer 200', async ({ page }) => {
  const unknown = await page.goto('/no-such-page');
  expect(unknown?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  const nested = await page.goto('/dashboard/no-such-tab');
  expect(nested?.status()).toBe(404);
  for (const path of ['/marketplace?q=hoarding', '/login', '/dashboard/settings', '/admin/']) {
    const known = await page.request.get(path);
    expect(known.status(), path).toBe(200);
  }
});
