import { DEMO_ADVERTISER_EMAIL, DEMO_PASSWORD, E2E_ADMIN } from '@barterads/testing/e2e';
import { expect, test } from '@playwright/test';

test('an admin signs in to the admin app', async ({ page }) => {
  await page.goto('/admin/');
  await expect(page).toHaveURL(/\/admin\/login/);
  await page.getByLabel('Email').fill(E2E_ADMIN.email);
  await page.getByRole('textbox', { name: 'Password' }).fill(E2E_ADMIN.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: 'Overview' })).toBeVisible();
  await expect(page.getByText(`Signed in as ${E2E_ADMIN.email}`)).toBeVisible();
});

test('a signed-in non-admin sees "Not authorized" with a way out', async ({ page }) => {
  await page.goto('/admin/login');
  await page.getByLabel('Email').fill(DEMO_ADVERTISER_EMAIL);
  await page.getByRole('textbox', { name: 'Password' }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: 'Not authorized' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Go to BarterAds' })).toBeVisible();
  // "Sign in as someone else" signs out and shows the sign-in form at once, without a reload (issue 17).
  await page.getByRole('button', { name: 'Sign in as someone else' }).click();
  await expect(page).toHaveURL(/\/admin\/login/);
  await expect(page.getByRole('heading', { name: 'Not authorized' })).not.toBeAttached();
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  await page.getByLabel('Email').fill(E2E_ADMIN.email);
  await page.getByRole('textbox', { name: 'Password' }).fill(E2E_ADMIN.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: 'Overview' })).toBeVisible();
});
