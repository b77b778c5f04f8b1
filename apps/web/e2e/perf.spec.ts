import { DEMO_MEDIA_OWNER_EMAIL, DEMO_PASSWORD, expectAppReady } from '@barterads/testing/e2e';
import { expect, test } from '@playwright/test';

// Issue 9 keeps the landing page light by loading some UI on first use; these check that it still arrives.

test('the landing page sends compressed assets and its sign-in modal loads on first use', async ({
  page,
}) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const entry = await page.evaluate(
    () => document.querySelector<HTMLScriptElement>('script[type="module"]')?.src,
  );
  expect(entry).toBeTruthy();
  const brotli = await page.request.get(entry!, { headers: { 'accept-encoding': 'br, gzip' } });
  expect(brotli.headers()['content-encoding']).toBe('br');
  const gzip = await page.request.get(entry!, { headers: { 'accept-encoding': 'gzip' } });
  expect(gzip.headers()['content-encoding']).toBe('gzip');
  await page.getByRole('button', { name: 'Start Trading Now' }).click();
  const dialog = page.getByRole('dialog', { name: 'Sign in to continue' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('link', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/login/);
});

test('a signed-in visitor gets the account menu in the site header', async ({ page }) => {
  await page.goto('/login');
  await expectAppReady(page);
  await page.getByLabel('Email').fill(DEMO_MEDIA_OWNER_EMAIL);
  await page.getByRole('textbox', { name: 'Password' }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).not.toHaveURL(/\/login/);
  await page.goto('/about');
  await expect(
    page
      .getByRole('banner')
      .getByRole('button', { name: /account/i })
      .first(),
  ).toBeVisible();
});
