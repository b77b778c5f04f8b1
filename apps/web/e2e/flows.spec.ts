import { MESSAGES } from '@barterads/core';
import {
  callsProcedure,
  DEMO_ADVERTISER_EMAIL,
  DEMO_PASSWORD,
  expectAppReady,
  mailCount,
  readMail,
  readMailedCode,
} from '@barterads/testing/e2e';
import {
  type APIRequestContext,
  expect,
  type Page,
  request as playwrightRequest,
  test,
} from '@playwright/test';

/** Issue 17's feedback and dead ends, at a phone's width and a desktop's. */

const WIDTHS = [
  { name: 'phone', width: 360, height: 740 },
  { name: 'desktop', width: 1366, height: 800 },
] as const;

function uniqueEmail(prefix: string): string {
  return `${prefix}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@e2e.barterads.in`;
}

/** An API client of its own (own cookies), sending the app's Origin as the browser would. */
async function apiClient(): Promise<APIRequestContext> {
  const baseURL = process.env.E2E_BASE_URL ?? '';
  return playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL } });
}

/** Creates an account through the API with its mailed code; answers its bearer token. */
async function apiSignup(
  api: APIRequestContext,
  email: string,
  userType: 'advertiser' | 'media_owner',
): Promise<string> {
  const before = mailCount();
  const sent = await api.post('/api/auth/send-email-otp', { data: { email } });
  expect(sent.status()).toBe(200);
  const { otp_token } = await sent.json();
  const code = await readMailedCode(email, { after: before });
  const verified = await api.post('/api/auth/verify-otp', { data: { otp_token, otp: code } });
  expect(verified.status()).toBe(200);
  const { proof_token } = await verified.json();
  const created = await api.post('/api/auth/signup', {
    headers: { authorization: `Bearer ${proof_token}` },
    data: {
      userType,
      email,
      password: 'flows-pass-1',
      firstName: 'Farah',
      lastName: 'Leaving',
      phoneNumber: '98765 43210',
      companyName: 'Leaving Media',
    },
  });
  expect(created.status()).toBe(201);
  return (await created.json()).token as string;
}

