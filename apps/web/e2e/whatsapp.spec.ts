import {
  readWhatsappCode,
  signInInNewContext,
  signUpThroughApi,
  uniqueE2eEmail,
} from '@barterads/testing/e2e';
import { expect, test } from '@playwright/test';

/**
 * WhatsApp opt-in on a 360 px phone (issue 31): the settings section names BarterAds and WhatsApp, the number gets a
 * code over WhatsApp (the fake Cloud API the e2e server talks to), the code confirms it, and one click opts out.
 */
const PHONE = { width: 360, height: 740 };

test('a member opts in to WhatsApp deal updates on a phone, confirms the number with its code, and opts out', async ({
  browser,
  request,
}) => {
  const account = {
    email: uniqueE2eEmail('whatsapp'),
    password: 'whatsapp-e2e-password',
    userType: 'advertiser' as const,
    firstName: 'Asha',
    lastName: 'Kulkarni',
  };
  await signUpThroughApi(request, account);
  const { context, page } = await signInInNewContext(browser, account.email, account.password, '/settings', {
    viewport: PHONE,
  });
  const section = page.getByRole('region', { name: 'WhatsApp' });
  await section.scrollIntoViewIfNeeded();
  await expect(section.getByText(/Send deal updates to my WhatsApp/)).toBeVisible();
  await expect(section.getByText('Not set up')).toBeVisible();

  // A number that is not one: refused, nothing lost.
  const number = `9${String(Date.now()).slice(-9)}`;
  const field = section.getByLabel('WhatsApp number');
  await field.fill('12345');
  await section.getByRole('button', { name: 'Save and send code' }).click();
  await expect(section.getByRole('alert')).toContainText(/valid phone number/);
  await expect(field).toHaveValue('12345');

  await field.fill(number);
  await expect(section.getByLabel(/Deal updates/)).toBeChecked();
  await section.getByRole('button', { name: 'Save and send code' }).click();
  await expect(section.getByText(/We sent a 6-digit code to your WhatsApp/)).toBeVisible();
  let code: string | undefined;
  await expect
    .poll(async () => {
      code = await readWhatsappCode(`91${number}`);
      return code;
    })
    .toMatch(/^\d{6}$/);
  await section.getByLabel('Code from WhatsApp').fill(code!);
  await section.getByRole('button', { name: 'Confirm number' }).click();
  await expect(section.getByText('Confirmed')).toBeVisible();
  await expect(section.getByText('On', { exact: true })).toBeVisible();
  // The code message's state comes back from the (fake) status webhook.
  await expect(section.getByText('Confirmation code')).toBeVisible();

  // Nothing is cut or scrolls sideways at 360 px.
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);

  // One click opts out.
  await section.getByRole('button', { name: 'Stop all WhatsApp messages' }).click();
  await expect(section.getByText('Off', { exact: true })).toBeVisible();
  await expect(section.getByLabel(/Deal updates/)).not.toBeChecked();
  await context.close();
});
