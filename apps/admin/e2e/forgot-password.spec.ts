import { MESSAGES } from '@barterads/core';
import { mailCount, readMailedCode, signUpThroughApi } from '@barterads/testing/e2e';
import { expect, test } from '@playwright/test';

test('forgot password on the admin sign-in page: code, new password, then sign in with it', async ({
  page,
  request,
}) => {
  const email = `admin-forgot-${Date.now()}@e2e.barterads.in`;
  // An account of its own (a non-admin: signing in then shows "Not authorized", which proves the new password).
  await signUpThroughApi(request, {
    email,
    password: 'first-pass-1',
    userType: 'media_owner',
    firstName: 'Om',
    lastName: 'Das',
  });

  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/admin/login');
  await page.getByRole('button', { name: 'Forgot password?' }).click();
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  const before = mailCount();
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(page.getByText(MESSAGES.resetCodeSent)).toBeVisible();
  const code = await readMailedCode(email, { after: before });
  await page.getByLabel('Code from the e-mail').fill(code);
  await page.getByRole('textbox', { name: 'New password' }).fill('second-pass-2');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByRole('status').filter({ hasText: MESSAGES.passwordReset })).toBeVisible();
  await page.getByRole('textbox', { name: 'Password' }).fill('second-pass-2');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: 'Not authorized' })).toBeVisible();
});
