import {
  DEMO_MEDIA_OWNER_EMAIL,
  DEMO_PASSWORD,
  demoListingId,
  expectPageLoaded,
  layoutShifts,
  loginThroughApi,
  rememberColorScheme,
  signUpThroughApi,
  TINY_PNG,
  uniqueE2eEmail,
} from '@barterads/testing/e2e';
import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test';

/**
 * Issue 35: a whole barter on a phone. Each test is one of its items, at the width where it was seen (360 px unless
 * said otherwise), with demo members no other suite uses (the seed's 3rd, 6th, 8th, 13th-16th, 21st and 22nd).
 */
const PHONE = { width: 360, height: 740 };
const DESKTOP = { width: 1366, height: 900 };
const SESSION_COOKIE = 'barterads_session';

interface Member {
  token: string;
  id: string;
}

const login = (request: APIRequestContext, email: string): Promise<Member> =>
  loginThroughApi(request, email, DEMO_PASSWORD);
const listingId = demoListingId;

const auth = (member: Member) => ({ authorization: `Bearer ${member.token}` });

/** A member's own browser, signed in by their session cookie, at a width (and colour scheme). */
async function browse(
  browser: Browser,
  member: Member,
  viewport = PHONE,
  scheme: 'light' | 'dark' = 'light',
): Promise<Page> {
  const context = await browser.newContext({
    viewport,
    ...(viewport.width < 500 ? { isMobile: true, hasTouch: true } : {}),
  });
  const base = test.info().project.use.baseURL!;
  await context.addCookies([{ name: SESSION_COOKIE, value: member.token, url: base }]);
  if (scheme === 'dark') await rememberColorScheme(context, 'dark');
  return context.newPage();
}

interface ItemSpec {
  giver: Member;
  title: string;
  valueInr: number;
  listingId?: string;
  unit?: string;
  quantity?: number;
}

/** A deal proposed over the API by `proposer` on `listing`; answers its id and its items' ids by title. */
async function propose(
  request: APIRequestContext,
  proposer: Member,
  listing: string,
  items: ItemSpec[],
  message?: string,
): Promise<{ id: string; items: Record<string, string>; conversationId: string }> {
  const made = await request.post('/api/deals', {
    headers: auth(proposer),
    data: {
      listingId: listing,
      message,
      items: items.map((i) => ({
        giverId: i.giver.id,
        listingId: i.listingId,
        title: i.title,
        quantity: i.quantity ?? 1,
        unit: i.unit ?? 'month',
        valueInr: i.valueInr,
      })),
    },
  });
  expect(made.status()).toBe(201);
  const { deal } = await made.json();
  return {
    id: deal._id,
    conversationId: deal.conversationId,
    items: Object.fromEntries(
      (deal.items as { _id: string; title: string }[]).map((i) => [i.title, i._id] as const),
    ),
  };
}

async function accept(request: APIRequestContext, member: Member, dealId: string, version = 1) {
  const res = await request.post(`/api/deals/${dealId}/accept`, { headers: auth(member), data: { version } });
  expect(res.status()).toBe(200);
}

async function deliverWithLink(request: APIRequestContext, giver: Member, dealId: string, itemId: string) {
  const res = await request.post(`/api/deals/${dealId}/items/${itemId}/deliver`, {
    headers: auth(giver),
    multipart: { link: 'https://example.com/site-photos', note: 'Up since Monday' },
  });
  expect(res.status()).toBe(200);
}

const noSideScroll = async (page: Page, width: number) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

