import { COMPANY } from '@barterads/core';
import { DEMO_MEDIA_OWNER_EMAIL, DEMO_PASSWORD, rememberColorScheme } from '@barterads/testing/e2e';
import { expect as baseExpect, type Locator, type Page, test } from '@playwright/test';

// Pages on a machine shared with other suites can take a while to load and hydrate.
const expect = baseExpect.configure({ timeout: 30_000 });

/** Issue 17's screens, on a 360 px phone and a 1366 px desktop. */
const VIEWPORTS = [
  { name: 'phone', width: 360, height: 740 },
  { name: 'desktop', width: 1366, height: 768 },
] as const;

const cards = (page: Page) => page.getByTestId('listing-grid').getByRole('article');

async function signIn(page: Page) {
  const login = await page.request.post('/api/auth/login', {
    data: { email: DEMO_MEDIA_OWNER_EMAIL, password: DEMO_PASSWORD },
  });
  expect(login.status()).toBe(200);
}

/** The element is in view across the page's width and shows all of its content (nothing cut short). */
async function expectWhole(locator: Locator, width: number) {
  await expect(locator).toBeVisible({ timeout: 30_000 });
  const box = (await locator.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(width);
  expect(await locator.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
}

async function expectNoSideScroll(page: Page, width: number) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}

/** Console errors and uncaught errors of a page, except failed resource loads (remote demo images). */
function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource'))
      errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

/**
 * Holds the app's entry script back until the returned `open` is called, so that the test sees the pre-rendered
 * first paint; `hold` closes the gate again for the next page.
 */
async function scriptGate(page: Page): Promise<{ hold: () => void; open: () => void }> {
  let gate = Promise.resolve();
  let open: () => void = () => {};
  await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
    await gate;
    await route.continue();
  });
  return {
    hold: () => {
      gate = new Promise<void>((resolve) => {
        open = resolve;
      });
    },
    open: () => open(),
  };
}

