import {
  loginThroughApi,
  readWhatsappCode,
  signInInNewContext,
  signUpThroughApi,
  uniqueE2eEmail,
  whatsappMessagesTo,
} from '@barterads/testing/e2e';
import { type APIRequestContext, expect, test } from '@playwright/test';

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

/** A member's WhatsApp number confirmed through the API, with the code the fake Cloud API received. */
async function confirmWhatsapp(request: APIRequestContext, token: string, number: string): Promise<void> {
  const headers = { authorization: `Bearer ${token}` };
  const saved = await request.put('/api/auth/me/whatsapp', {
    headers,
    data: { phoneNumber: number, dealUpdates: true, matchAlerts: false },
  });
  expect(saved.status()).toBe(200);
  const { otp_token } = (await saved.json()) as { otp_token: string };
  let code: string | undefined;
  await expect
    .poll(async () => {
      code = await readWhatsappCode(`91${number}`);
      return code;
    })
    .toMatch(/^\d{6}$/);
  const confirmed = await request.post('/api/auth/me/whatsapp/confirm', {
    headers,
    data: { otp_token, otp: code },
  });
  expect(confirmed.status()).toBe(200);
}

interface TemplateButton {
  type: string;
  sub_type?: string;
  parameters?: Array<{ text?: string; payload?: string }>;
}

