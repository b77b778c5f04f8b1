import { DEMO_PASSWORD, placesWhileArriving, signInInNewContext } from '@barterads/testing/e2e';
import { type Browser, expect, type Page, test } from '@playwright/test';

/**
 * Demo users no other suite signs in as (the seed's ninth and tenth), so this suite's deals and their thread in
 * Messages disturb no other test: the media owner Ishaan Mehta (Mehta Media Pvt Ltd) with the listing n = 8, and
 * the advertiser Sneha Rao (Rao Brands Pvt Ltd).
 */
const OWNER_EMAIL = 'ishaan.mehta9@demo.barterads.in';
const ADVERTISER_EMAIL = 'sneha.rao10@demo.barterads.in';
const OWNER_LISTING_ID = '00000000-0000-4000-8200-000000000009';
const PHONE = { width: 390, height: 844 };

const signIn = (browser: Browser, email: string, viewport?: { width: number; height: number }) =>
  signInInNewContext(browser, email, DEMO_PASSWORD, '/dashboard/deals', viewport ? { viewport } : {});

/** Downloads the deal letter from the deal page and answers its file name and first bytes. */
async function downloadLetter(page: Page) {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Download the deal letter (PDF)' }).click(),
  ]);
  const stream = await download.createReadStream();
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return { name: download.suggestedFilename(), head: Buffer.concat(chunks).subarray(0, 5).toString() };
}