test('item 1: a deal opened on a slow phone connection paints its shell, then the deal, before the app’s script has run', async ({
  browser,
  request,
}) => {
  test.setTimeout(240_000);
  const owner = await login(request, 'ishaan.mehta21@demo.barterads.in');
  const brand = await login(request, 'sneha.rao22@demo.barterads.in');
  const deal = await propose(request, brand, listingId(20), [
    { giver: owner, listingId: listingId(20), title: 'Hoarding for January', valueInr: 40000 },
    { giver: brand, title: 'Sampling at 10 stores', valueInr: 35000, unit: 'event', quantity: 10 },
  ]);
  const page = await browse(browser, owner);
  // When the shell and the deal were painted, by the page's own clock (0 = the navigation's start): the first
  // frame drawn with the shell alone on screen, and the deal heading's Element Timing.
  await page.addInitScript(() => {
    const marks: { shell?: number; deal?: number } = {};
    (window as unknown as { marks: typeof marks }).marks = marks;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        const timing = entry as PerformanceEntry & { identifier?: string; renderTime?: number };
        if (timing.identifier === 'deal-heading') marks.deal ??= timing.renderTime || entry.startTime;
      }
    }).observe({ type: 'element', buffered: true });
    const state = window as unknown as { dealBeforeApp?: boolean };
    const watch = () => {
      const shell = document.getElementById('boot-shell');
      const root = document.getElementById('root');
      if (shell && shell.offsetHeight > 0 && getComputedStyle(shell).display !== 'none' && !root?.firstChild)
        marks.shell ??= performance.now();
      // The first frame with the deal's heading on screen: was the app's entry script still on its way (a finished
      // download is listed among the resources)?
      const heading = document.querySelector<HTMLElement>('[elementtiming="deal-heading"]');
      if (state.dealBeforeApp === undefined && heading && heading.offsetHeight > 0)
        state.dealBeforeApp = !performance
          .getEntriesByType('resource')
          .some((entry) => /\/assets\/index-[\w-]+\.js$/.test(entry.name));
      if (marks.deal === undefined || state.dealBeforeApp === undefined) requestAnimationFrame(watch);
    };
    requestAnimationFrame(watch);
  });
  // Chromium's throttling, as the issue measured it: 400 kbit/s each way, 400 ms round trips.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 400,
    downloadThroughput: (400 * 1024) / 8,
    uploadThroughput: (400 * 1024) / 8,
  });
  await page.goto(`/dashboard/deals/${deal.id}`, { waitUntil: 'commit' });
  await expect(page.getByRole('heading', { level: 1, name: 'Deal with Rao Brands Pvt Ltd' })).toBeVisible({
    timeout: 30_000,
  });
  // Both observed: the frame with the heading on screen, and the heading's Element Timing entry, which the
  // observer is handed in a later task (read at once, a busy machine's run once found it not yet there).
  await expect
    .poll(() =>
      page.evaluate(() => {
        const state = window as unknown as { dealBeforeApp?: boolean; marks: { deal?: number } };
        return state.dealBeforeApp !== undefined && state.marks.deal !== undefined;
      }),
    )
    .toBe(true);
  const marks = await page.evaluate(async () => {
    const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime;
    const { dealBeforeApp } = window as unknown as { dealBeforeApp?: boolean };
    return {
      ...(window as unknown as { marks: { shell?: number; deal?: number } }).marks,
      fcp,
      dealBeforeApp,
    };
  });
  // The times are figures, not pass marks (a busy machine slows them; `pnpm bench` and BENCHMARKS.md keep them:
  // shell 0.5 s, deal 1.6-1.7 s on a quiet machine; before the fix nothing painted until 12.0 s). What must hold is
  // the order: the shell painted first, then the deal, both before the app's script had run.
  test.info().annotations.push({ type: 'slow network paints (ms)', description: JSON.stringify(marks) });
  expect(marks.shell).toBeDefined();
  expect(marks.deal).toBeDefined();
  expect(marks.shell).toBeLessThan(marks.deal ?? 0);
  expect(marks.dealBeforeApp).toBe(true);
  // The deal's terms are there at once, before the app's script (about 250 KB) has arrived.
  await expect(page.getByLabel('You get')).toContainText('Sampling at 10 stores');
  await expect(page.getByLabel('You get')).toContainText('10 events');
  await page.context().close();
});