test("a WhatsApp offer's one-tap link opens its own deal on a phone and no other; the deal page offers the opt-in", async ({
  browser,
  request,
}) => {
  const password = 'whatsapp-e2e-password';
  const owner = {
    email: uniqueE2eEmail('wa-owner'),
    password,
    userType: 'media_owner' as const,
    firstName: 'Meera',
    lastName: 'Joshi',
  };
  const brand = {
    email: uniqueE2eEmail('wa-brand'),
    password,
    userType: 'advertiser' as const,
    firstName: 'Kabir',
    lastName: 'Shah',
  };
  await signUpThroughApi(request, owner);
  await signUpThroughApi(request, brand);
  const o = await loginThroughApi(request, owner.email, password);
  const b = await loginThroughApi(request, brand.email, password);
  const ownerNumber = `8${String(Date.now()).slice(-9)}`;
  await confirmWhatsapp(request, o.token, ownerNumber);

  const posted = await request.post('/api/barters', {
    headers: { authorization: `Bearer ${o.token}` },
    data: {
      title: 'Andheri flyover hoarding',
      description: 'Front-lit 40x20 hoarding facing the Western Express Highway.',
      city: 'Mumbai',
      category: 'outdoor',
      rateInr: 60_000,
      unit: 'month',
    },
  });
  expect(posted.status()).toBe(201);
  const listingId = ((await posted.json()) as { barter: { _id: string } }).barter._id;
  // Two offers to the owner: two deals, two WhatsApp messages, each with its own link.
  const offer = async (title: string) => {
    const made = await request.post('/api/deals', {
      headers: { authorization: `Bearer ${b.token}` },
      data: {
        listingId,
        items: [
          { giverId: o.id, listingId, title, quantity: 1, unit: 'month', valueInr: 60_000 },
          { giverId: b.id, title: 'Sampling boxes', quantity: 20, unit: 'event', valueInr: 55_000 },
        ],
      },
    });
    expect(made.status()).toBe(201);
    return ((await made.json()) as { deal: { _id: string } }).deal._id;
  };
  const diwali = await offer('Hoarding for the Diwali sale');
  const monsoon = await offer('Hoarding for the monsoon sale');
  const offers = async () =>
    (await whatsappMessagesTo(`91${ownerNumber}`)).filter(
      (m) => m.body.template?.name === 'barterads_offer_received',
    );
  await expect.poll(async () => (await offers()).length, { timeout: 30_000 }).toBe(2);
  const linkOf = async (dealId: string) => {
    const message = (await offers()).find((m) =>
      (m.body.template?.components as TemplateButton[] | undefined)?.some(
        (c) => c.sub_type === 'quick_reply' && c.parameters?.[0]?.payload === `view:${dealId}`,
      ),
    );
    const button = (message?.body.template?.components as TemplateButton[] | undefined)?.find(
      (c) => c.sub_type === 'url',
    );
    return button?.parameters?.[0]?.text ?? '';
  };
  const token = await linkOf(diwali);
  expect(token).toMatch(/^[\w-]{40,}$/);

  // The owner's phone, not signed in: the link shows that deal (its items), nothing of the other.
  const phone = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true });
  const page = await phone.newPage();
  await page.goto(`/w/${token}`);
  await expect(page.getByRole('heading', { name: 'Deal with Kabir Shah' })).toBeVisible();
  await expect(page.getByText(/You give: Hoarding for the Diwali sale/)).toBeVisible();
  await expect(page.getByText(/monsoon/)).toHaveCount(0);
  // A link changed by one character opens nothing.
  const changed = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
  const other = await phone.newPage();
  await other.goto(`/w/${changed}`);
  await expect(other.getByText('This link does not open a deal')).toBeVisible();
  await expect(other.getByText(/Diwali|monsoon/)).toHaveCount(0);
  await other.close();

  // Signing in from it lands on that deal's page with the accept dialog ready: nothing is accepted unseen.
  await page.getByRole('button', { name: 'Sign in to review and accept' }).click();
  await page.getByLabel('Email').fill(owner.email);
  await page.getByRole('textbox', { name: 'Password' }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL((url) => url.pathname === `/dashboard/deals/${diwali}`);
  const dialog = page.getByRole('dialog', { name: 'Accept version 1?' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByText('Hoarding for the Diwali sale').first()).toBeVisible();
  await expect(page.getByText(/monsoon/)).toHaveCount(0);
  // The deal page's WhatsApp opt-in, already on for this member.
  await expect(page.getByRole('checkbox', { name: 'Send deal updates to my WhatsApp' })).toBeChecked();
  // Signed in, the other deal's link opens the other deal, and this one still only its own.
  await page.goto(`/w/${await linkOf(monsoon)}`);
  await expect(page).toHaveURL((url) => url.pathname === `/dashboard/deals/${monsoon}`);
  await page.goto(`/w/${token}`);
  await expect(page).toHaveURL((url) => url.pathname === `/dashboard/deals/${diwali}`);
  await phone.close();

  // Someone else signed in on a phone: the owner's link is not theirs to act on; it goes nowhere else.
  const { context: brandPhone, page: brandPage } = await signInInNewContext(
    browser,
    brand.email,
    password,
    `/dashboard/deals/${diwali}`,
    { viewport: PHONE, isMobile: true, hasTouch: true },
  );
  // The brand opts in from the deal page: ticking asks for the number and the code sent over WhatsApp.
  const optIn = brandPage.getByRole('checkbox', { name: 'Send deal updates to my WhatsApp' });
  await expect(optIn).not.toBeChecked();
  await optIn.check();
  const brandNumber = `7${String(Date.now()).slice(-9)}`;
  await brandPage.getByLabel('WhatsApp number').fill(brandNumber);
  await brandPage.getByRole('button', { name: 'Send code' }).click();
  let code: string | undefined;
  await expect
    .poll(async () => {
      code = await readWhatsappCode(`91${brandNumber}`);
      return code;
    })
    .toMatch(/^\d{6}$/);
  await brandPage.getByLabel('Code from WhatsApp').fill(code!);
  await brandPage.getByRole('button', { name: 'Confirm number' }).click();
  await expect(
    brandPage.getByText(`BarterAds sends WhatsApp messages about your deals to +91${brandNumber}`),
  ).toBeVisible();
  await expect(optIn).toBeChecked();
  const overflow = await brandPage.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);

  await brandPage.goto(`/w/${token}`);
  await expect(brandPage.getByText(/sent to another BarterAds account/)).toBeVisible();
  expect(new URL(brandPage.url()).pathname).toBe(`/w/${token}`);
  await brandPhone.close();
});