test('an advertiser proposes from a listing, the media owner counters on a phone, the advertiser accepts and pays commission; both get the letter', async ({
  browser,
}) => {
  // Two people, three versions, two letters and a checkout: a long flow, over a minute on a busy 2-core machine.
  test.setTimeout(300_000);
  const advertiser = await signIn(browser, ADVERTISER_EMAIL);
  const owner = await signIn(browser, OWNER_EMAIL, PHONE);
  try {
    // Nothing yet: the empty state.
    await expect(owner.page.getByText('No deals yet.')).toBeVisible();

    // Propose from the listing page: what you get is the listing, what you give one of your own listings.
    await advertiser.page.goto(`/listings/${OWNER_LISTING_ID}`);
    await advertiser.page.getByRole('button', { name: 'Propose a deal' }).click();
    const form = advertiser.page.getByRole('form', { name: 'Send the offer' });
    await expect(form).toBeVisible();
    const values = form.getByRole('textbox', { name: 'Value (₹)' });
    await values.nth(0).fill('40000');
    await form.getByRole('textbox', { name: 'What' }).nth(1).fill('Sampling at 10 stores');
    await values.nth(1).fill('35000');
    await expect(form.getByLabel('Totals')).toContainText('Difference: ₹5,000 in your favour');
    await form.getByRole('textbox', { name: 'Message (optional)' }).fill('Your banner for our sampling?');
    await form.getByRole('button', { name: 'Send the offer' }).click();
    await expect(advertiser.page).toHaveURL(/\/dashboard\/deals\/[0-9a-f-]{36}$/);
    const dealUrl = new URL(advertiser.page.url()).pathname;
    await expect(advertiser.page.getByText('Waiting for Mehta Media Pvt Ltd.')).toBeVisible();

    // The owner, on a phone, sees what awaits them and counters.
    await owner.page.goto('/dashboard/deals?status=awaiting');
    await owner.page.getByRole('link', { name: 'Deal with Rao Brands Pvt Ltd' }).click();
    await expect(owner.page.getByText('Your answer is awaited.')).toBeVisible();
    await owner.page.getByRole('button', { name: 'Counter' }).click();
    const counter = owner.page.getByRole('form', { name: 'Send version 2' });
    // In the counter, "you get" is what the advertiser gives.
    await counter.getByRole('textbox', { name: 'Value (₹)' }).nth(0).fill('38000');
    await counter.getByRole('button', { name: 'Send version 2' }).click();
    await expect(owner.page.getByText('Waiting for Rao Brands Pvt Ltd.')).toBeVisible();
    const width = await owner.page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(PHONE.width);

    // The advertiser sees version 2, with the change marked, and accepts it.
    await advertiser.page.reload();
    const versions = advertiser.page.getByLabel('Versions');
    await expect(versions.getByText(/Version 2 · Mehta Media Pvt Ltd/)).toBeVisible();
    await expect(versions.getByText('changed')).toBeVisible();
    await advertiser.page.getByRole('button', { name: 'Accept version 2' }).click();
    // Accepting asks once, naming what it commits to.
    const confirm = advertiser.page.getByRole('dialog', { name: 'Accept version 2?' });
    await expect(confirm).toContainText('Accepting fixes these terms');
    await confirm.getByRole('button', { name: 'Accept version 2' }).click();
    await expect(advertiser.page.getByText(/^BA-\d{4}-\d{6}$/)).toBeVisible();
    const letter = await downloadLetter(advertiser.page);
    expect(letter.name).toMatch(/^BA-\d{4}-\d{6}\.pdf$/);
    expect(letter.head).toBe('%PDF-');

    // The advertiser pays its commission through checkout (the fake's double succeeds).
    await advertiser.page.getByRole('button', { name: /^Pay commission ₹[\d,]+$/ }).click();
    await expect(advertiser.page.getByText('Payment successful!').first()).toBeVisible();
    await expect(advertiser.page.getByText(/Your commission: .* · paid$/)).toBeVisible();
    await expect(advertiser.page.getByRole('button', { name: /^Pay commission/ })).toHaveCount(0);
    // Its GST invoice is in the payment history.
    await advertiser.page.goto('/settings');
    const commissionInvoices = advertiser.page.getByRole('region', { name: 'Deal commission invoices' });
    await expect(commissionInvoices.getByRole('link', { name: /^Download invoice BA\// })).toBeVisible();
    await advertiser.page.goto(dealUrl);

    // The deal's thread in Messages carries each step.
    await advertiser.page.getByRole('link', { name: "Open the deal's conversation in Messages" }).click();
    const log = advertiser.page.getByRole('log', { name: 'Messages' });
    await expect(log.getByText('Proposed a deal (version 1): Your banner for our sampling?')).toBeVisible();
    await expect(log.getByText(/Accepted version 2: deal BA-\d{4}-\d{6}/)).toBeVisible();

    // The owner gets the same letter, from a page that holds still as it loads on a phone, opened either way: what
    // stands above the link comes with the page. The payment settings came after it and drew Pay commission above the
    // link (40 px), so a tap pressed on the link and let go on the button, and no letter came.
    const letterLink = owner.page.getByRole('link', { name: 'Download the deal letter (PDF)' });
    const opens = {
      'from the deals list': async () => {
        await owner.page.goto('/dashboard/deals');
        await owner.page.locator(`a[href$="${dealUrl}"]`).click();
      },
      'by its address': () => owner.page.goto(dealUrl),
    };
    for (const [how, open] of Object.entries(opens)) {
      const places = await placesWhileArriving(owner.page, /\/trpc\/[^?]*payments\.config/, {
        open,
        target: letterLink,
        done: owner.page.getByRole('button', { name: /^Pay commission/ }),
        place: () => letterLink.evaluate((link) => link.getBoundingClientRect().top + window.scrollY),
      });
      // Within 2 px: the header settles by a pixel as the app takes over the page.
      expect(
        Math.max(...places) - Math.min(...places),
        `the link's places, opened ${how}: ${places.join(', ')}`,
      ).toBeLessThanOrEqual(2);
    }
    await expect(owner.page.getByText('Accepted', { exact: true })).toBeVisible();
    const ownerLetter = await downloadLetter(owner.page);
    expect(ownerLetter.name).toBe(letter.name);

    // The overview counts this month's deal against the plan (no plan: the free allowance of 2).
    await owner.page.goto('/dashboard');
    const deals = owner.page.getByRole('region', { name: 'Deals' });
    await expect(deals).toContainText('This month: 1 of 2 accepted deals (Free)');
    await expect(deals.getByRole('link', { name: 'Active deals' })).toBeVisible();
  } finally {
    await advertiser.context.close();
    await owner.context.close();
  }
});

test('on a 360 px phone, a marketplace card proposes a deal on its listing, prefilled, and two cards still fit the screen', async ({
  browser,
}) => {
  const advertiser = await signIn(browser, ADVERTISER_EMAIL, { width: 360, height: 740 });
  try {
    const { page } = advertiser;
    await page.goto('/marketplace?view=media_owner');
    const card = page.getByTestId('listing-grid').getByRole('article').first();
    await expect(card).toBeVisible();
    const title = ((await card.getByRole('heading').first().textContent()) ?? '').trim();
    const buttons = card.getByRole('button', { name: 'Propose a deal' });
    await expect(buttons).toBeEnabled();
    // Every action on the card's one row, none cut short, and two cards fit a 740 px screen.
    for (const action of await card.locator(':is(a, button)').all()) {
      expect(await action.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    }
    const box = await card.boundingBox();
    expect(box!.height * 2).toBeLessThanOrEqual(740);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

    await buttons.click();
    const form = page.getByRole('form', { name: 'Send the offer' });
    await expect(form).toBeVisible();
    // What you get is the card's listing.
    await expect(form.getByRole('textbox', { name: 'What' }).nth(0)).toHaveValue(title);
    await page.keyboard.press('Escape');
    await expect(form).toBeHidden();
  } finally {
    await advertiser.context.close();
  }
});
