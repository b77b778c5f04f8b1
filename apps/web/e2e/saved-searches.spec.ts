import {
  DEMO_PASSWORD,
  mailCount,
  readMail,
  signInThroughApi,
  signInThroughForm,
  signUpThroughApi,
  uniqueE2eEmail,
} from '@barterads/testing/e2e';
import { type APIRequestContext, expect, test } from '@playwright/test';

/** A demo advertiser no other suite signs in as (the seed's eighteenth user). */
const SAVER_EMAIL = 'meera.iyer18@demo.barterads.in';
const PHONE = { width: 360, height: 780 };

/** A fresh media owner through the REST API (a demo owner is at the free plan's two listings); answers a token. */
async function newMediaOwner(request: APIRequestContext): Promise<string> {
  const email = uniqueE2eEmail('alerts');
  await signUpThroughApi(request, {
    email,
    password: 'alerts-pass-1',
    userType: 'media_owner',
    firstName: 'Rahul',
    lastName: 'Menon',
  });
  return signInThroughApi(request, email, 'alerts-pass-1');
}

test('a member saves a marketplace search, a matching listing mails an instant alert, unsubscribe works signed out', async ({
  browser,
  request,
}) => {
  test.setTimeout(240_000);
  const word = `zinnia${Date.now().toString(36)}`;
  const name = `Alert ${word}`;
  const member = await browser.newContext({ viewport: PHONE });
  const page = await member.newPage();
  const visitor = await browser.newContext();
  try {
    await signInThroughForm(page, SAVER_EMAIL, DEMO_PASSWORD, '/dashboard');

    // Save this search, on a phone, alerting instantly.
    await page.goto(`/marketplace?q=${word}&city=Pune`);
    // On a phone the filters, and saving them, are behind one button (issue 35).
    await page.getByRole('button', { name: 'Filters (1)', exact: true }).click();
    await page.getByRole('button', { name: 'Save this search' }).click();
    const dialog = page.getByRole('dialog', { name: 'Save this search' });
    await dialog.getByLabel('Name').fill(name);
    await dialog.getByLabel('E-mail me new listings').selectOption('instant');
    await dialog.getByRole('button', { name: 'Save search' }).click();
    await expect(dialog.getByRole('status')).toContainText(`Saved “${name}”`);
    await dialog.getByRole('link', { name: 'Manage saved searches' }).click();
    await expect(page).toHaveURL(/\/dashboard\/saved-searches$/);
    const item = page.getByRole('listitem', { name });
    await expect(item).toContainText(`"${word}" · Pune`);
    await expect(item.getByRole('combobox', { name: `E-mail alerts for ${name}` })).toHaveValue('instant');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);

    // Another member posts a matching listing: the alert reaches the SMTP sink without anyone searching.
    const token = await newMediaOwner(request);
    const before = mailCount();
    const posted = await request.post('/api/barters', {
      headers: { authorization: `Bearer ${token}` },
      data: {
        title: `Hoarding ${word} on FC Road`,
        location: 'Pune, Maharashtra',
        city: 'Pune',
        description: 'Front-lit 40x20 hoarding facing two-way traffic.',
      },
    });
    expect(posted.status()).toBe(201);
    const mail = await readMail(SAVER_EMAIL, { after: before, timeoutMs: 60_000 });
    expect(mail).toContain(`Hoarding ${word} on FC Road`);
    const head = (mail.split(/\r?\n\r?\n/)[0] ?? '').replace(/\r?\n[ \t]+/g, ' ');
    expect(head).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
    expect(head).toMatch(/^List-Unsubscribe: <http:\/\/localhost:\d+\/api\/saved-searches\/unsubscribe\?id/m);
    // The link in the text is the header's (the mail catcher undoes quoted-printable in the text only).
    const link = /Stop these alerts with one click: (\S+)/.exec(mail)?.[1];
    expect(link).toMatch(/\/api\/saved-searches\/unsubscribe\?id=[0-9a-f-]{36}&sig=/);
    expect(head).toContain(`List-Unsubscribe: <${link}>`);

    // Signed out, Save this search asks to sign in.
    const signedOut = await visitor.newPage();
    await signedOut.goto(`/marketplace?q=${word}`);
    await signedOut.getByRole('button', { name: 'Save this search' }).click();
    await expect(signedOut.getByRole('dialog', { name: 'Sign in to save this search' })).toBeVisible();

    // The link, signed out: it asks, then unsubscribes.
    await signedOut.goto(link!);
    await expect(signedOut.getByRole('heading', { name: 'Stop these alerts?' })).toBeVisible();
    await expect(signedOut.getByText(name)).toBeVisible();
    await signedOut.getByRole('button', { name: 'Unsubscribe' }).click();
    await expect(signedOut.getByRole('heading', { name: 'Unsubscribed' })).toBeVisible();

    await page.reload();
    await expect(
      page.getByRole('listitem', { name }).getByRole('combobox', { name: `E-mail alerts for ${name}` }),
    ).toHaveValue('never');
  } finally {
    await member.close();
    await visitor.close();
  }
});