/** The relative luminance (0 black .. 1 white) of a CSS `rgb()`/`rgba()` colour. */
function luminance(color: string): number {
  const [r = 0, g = 0, b = 0] = (color.match(/[\d.]+/g) ?? []).map(Number).map((c) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

for (const viewport of VIEWPORTS) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });
    // Several pages each, on a machine shared with other suites.
    test.describe.configure({ timeout: 180_000 });

    test('marketplace cards: 16:10 images, two cards within one screen', async ({ page }) => {
      await page.goto('/marketplace');
      await expect(cards(page).nth(1)).toBeVisible({ timeout: 60_000 });
      for (const index of [0, 1]) {
        const box = await cards(page)
          .nth(index)
          .locator('img, [data-image-placeholder]')
          .first()
          .boundingBox();
        expect(box, `card ${index}'s image`).not.toBeNull();
        expect(Math.abs(box!.width / box!.height - 16 / 10), `card ${index}'s image ratio`).toBeLessThan(
          0.03,
        );
      }
      // Two cards fit in the height of one screen (the 400 px image box alone made one card taller than a phone).
      const first = (await cards(page).nth(0).boundingBox())!;
      const second = (await cards(page).nth(1).boundingBox())!;
      expect(second.y + second.height - first.y).toBeLessThanOrEqual(viewport.height);
    });

    test('marketplace cards in dark mode: a dark image placeholder, not a bright slab', async ({ page }) => {
      await rememberColorScheme(page, 'dark');
      // Every image fails to load, so that every card shows its placeholder.
      await page.route('**/*', (route) =>
        route.request().resourceType() === 'image' ? route.abort() : route.continue(),
      );
      await page.goto('/marketplace');
      const placeholder = cards(page).first().locator('[data-image-placeholder]');
      await expect(placeholder).toBeVisible({ timeout: 60_000 });
      const background = await placeholder.evaluate((el) => getComputedStyle(el).backgroundColor);
      const card = await cards(page)
        .first()
        .evaluate((el) => getComputedStyle(el).backgroundColor);
      expect(luminance(background)).toBeLessThan(0.1);
      expect(luminance(card)).toBeLessThan(0.1);
    });

    test('the sign-in-required dialog: one design for hero, pricing and posting, nothing cut short', async ({
      page,
    }) => {
      const cases = [
        {
          path: '/',
          open: 'Start Trading Now',
          reason: /start trading on BarterAds/,
          redirect: '%2Fmarketplace',
        },
        {
          path: '/pricing',
          open: 'Subscribe to Growth',
          reason: /subscribe to a plan/,
          redirect: '%2Fpricing',
        },
        {
          path: '/marketplace',
          open: 'Post a Listing',
          reason: /post a listing/,
          redirect: '%2Fmarketplace',
        },
      ];
      for (const item of cases) {
        await page.goto(item.path);
        await expect(page.locator('html[data-app-ready]')).toBeAttached();
        await page.getByRole('main').getByRole('button', { name: item.open }).first().click();
        const dialog = page.getByRole('dialog', { name: 'Sign in to continue' });
        await expect(dialog, item.path).toBeVisible();
        await expect(dialog.getByText(item.reason)).toBeVisible();
        for (const [name, path] of [
          ['Sign In', 'login'],
          ['Create Account', 'signup'],
        ] as const) {
          const link = dialog.getByRole('link', { name });
          await expect(link).toHaveAttribute('href', `/${path}?redirect=${item.redirect}`);
          await expectWhole(link, viewport.width);
        }
        await page.keyboard.press('Escape');
        await expect(dialog).toBeHidden();
      }
    });

    test('plan badges show their whole words', async ({ page }) => {
      await page.goto('/pricing');
      await expectWhole(page.getByText('Most Popular', { exact: true }), viewport.width);
    });

    test('dashboard: stat cards two to a row on a phone, changes against 7 days ago from the server', async ({
      page,
    }) => {
      await signIn(page);
      await page.goto('/dashboard');
      const labels = ['Total Listings', 'Active Listings', 'Archived', 'Total Clicks'];
      const boxes: { x: number; y: number }[] = [];
      for (const label of labels) {
        await expect(page.getByTestId(`stat-${label}`)).toBeVisible();
        boxes.push((await page.getByRole('region', { name: label, exact: true }).boundingBox())!);
      }
      const perRow = boxes.filter((box) => Math.abs(box.y - boxes[0]!.y) < 2).length;
      expect(perRow).toBe(viewport.name === 'phone' ? 2 : 4);
      // Each change is the server's: now against 7 days ago, and none where there was nothing 7 days ago.
      const stats = await page.request.get('/trpc/listings.stats');
      const figures = (await stats.json()).result.data;
      const keys = ['totalListings', 'activeListings', 'archivedListings', 'totalClicks'] as const;
      for (const [i, label] of labels.entries()) {
        const now = figures[keys[i]!] as number;
        const before = figures.previous[keys[i]!] as number;
        const change = page.getByTestId(`change-${label}`);
        if (before === 0) await expect(change).toHaveCount(0);
        else {
          const percent = Math.round(((now - before) / before) * 100);
          const text = percent === 0 ? '0%' : `${percent > 0 ? '+' : '\u2212'}${Math.abs(percent)}%`;
          await expect(change).toHaveText(new RegExp(`^${text}`));
        }
      }
      await expectNoSideScroll(page, viewport.width);
    });

    test('My Listings: status and actions in view; an archived listing can be restored', async ({ page }) => {
      await signIn(page);
      await page.goto('/dashboard/listings');
      const edit = page.getByRole('button', { name: /^Edit / }).first();
      await expectWhole(edit, viewport.width);
      const name = (await edit.getAttribute('aria-label'))!.slice('Edit '.length);
      const archive = page.getByRole('button', { name: `Archive ${name}` });
      await expectWhole(archive, viewport.width);
      const status = page.getByText('active', { exact: true }).locator('visible=true').first();
      await expectWhole(status, viewport.width);
      await expectNoSideScroll(page, viewport.width);

      await archive.click();
      await page
        .getByRole('dialog', { name: 'Archive listing?' })
        .getByRole('button', { name: 'Archive' })
        .click();
      const restore = page.getByRole('button', { name: `Restore ${name}` });
      await expectWhole(restore, viewport.width);
      await restore.click();
      await expect(page.getByRole('button', { name: `Archive ${name}` })).toBeVisible();
      await expect(restore).toHaveCount(0);
    });

    test('first paint signed in: no "Sign in", no "Post a Listing"; then the member\'s header, no hydration error', async ({
      page,
    }) => {
      await signIn(page);
      const errors = watchErrors(page);
      const script = await scriptGate(page);
      for (const path of ['/marketplace', '/']) {
        script.hold();
        await page.goto(path, { waitUntil: 'domcontentloaded' });
        const banner = page.getByRole('banner');
        await expect(banner.getByRole('link', { name: 'BarterAds home' })).toBeVisible();
        // The page as painted from its HTML, before any script: neutral where the session decides.
        await expect(banner.getByRole('link', { name: 'Sign in' })).toHaveCount(0);
        await expect(banner.getByRole('link', { name: 'Create account' })).toHaveCount(0);
        if (path === '/marketplace') {
          await expect(page.getByRole('button', { name: 'Post a Listing' })).toHaveCount(0);
        }
        script.open();
        await expect(page.locator('html[data-app-ready]')).toBeAttached({ timeout: 30_000 });
        if (viewport.name === 'desktop') {
          await expect(banner.getByTestId('account-menu')).toBeVisible({ timeout: 30_000 });
        }
        if (path === '/marketplace') {
          await expect(page.getByRole('button', { name: 'Add Inventory' })).toBeVisible({ timeout: 30_000 });
          await expect(page.getByRole('button', { name: 'Post a Listing' })).toHaveCount(0);
          await expect(cards(page).first()).toBeVisible({ timeout: 30_000 });
        }
      }
      expect(errors).toEqual([]);
    });

    test('first paint signed out: Sign in at once, and no hydration error', async ({ page }) => {
      const errors = watchErrors(page);
      const script = await scriptGate(page);
      for (const path of ['/marketplace', '/', '/pricing']) {
        script.hold();
        await page.goto(path, { waitUntil: 'domcontentloaded' });
        if (viewport.name === 'desktop') {
          await expect(page.getByRole('banner').getByRole('link', { name: 'Sign in' })).toBeVisible();
        }
        if (path === '/marketplace')
          await expect(page.getByRole('button', { name: 'Post a Listing' })).toBeVisible();
        script.open();
        await expect(page.locator('html[data-app-ready]')).toBeAttached({ timeout: 30_000 });
        if (path === '/marketplace') await expect(cards(page).first()).toBeVisible({ timeout: 30_000 });
      }
      expect(errors).toEqual([]);
    });

    test('words: Mumbai in the header, real category counts, the account menu says who, a mailto support link', async ({
      page,
    }) => {
      await page.goto('/');
      await expectWhole(page.getByRole('banner').getByTestId('header-location'), viewport.width);
      await expect(page.getByRole('banner').getByTestId('header-location')).toHaveText(COMPANY.locationLabel);
      // The media types' counts are the marketplace's own, not claims like "2,400+ listings".
      const answer = await page.request.get('/trpc/listings.categoryCounts');
      const counts: { category: string; count: number }[] = (await answer.json()).result.data.counts;
      const digital = counts.find((row) => row.category === 'digital')?.count ?? 0;
      const tile = page.getByRole('article').filter({ hasText: 'Digital Advertising' });
      await expect(tile.getByTestId('category-count')).toHaveText(
        digital === 0
          ? 'No listings yet'
          : `${digital} ${digital === 1 ? 'listing' : 'listings'} in the marketplace`,
      );
      await expect(page.getByText(/2,400\+/)).toHaveCount(0);

      await page.goto('/terms');
      const mail = page.getByRole('link', { name: COMPANY.supportEmail }).first();
      await expect(mail).toHaveAttribute('href', `mailto:${COMPANY.supportEmail}`);

      if (viewport.name === 'desktop') {
        await signIn(page);
        await page.goto('/dashboard');
        await page.getByRole('banner').getByTestId('account-menu').click();
        const identity = page.getByTestId('account-identity');
        await expect(identity).toContainText('Aarav Sharma');
        await expect(identity).toContainText('Media Owner · Member');
        await expect(identity).toContainText(DEMO_MEDIA_OWNER_EMAIL);
      }
    });
  });
}
