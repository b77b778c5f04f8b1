import { MESSAGES } from '@barterads/core';
import {
  expectAppReady,
  mailCount,
  readMailedCode,
  signUpThroughApi,
  uniqueE2eEmail,
} from '@barterads/testing/e2e';
import { type APIRequestContext, expect, test } from '@playwright/test';

const PASSWORD = 'security-pass-1';

/** An advertiser made through the REST API (the sign-up form has its own spec). */
function createAccount(request: APIRequestContext, email: string): Promise<void> {
  return signUpThroughApi(request, {
    email,
    password: PASSWORD,
    userType: 'advertiser',
    firstName: 'Neha',
    lastName: 'Kulkarni',
  });
}

test.describe('account security on a phone', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test('forgot password: a mailed code and a new password, then sign in with it', async ({
    page,
    request,
  }) => {
    const email = uniqueE2eEmail('forgot');
    // Its own API context: the page stays signed out.
    await createAccount(request, email);
    await page.goto('/login');
    await expectAppReady(page);
    await page.getByRole('button', { name: 'Forgot password?' }).click();
    await expect(page.getByRole('heading', { name: 'Reset your password' })).toBeVisible();
    await page.getByRole('textbox', { name: 'Email' }).fill(email);
    const before = mailCount();
    await page.getByRole('button', { name: 'Send code' }).click();
    await expect(page.getByText(MESSAGES.resetCodeSent)).toBeVisible();
    const code = await readMailedCode(email, { after: before });
    await page.getByLabel('Code from the e-mail').fill(code);
    await page.getByRole('textbox', { name: 'New password' }).fill('reset-pass-2');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await expect(page.getByRole('status').filter({ hasText: MESSAGES.passwordReset })).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Email' })).toHaveValue(email);
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill('reset-pass-2');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test('e-mail change: current password, then the code sent to the new address', async ({
    page,
    request,
  }) => {
    const email = uniqueE2eEmail('mover');
    const newEmail = uniqueE2eEmail('moved');
    await createAccount(request, email);
    await page.goto('/login?redirect=%2Fsettings');
    await page.getByRole('textbox', { name: 'Email' }).fill(email);
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/settings$/);
    await expect(page.getByRole('textbox', { name: 'Email' })).toHaveValue(email);

    await page.getByRole('button', { name: 'Change email' }).click();
    const dialog = page.getByRole('dialog', { name: 'Change your email' });
    await dialog.getByLabel('New email').fill(newEmail);
    await dialog.getByLabel('Current password').fill('not-my-password');
    await dialog.getByRole('button', { name: 'Send code' }).click();
    await expect(dialog.getByRole('alert')).toHaveText(MESSAGES.currentPasswordWrong);
    await dialog.getByLabel('Current password').fill(PASSWORD);
    const before = mailCount();
    await dialog.getByRole('button', { name: 'Send code' }).click();
    await expect(dialog.getByText(MESSAGES.emailChangeSent)).toBeVisible();
    const code = await readMailedCode(newEmail, { after: before });
    await dialog.getByLabel('Code from the e-mail').fill(code);
    await dialog.getByRole('button', { name: 'Confirm new email' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('textbox', { name: 'Email' })).toHaveValue(newEmail);
    await page.reload();
    await expect(page.getByRole('textbox', { name: 'Email' })).toHaveValue(newEmail);
  });
});