async function logIn(page: Page, email: string, password: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

test.describe('sign-up feedback', () => {
  test('a wrong code says how many tries are left, Resend waits out its cool-down, every outcome is said once', async ({
    page,
  }) => {
    await page.clock.install();
    await page.goto('/signup');
    await expectAppReady(page);
    // DPDP: the consent line links the Terms and the Privacy Policy.
    const form = page.getByRole('form', { name: 'Sign up' });
    await expect(form.getByRole('link', { name: 'Terms and Conditions' })).toHaveAttribute('href', '/terms');
    await expect(form.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute(
      'href',
      '/privacy-policy',
    );

    const email = uniqueEmail('tries');
    await page.getByRole('textbox', { name: 'Email' }).fill(email);
    const before = mailCount();
    await page.getByRole('button', { name: 'Send OTP' }).click();
    await expect(page.getByRole('status').filter({ hasText: MESSAGES.otpCheckMail })).toBeVisible();
    // Said once: no toast repeating the inline text.
    await expect(page.locator('.mantine-Notification-root')).toHaveCount(0);

    const resend = page.getByRole('button', { name: /^Resend/ });
    await expect(resend).toBeDisabled();
    await expect(resend).toHaveText(/^Resend in ([1-9]|[12]\d|30) s$/);

    const code = await readMailedCode(email, { after: before });
    await page.getByLabel('OTP').fill(code === '000000' ? '111111' : '000000');
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page.getByText('Wrong code. 4 tries left.')).toBeVisible();
    await expect(page.getByText(MESSAGES.otpInvalid)).toHaveCount(0);

    await page.clock.fastForward(31_000);
    await expect(resend).toBeEnabled();
    await expect(resend).toHaveText('Resend');
    // The new code's mail can land before the answer that brings its token (a busy machine, a slow phone): the
    // answer is held here until the mail is read. Until it comes, the field and Verify wait for it.
    let releaseAnswer = () => {};
    const answerHeld = new Promise<void>((resolve) => {
      releaseAnswer = resolve;
    });
    await page.route(callsProcedure('accounts.sendEmailOtp'), async (route) => {
      const response = await route.fetch();
      await answerHeld;
      await route.fulfill({ response });
    });
    const beforeResend = mailCount();
    await resend.click();
    await expect(resend).toBeDisabled();
    const fresh = await readMailedCode(email, { after: beforeResend });
    await expect(page.getByLabel('OTP')).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Verify' })).toBeDisabled();
    releaseAnswer();
    await expect(resend).toHaveText(/^Resend in ([1-9]|[12]\d|30) s$/);
    await page.getByLabel('OTP').fill(fresh);
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page.getByText(MESSAGES.otpVerified)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Complete Signup' })).toBeVisible();
  });

  test('a registered address is told by mail, and the page says the same as for any address', async ({
    page,
  }) => {
    await page.goto('/signup');
    await expectAppReady(page);
    await page.getByRole('textbox', { name: 'Email' }).fill(DEMO_ADVERTISER_EMAIL);
    const before = mailCount();
    await page.getByRole('button', { name: 'Send OTP' }).click();
    await expect(page.getByRole('status').filter({ hasText: MESSAGES.otpCheckMail })).toBeVisible();
    const mail = await readMail(DEMO_ADVERTISER_EMAIL, { after: before });
    expect(mail).toContain('You already have a BarterAds account');
    expect(mail).toContain('/login');
  });
});

for (const size of WIDTHS) {
  test.describe(`at ${size.width} px`, () => {
    test.use({ viewport: { width: size.width, height: size.height } });

    test('/dashboard/settings is the preferences page; /settings keeps the account; toasts clear the theme toggle', async ({
      page,
    }) => {
      await page.goto('/login');
      await expectAppReady(page);
      await logIn(page, DEMO_ADVERTISER_EMAIL, DEMO_PASSWORD);
      await expect(page).toHaveURL(/\/dashboard$/);

      await page.goto('/dashboard/settings');
      const main = page.getByRole('main');
      await expect(main.getByRole('heading', { name: 'Preferences', level: 1 })).toBeVisible();
      await expect(main.getByRole('heading', { name: 'Appearance' })).toBeVisible();
      await expect(main.getByRole('heading', { name: 'Notification e-mails' })).toBeVisible();
      await expect(main.getByRole('heading', { name: 'Business page' })).toBeVisible();
      // Not a copy of /settings: no profile, password, billing or data sections.
      await expect(main.getByRole('heading', { name: 'Change password' })).toHaveCount(0);
      await expect(main.getByRole('heading', { name: 'Profile' })).toHaveCount(0);

      // Appearance: choosing Dark switches the page and is remembered.
      await main.getByText('Dark', { exact: true }).click();
      await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
      expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('dark');
      await main.getByText('Light', { exact: true }).click();
      await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'light');

      const updates = main.getByLabel('Send important updates by email');
      await expect(updates).toBeEnabled();
      const wasChecked = await updates.isChecked();
      await updates.setChecked(!wasChecked);
      const toast = page.locator('.mantine-Notification-root').filter({ hasText: 'Preferences saved' });
      await expect(toast).toBeVisible();
      // The toast never covers the top bar's theme toggle (issue 17).
      const toggle = page.getByRole('button', { name: /Switch to (dark|light) theme/ });
      const [t, g] = [await toast.boundingBox(), await toggle.boundingBox()];
      expect(t && g).toBeTruthy();
      if (t && g) {
        const overlap =
          t.x < g.x + g.width && g.x < t.x + t.width && t.y < g.y + g.height && g.y < t.y + t.height;
        expect(overlap).toBe(false);
      }
      await page.reload();
      await expect(main.getByLabel('Send important updates by email')).toBeChecked({ checked: !wasChecked });
      await main.getByLabel('Send important updates by email').setChecked(wasChecked);
      await expect(main.getByLabel('Send important updates by email')).toBeChecked({ checked: wasChecked });

      await page.goto('/settings');
      await expect(page.getByRole('heading', { name: 'Change password' })).toBeVisible();
      await expect(page.getByLabel('Send important updates by email')).toHaveCount(0);
      await expect(page.getByRole('link', { name: 'Open preferences' })).toHaveAttribute(
        'href',
        '/dashboard/settings',
      );
      // A member on their own settings page is not invited to sign up.
      await expect(page.getByRole('heading', { name: 'Ready to trade without cash?' })).toHaveCount(0);
      await expect(page.getByRole('link', { name: 'Start Trading Now' })).toHaveCount(0);
      // Nor anywhere else: How it Works offers the dashboard, and the landing page's links skip /signup.
      await page.goto('/how-it-works');
      await expect(page.getByRole('main').getByRole('link', { name: 'Go to your dashboard' })).toBeVisible();
      await expect(page.locator('a[href="/signup"]')).toHaveCount(0);
      await page.goto('/');
      await expect(page.getByRole('link', { name: 'Browse All Opportunities' })).toHaveAttribute(
        'href',
        '/marketplace',
      );
      await expect(page.getByRole('button', { name: /Account menu|Open menu/ }).first()).toBeVisible();
      await expect(page.locator('a[href="/signup"]')).toHaveCount(0);
    });

    test('signed out, "Message" explains and opens the conversation after sign-in', async ({ page }) => {
      await page.goto('/marketplace?view=media_owner');
      const card = page.getByTestId('listing-grid').getByRole('article').first();
      const title = ((await card.getByRole('heading').first().textContent()) ?? '').trim();
      await card.getByRole('button', { name: 'Message' }).click();
      const dialog = page.getByRole('dialog', { name: 'Sign in to send a message' });
      await expect(dialog).toBeVisible();
      await expect(dialog).toContainText('conversation');
      // Both buttons fit their words at a phone's width.
      for (const name of ['Sign In', 'Create Account']) {
        const button = dialog.getByRole('link', { name });
        await expect(button).toBeVisible();
        expect(await button.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
      }
      await dialog.getByRole('link', { name: 'Sign In' }).click();
      await expect(page).toHaveURL(/\/login\?redirect=/);
      await logIn(page, DEMO_ADVERTISER_EMAIL, DEMO_PASSWORD);
      await expect(page).toHaveURL(/\/dashboard\/messages\?c=/);
      await expect(page.getByText(`About: ${title}`)).toBeVisible();
      await expect(page.getByRole('textbox', { name: 'Message' })).toBeEnabled();
    });
  });
}

test('landing: Contact Now reaches the listing owner, Browse All Opportunities the marketplace', async ({
  page,
}) => {
  await page.goto('/');
  const featured = page.getByRole('region', { name: 'Featured Opportunities' });
  await expect(featured.getByRole('link', { name: 'Browse All Opportunities' })).toHaveAttribute(
    'href',
    '/marketplace',
  );
  const contact = featured.getByRole('button', { name: 'Contact Now' }).first();
  await expect(contact).toBeEnabled();
  await expect(featured.locator('a[href="/contact"]')).toHaveCount(0);
  await contact.click();
  await expect(page.getByRole('dialog', { name: 'Sign in to send a message' })).toBeVisible();
});

test("a deleted member's conversation disables the composer and says why", async ({ page }) => {
  const leaving = await apiClient();
  const leavingToken = await apiSignup(leaving, uniqueEmail('leaving'), 'media_owner');
  const listing = await leaving.post('/api/barters', {
    headers: { authorization: `Bearer ${leavingToken}` },
    data: {
      title: `Bus shelters ${Date.now()}`,
      location: 'Pune, Maharashtra',
      description: 'Six bus shelters on FC Road.',
      category: 'transit',
    },
  });
  expect(listing.status()).toBe(201);
  const barterId = ((await listing.json()).barter._id ?? (await listing.json())._id) as string;

  await page.goto('/login');
  await expectAppReady(page);
  await logIn(page, DEMO_ADVERTISER_EMAIL, DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/dashboard$/);
  const opened = await page.request.post('/api/conversations', {
    headers: { origin: process.env.E2E_BASE_URL ?? '' },
    data: { barterId, text: 'Are the shelters free in May?' },
  });
  expect(opened.status()).toBe(201);
  const conversationId = (await opened.json()).conversation._id as string;

  const erased = await leaving.delete('/api/auth/me', {
    headers: { authorization: `Bearer ${leavingToken}` },
    data: { password: 'flows-pass-1' },
  });
  expect(erased.status()).toBe(200);
  await leaving.dispose();

  await page.goto(`/dashboard/messages?c=${conversationId}`);
  await expect(page.getByText('This member deleted their account')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Message' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Send' })).toBeDisabled();
  // The history stays readable.
  await expect(page.getByTestId('message').getByText('Are the shelters free in May?')).toBeVisible();
});