test('items 5, 15, 16 and dd/mm/yyyy: a proposal gives nothing of the proposer’s by default, a free item counts in items, Escape asks first', async ({
  browser,
  request,
}) => {
  test.setTimeout(240_000);
  // An advertiser whose listings are all needs (what it wants), proposing on a media owner's listing.
  const brand = await login(request, 'kavya.joshi8@demo.barterads.in');
  const page = await browse(browser, brand);
  await page.goto(`/listings/${listingId(14)}`);
  await page.getByRole('button', { name: 'Propose a deal' }).click();
  const form = page.getByRole('form', { name: 'Send the offer' });
  await expect(form).toBeVisible();
  const what = form.getByRole('textbox', { name: 'What' });
  // You get: the listing. You give: nothing prefilled (its needs are not what it gives), and no needs to pick.
  await expect(what.nth(0)).not.toHaveValue('');
  await expect(what.nth(1)).toHaveValue('');
  await expect(form.getByRole('textbox', { name: 'Value (₹)' }).nth(1)).toHaveValue('');
  await expect(form.getByLabel('From your listing')).toHaveCount(0);
  // A free item counts in items, not in the months of a hoarding.
  await expect(form.getByRole('combobox', { name: 'Unit' }).nth(1)).toHaveValue('item');
  await what.nth(1).fill('Gift vouchers');
  await form.getByRole('textbox', { name: 'Quantity' }).nth(1).fill('200');
  await form.getByRole('textbox', { name: 'Value (₹)' }).nth(1).fill('38000');
  // Dates as India writes them, whatever the browser's language.
  const start = form.getByRole('textbox', { name: 'Start' }).nth(1);
  await expect(start).toHaveAttribute('placeholder', 'dd/mm/yyyy');
  await start.fill('01/12/2026');
  await form.getByRole('textbox', { name: 'End' }).nth(1).fill('31/12/2026');
  await expect(start).toHaveValue('01/12/2026');
  await form.getByRole('textbox', { name: 'Message (optional)' }).fill('Vouchers for your hoarding?');
  // Escape asks before what was typed is lost; Keep editing keeps it. (An Escape while a date's calendar is still
  // open closes the calendar first, as it should: wait until the typed message has the focus and no calendar shows.)
  await expect(form.getByRole('textbox', { name: 'Message (optional)' })).toBeFocused();
  await expect(page.locator('.mantine-Popover-dropdown:visible')).toHaveCount(0);
  await page.keyboard.press('Escape');
  const discard = page.getByRole('dialog', { name: 'Discard this offer?' });
  await expect(discard).toBeVisible();
  await discard.getByRole('button', { name: 'Keep editing' }).click();
  await expect(form.getByRole('textbox', { name: 'Message (optional)' })).toHaveValue(
    'Vouchers for your hoarding?',
  );
  await noSideScroll(page, PHONE.width);
  await form.getByRole('button', { name: 'Send the offer' }).click();
  await expect(page).toHaveURL(/\/dashboard\/deals\/[0-9a-f-]{36}$/);
  const give = page.getByLabel('You give');
  await expect(give).toContainText('Gift vouchers');
  await expect(give).toContainText('200 items · 1 Dec 2026 to 31 Dec 2026');
  await page.context().close();
});

test('items 12, 14 and Accept asks once: the notification opens the deal; a counter that changes nothing offers Accept', async ({
  browser,
  request,
}) => {
  test.setTimeout(240_000);
  const owner = await login(request, 'aarav.sharma13@demo.barterads.in');
  const brand = await login(request, 'priya.nair14@demo.barterads.in');
  const deal = await propose(request, brand, listingId(12), [
    { giver: owner, listingId: listingId(12), title: 'Hoarding for February', valueInr: 40000 },
    { giver: brand, title: 'Radio mentions', valueInr: 36000, unit: 'spot', quantity: 12 },
  ]);
  const page = await browse(browser, owner);
  // The deal's notification leads to the deal, not to the list of deals.
  await page.goto('/dashboard/notifications');
  await page.getByRole('link', { name: 'Nair Brands Pvt Ltd proposed a deal' }).click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/deals/${deal.id}$`));
  await expect(page.getByText('Your answer is awaited.')).toBeVisible();

  // A counter with the same terms: nothing changed, Accept offered instead.
  await page.getByRole('button', { name: 'Counter' }).click();
  const counter = page.getByRole('form', { name: 'Send version 2' });
  await counter.getByRole('button', { name: 'Send version 2' }).click();
  await expect(counter.getByRole('alert')).toContainText(
    'Nothing changed from the current version. Accept it, or change an item before sending a counter.',
  );
  await counter.getByRole('button', { name: 'Accept version 1 instead' }).click();
  // Accepting asks once, saying what it commits to; Cancel leaves the offer open.
  const confirm = page.getByRole('dialog', { name: 'Accept version 1?' });
  await expect(confirm).toContainText('You get ₹36,000 and give ₹40,000.');
  await expect(confirm).toContainText('Accepting fixes these terms');
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  await expect(page.getByText('Open', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Accept version 1' }).click();
  await confirm.getByRole('button', { name: 'Accept version 1' }).click();
  await expect(page.getByText(/^BA-\d{4}-\d{6}$/)).toBeVisible();
  await noSideScroll(page, PHONE.width);
  await page.context().close();
});

test('item 4: each deal has its own thread; the first deal’s link opens the first deal’s messages', async ({
  browser,
  request,
}) => {
  const owner = await login(request, 'rohan.singh3@demo.barterads.in');
  const brand = await login(request, 'ananya.reddy16@demo.barterads.in');
  const first = await propose(
    request,
    brand,
    listingId(2),
    [
      { giver: owner, listingId: listingId(2), title: 'Hoarding for March', valueInr: 30000 },
      { giver: brand, title: 'Coupons', valueInr: 28000, unit: 'event', quantity: 500 },
    ],
    'First deal: coupons',
  );
  const second = await propose(
    request,
    brand,
    listingId(2),
    [
      { giver: owner, listingId: listingId(2), title: 'Hoarding for April', valueInr: 30000 },
      { giver: brand, title: 'Samples', valueInr: 27000, unit: 'event', quantity: 300 },
    ],
    'Second deal: samples',
  );
  expect(first.conversationId).not.toBe(second.conversationId);
  const page = await browse(browser, brand);
  await page.goto(`/dashboard/deals/${first.id}`);
  await page.getByRole('link', { name: "Open the deal's conversation in Messages" }).click();
  const log = page.getByRole('log', { name: 'Messages' });
  await expect(log.getByText('Proposed a deal (version 1): First deal: coupons')).toBeVisible();
  await expect(log.getByText('Second deal: samples')).toHaveCount(0);
  await page.context().close();
});

test('items 8, 21 and Accept delivery asks once: a deliverable reads whole at 360 px; a dispute carries photo evidence', async ({
  browser,
  request,
}) => {
  test.setTimeout(240_000);
  const owner = await login(request, 'ishaan.mehta21@demo.barterads.in');
  const brand = await login(request, 'sneha.rao22@demo.barterads.in');
  const deal = await propose(request, brand, listingId(44), [
    { giver: owner, listingId: listingId(44), title: 'Hoarding for May', valueInr: 30000 },
    { giver: owner, title: 'Flyers at the mall', valueInr: 8000, unit: 'event', quantity: 2000 },
    { giver: brand, title: 'Sampling boxes', valueInr: 36000, unit: 'event', quantity: 50 },
  ]);
  await accept(request, owner, deal.id);
  await deliverWithLink(request, owner, deal.id, deal.items['Hoarding for May']!);
  await deliverWithLink(request, owner, deal.id, deal.items['Flyers at the mall']!);

  const page = await browse(browser, brand);
  await page.goto(`/dashboard/deals/${deal.id}`);
  const hoarding = page.getByLabel('Deliverable: Hoarding for May');
  const badge = hoarding.getByText('Delivered, awaiting confirmation');
  await expect(badge).toBeVisible();
  // The title keeps a readable width and the badge stays inside the card (it goes under the title).
  const card = (await hoarding.boundingBox())!;
  const title = (await hoarding.getByText('Hoarding for May', { exact: true }).boundingBox())!;
  const badgeBox = (await badge.boundingBox())!;
  expect(title.width).toBeGreaterThanOrEqual(120);
  expect(badgeBox.x + badgeBox.width).toBeLessThanOrEqual(card.x + card.width);
  await noSideScroll(page, PHONE.width);

  // Accept delivery asks once; Cancel changes nothing.
  await hoarding.getByRole('button', { name: 'Accept delivery' }).click();
  const confirm = page.getByRole('dialog', { name: 'Accept this delivery?' });
  await expect(confirm).toContainText('"Hoarding for May" was delivered as agreed');
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(badge).toBeVisible();
  await hoarding.getByRole('button', { name: 'Accept delivery' }).click();
  await confirm.getByRole('button', { name: 'Accept delivery' }).click();
  await expect(hoarding.getByText('Accepted', { exact: true })).toBeVisible();

  // The flyers were not handed out: a dispute with a photo as evidence.
  const flyers = page.getByLabel('Deliverable: Flyers at the mall');
  await flyers.getByRole('button', { name: 'Dispute' }).click();
  const dialog = page.getByRole('dialog', { name: 'Dispute the delivery' });
  await dialog.getByRole('combobox', { name: 'Reason' }).click();
  await page.getByRole('option', { name: 'Not as agreed' }).click();
  await dialog
    .getByRole('textbox', { name: 'What is wrong (what you expected)' })
    .fill('The flyers sat in boxes at the entrance.');
  await dialog
    .locator('input[type="file"]')
    .setInputFiles({ name: 'boxes.png', mimeType: 'image/png', buffer: TINY_PNG });
  await dialog.getByRole('button', { name: 'Open the dispute' }).click();
  await expect(flyers.getByText('Disputed', { exact: true })).toBeVisible();
  await expect(flyers.getByRole('img', { name: 'Evidence photo boxes.png' })).toBeVisible();
  await noSideScroll(page, PHONE.width);
  await page.context().close();
});

test('item 2: the post form previews a chosen photo (the CSP admits blob: images)', async ({
  browser,
  request,
}) => {
  const owner = await login(request, 'vikram.kapoor17@demo.barterads.in');
  const page = await browse(browser, owner);
  const refused: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) refused.push(message.text());
  });
  await page.goto('/marketplace');
  await page.getByRole('button', { name: 'Add Inventory' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Inventory' });
  await dialog
    .locator('input[type="file"]')
    .setInputFiles({ name: 'front.png', mimeType: 'image/png', buffer: TINY_PNG });
  const preview = dialog.getByRole('img', { name: 'New photo front.png (cover)' });
  await expect(preview).toHaveAttribute('src', /^blob:/);
  await expect.poll(() => preview.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  expect(refused).toEqual([]);
  await page.context().close();
});

test('item 13: the deals state filter shows every state within a 360 px screen', async ({
  browser,
  request,
}) => {
  const owner = await login(request, 'rohan.singh3@demo.barterads.in');
  const brand = await login(request, 'meera.iyer6@demo.barterads.in');
  const items = (title: string): ItemSpec[] => [
    { giver: owner, listingId: listingId(26), title, valueInr: 20000 },
    { giver: brand, title: `${title}: vouchers`, valueInr: 18000, unit: 'event', quantity: 100 },
  ];
  const accepted = await propose(request, brand, listingId(26), items('Accepted one'));
  await accept(request, owner, accepted.id);
  const declined = await propose(request, brand, listingId(26), items('Declined one'));
  expect(
    (await request.post(`/api/deals/${declined.id}/decline`, { headers: auth(owner), data: {} })).status(),
  ).toBe(200);
  const withdrawn = await propose(request, brand, listingId(26), items('Withdrawn one'));
  expect(
    (await request.post(`/api/deals/${withdrawn.id}/withdraw`, { headers: auth(brand), data: {} })).status(),
  ).toBe(200);
  await propose(request, brand, listingId(26), items('Open one'));

  const page = await browse(browser, owner);
  await page.goto('/dashboard/deals');
  const filter = page.getByRole('radiogroup', { name: 'Show deals' });
  const options = filter.getByRole('radio');
  await expect(options).toHaveCount(7);
  for (const option of await filter.locator('label').all()) {
    const box = (await option.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
  }
  // No scrolling strip with a desktop scrollbar.
  expect(await filter.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
  await filter.getByText('Withdrawn (1)').click();
  await expect(page).toHaveURL(/status=withdrawn/);
  await expect(page.getByRole('link', { name: 'Deal with Iyer Brands Pvt Ltd' })).toHaveCount(1);
  await noSideScroll(page, PHONE.width);
  await page.context().close();
});

test('item 9: Pay commission when the payment window cannot open says so once, and that nothing was charged', async ({
  browser,
  request,
}) => {
  const owner = await login(request, 'aarav.sharma13@demo.barterads.in');
  const brand = await login(request, 'priya.nair14@demo.barterads.in');
  const deal = await propose(request, brand, listingId(36), [
    { giver: owner, listingId: listingId(36), title: 'Hoarding for June', valueInr: 20000 },
    { giver: brand, title: 'Jingles', valueInr: 18000, unit: 'spot', quantity: 20 },
  ]);
  await accept(request, owner, deal.id);
  const page = await browse(browser, brand);
  // Razorpay's checkout script cannot be reached (a phone's dropped connection, a blocker).
  await page.route('**/checkout.js', (route) => route.abort());
  await page.goto(`/dashboard/deals/${deal.id}`);
  const pay = page.getByRole('button', { name: 'Pay commission ₹1,000' });
  await pay.click();
  const alert = page.getByRole('alert').filter({ hasText: 'The payment window did not open' });
  await expect(alert).toBeVisible();
  await expect(alert).toContainText('Nothing was charged.');
  await expect(page.getByText('The payment window did not open')).toHaveCount(1);
  await expect(page.getByText('Payment failed. Please try again.')).toHaveCount(0);
  await expect(pay).toBeEnabled();
  await page.context().close();
});

test('item 11: the marketplace on a phone shows the first result on the first screen, filters behind one button', async ({
  page,
}) => {
  await page.setViewportSize(PHONE);
  await page.goto('/marketplace');
  const first = page.getByTestId('listing-grid').getByRole('article').first();
  await expect(first).toBeVisible();
  const box = (await first.boundingBox())!;
  expect(box.y).toBeLessThan(PHONE.height - 100);
  const filters = page.getByRole('button', { name: 'Filters', exact: true });
  await expect(page.getByRole('radiogroup', { name: 'Owner type' })).toBeHidden();
  await filters.click();
  await expect(filters).toHaveAttribute('aria-expanded', 'true');
  await page.getByRole('radiogroup', { name: 'Owner type' }).getByText('Media Owners').click();
  await expect(page).toHaveURL(/view=media_owner/);
  await expect(page.getByRole('button', { name: 'Filters (1)', exact: true })).toBeVisible();
  await noSideScroll(page, PHONE.width);
});

test('items 10, 17, 18, 19: pricing and billing speak plainly on a phone', async ({ browser, request }) => {
  test.setTimeout(240_000);
  // A member on the free tier: Free is the current plan, with no "Start free" beside it; one date style.
  const free = await login(request, 'meera.iyer6@demo.barterads.in');
  const page = await browse(browser, free);
  await page.goto('/pricing');
  const freeCard = page.getByRole('article', { name: 'Free' });
  await expect(freeCard.getByText('Current plan', { exact: true })).toBeVisible();
  await expect(freeCard.getByRole('link', { name: 'Start free' })).toHaveCount(0);
  await page.goto('/settings');
  const allowance = page.getByRole('group', { name: 'Plan allowance' });
  await expect(allowance).toContainText('Monthly counts reset on');
  await expect(allowance).not.toContainText('Featured this month');
  await page.goto('/dashboard');
  const deals = page.getByRole('region', { name: 'Deals' });
  await expect(deals).toContainText(/resets \d{1,2} [A-Z][a-z]{2} \d{4}/);
  await expect(deals).not.toContainText(/\d{4}-\d{2}-\d{2}/);
  await page.context().close();

  // A Growth member choosing Starter from the next period: nothing to pay now, weeks before it starts.
  const growth = await login(request, DEMO_MEDIA_OWNER_EMAIL);
  const member = await browse(browser, growth);
  await member.goto('/pricing');
  await member.getByText('Yearly (save 20%)').click();
  await member.getByRole('button', { name: 'Subscribe to Starter' }).click();
  const confirm = member.getByRole('dialog', { name: 'Confirm your plan' });
  await expect(confirm.getByTestId('quote-amount')).toHaveText('Nothing to pay now');
  await expect(confirm).toContainText('paid like a renewal in the last 7 days of your current period');
  await expect(confirm.getByRole('button', { name: /Confirm and pay/ })).toHaveCount(0);
  await confirm.getByRole('button', { name: 'OK' }).click();

  // An upgrade's pro-rata amount in rupees and paise: two decimals whenever there are paise.
  const upgrade = await request.post('/api/payments/change-plan', {
    headers: auth(growth),
    data: { planId: 'professional', period: 'yearly', preview: true },
  });
  const { amount } = (await upgrade.json()).quote as { amount: number };
  const rupees = Math.floor(amount / 100).toLocaleString('en-IN');
  const expected = amount % 100 === 0 ? `₹${rupees}` : `₹${rupees}.${String(amount % 100).padStart(2, '0')}`;
  await member.getByRole('button', { name: 'Subscribe to Professional' }).click();
  await expect(confirm.getByTestId('quote-amount')).toHaveText(
    `Amount to pay now: ${expected} (incl. 18% GST)`,
  );
  await expect(confirm).not.toContainText(/₹[\d,]+\.\d(?!\d)/);
  await member.context().close();
});

test('item 20: links and card titles in the theme’s colours, light and dark', async ({
  browser,
  request,
}) => {
  const owner = await login(request, 'rohan.singh15@demo.barterads.in');
  const brand = await login(request, 'ananya.reddy16@demo.barterads.in');
  const deal = await propose(request, brand, listingId(38), [
    { giver: owner, listingId: listingId(38), title: 'Hoarding for July', valueInr: 20000 },
    { giver: brand, title: 'Posters', valueInr: 15000, unit: 'event', quantity: 100 },
  ]);
  const browserDefaults = ['rgb(0, 0, 238)', 'rgb(85, 26, 139)'];
  for (const [viewport, scheme] of [
    [PHONE, 'light'],
    [DESKTOP, 'dark'],
  ] as const) {
    const page = await browse(browser, brand, viewport, scheme);
    await page.goto(`/dashboard/deals/${deal.id}`);
    const link = page.getByRole('link', { name: "Open the deal's conversation in Messages" });
    await expect(link).toBeVisible();
    const anchor = await page.evaluate(() =>
      getComputedStyle(document.documentElement).getPropertyValue('--mantine-color-anchor').trim(),
    );
    const color = await link.evaluate((el) => getComputedStyle(el).color);
    expect(browserDefaults).not.toContain(color);
    const probe = await page.evaluate((value) => {
      const el = document.createElement('span');
      el.style.color = value;
      document.body.append(el);
      const resolved = getComputedStyle(el).color;
      el.remove();
      return resolved;
    }, anchor);
    expect(color).toBe(probe);
    // A card title on the marketplace reads in the text colour, visited or not.
    await page.goto('/marketplace');
    const title = page.getByTestId('listing-grid').getByRole('article').first().getByRole('link').first();
    await expect(title).toBeVisible();
    const titleColor = await title.evaluate((el) => getComputedStyle(el).color);
    const text = await page.evaluate(() => getComputedStyle(document.body).color);
    expect(titleColor).toBe(text);
    await page.context().close();
  }
});

test("a member's pages hold still as they load on a phone: nothing on screen moves once they show", async ({
  browser,
  request,
}) => {
  // Read only: the seed's first media owner, whose dashboard has listings, clicks and categories to show.
  const member = await login(request, DEMO_MEDIA_OWNER_EMAIL);
  const page = await browse(browser, member);
  try {
    // Each of these moved what was on screen as its answers came: the overview's cards each drew a skeleton and then
    // their content at another height (a card moved 330 px down; layout shift 0.10 to 0.31 by screen size), Settings
    // (and Messages on a taller phone) showed the footer until their content came and then pushed it away (0.21), and
    // the deals list's circle-deals skeleton went, moving the filters up 96 px (0.02). Browsers call a page under 0.1
    // stable; these now move nothing but the header, by a pixel (0.001).
    for (const path of ['/dashboard', '/settings', '/messages', '/dashboard/deals']) {
      await page.goto(path);
      await expectPageLoaded(page);
      const { score, moves } = await layoutShifts(page);
      expect(score, `${path}: ${moves.join('; ')}`).toBeLessThan(0.01);
    }
  } finally {
    await page.context().close();
  }
});

test("the site's header holds still while a member's session and menus arrive, on a phone and a desktop", async ({
  browser,
  request,
}) => {
  // Read only, as above. A page for a visitor with a session cookie is drawn before the session is known, with
  // blanks where the account menu and the bell go. The bell came after the page showed (and moved the theme toggle
  // 40 px on a phone), and the account menu, narrower than its blank, moved the toggle and the language switch 37 px
  // on a desktop: small moves by the score (0.0003-0.0008), but under a finger or a pointer about to use them.
  const member = await login(request, DEMO_MEDIA_OWNER_EMAIL);
  for (const viewport of [PHONE, DESKTOP]) {
    const page = await browse(browser, member, viewport);
    try {
      for (const path of ['/', '/settings', '/marketplace']) {
        await page.goto(path);
        await expectPageLoaded(page);
        const header = page.getByRole('banner');
        await expect(header.getByRole('link', { name: /^Notifications/ })).toBeVisible();
        if (viewport === DESKTOP) await expect(header.getByTestId('account-menu')).toBeVisible();
        const { moves } = await layoutShifts(page, { within: 'header' });
        expect(moves, `${viewport.width} px, ${path}`).toEqual([]);
      }
    } finally {
      await page.context().close();
    }
  }
});

test("a long first name holds the desktop header still too: it ends in an ellipsis within the menu's place", async ({
  browser,
  request,
}) => {
  // The menu's place was 120 px and a name could be 140 px: once the session came, "Chandrashekhar" moved the theme
  // toggle and the language switch 37 px left and the main links 18 px ("div at 1365 ms: from (1036, 14) to (999, 14)").
  const email = uniqueE2eEmail('long-name');
  const password = 'long-name-pass-1';
  const firstName = 'Chandrashekhar';
  await signUpThroughApi(request, {
    email,
    password,
    userType: 'advertiser',
    firstName,
    lastName: 'Venkataraman',
  });
  const member = await loginThroughApi(request, email, password);
  const page = await browse(browser, member, DESKTOP);
  try {
    for (const path of ['/', '/settings']) {
      await page.goto(path);
      await expectPageLoaded(page);
      const menu = page.getByRole('banner').getByTestId('account-menu');
      await expect(menu).toBeVisible();
      const { moves } = await layoutShifts(page, { within: 'header' });
      expect(moves, path).toEqual([]);
    }
    // The whole name is still there for a screen reader, and in the menu.
    const menu = page.getByRole('banner').getByRole('button', { name: `Account menu of ${firstName}` });
    await menu.click();
    await expect(page.getByTestId('account-identity')).toContainText(`${firstName} Venkataraman`);
  } finally {
    await page.context().close();
  }
});
