import {
  DEMO_ADVERTISER_EMAIL,
  DEMO_MEDIA_OWNER_EMAIL,
  DEMO_PASSWORD,
  demoListingId,
  expectPageLoaded,
  rememberColorScheme,
  seriousViolations,
  signInThroughForm,
} from '@barterads/testing/e2e';
import { expect, type Page, test } from '@playwright/test';

// The public pages have their axe checks in public-site.spec; these are a member's own. Until 30 Nov none was
// checked: light badges at 2.7-3.8:1 (Mantine's green, yellow and teal), a link told from its sentence by colour
// alone, and three buttons whose names did not hold the words they show (the account menu, "Mark read", the
// pricing cards' Renew and Switch).
test.describe.configure({ mode: 'parallel' });

/** Each signed-in page of the web app that a member reaches from the dashboard, in English and in Hindi and Marathi
 * (their words are longer, and some of their names put the words in another order). The marketplace's cards have
 * their own axe checks in public-site.spec. */
const MEMBER_PAGES = [
  '/dashboard',
  '/dashboard/listings',
  '/dashboard/deals',
  '/dashboard/messages',
  '/dashboard/notifications',
  '/dashboard/settings',
  '/dashboard/saved-searches',
  '/settings',
  '/pricing',
  '/hi/dashboard/notifications',
  '/mr/pricing',
] as const;

/** At a desktop's width, the pages that show what a phone's do not (each axe check costs a second or two of a
 * worker): the header's account menu with the member's name, My Listings as a table, the pricing cards side by
 * side, the settings' wider sections. */
const DESKTOP_PAGES = [
  '/dashboard',
  '/dashboard/listings',
  '/dashboard/notifications',
  '/settings',
  '/pricing',
] as const;

/** Waits until the app has hydrated and the page shows its answer. */
async function loaded(page: Page) {
  await expect(page.locator('html')).toHaveAttribute('data-app-ready', 'true');
  await expectPageLoaded(page);
}

/** In the dark scheme, on a phone: the pages with the most colour (badges, alerts, light buttons, the plans'
 * cards). The palettes are the same at every width, and the public pages have their dark pass in public-site.spec. */
const DARK_PAGES = [
  '/dashboard',
  '/dashboard/deals',
  '/dashboard/notifications',
  '/settings',
  '/pricing',
] as const;

for (const { viewport, paths, scheme } of [
  { viewport: { width: 390, height: 844 }, paths: MEMBER_PAGES, scheme: 'light' },
  { viewport: { width: 1280, height: 800 }, paths: DESKTOP_PAGES, scheme: 'light' },
  { viewport: { width: 390, height: 844 }, paths: DARK_PAGES, scheme: 'dark' },
] as const) {
  test(`a member's pages pass axe's WCAG 2.1 A and AA checks at ${viewport.width} px (${scheme} scheme)`, async ({
    page,
  }) => {
    test.setTimeout(240_000);
    await page.setViewportSize(viewport);
    await rememberColorScheme(page, scheme);
    await signInThroughForm(page, DEMO_MEDIA_OWNER_EMAIL, DEMO_PASSWORD, '/dashboard');
    const found: string[] = [];
    for (const path of paths) {
      await page.goto(path);
      await loaded(page);
      await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', scheme);
      for (const violation of await seriousViolations(page)) found.push(`${path}: ${violation}`);
    }
    expect(found).toEqual([]);
  });
}

test("a dialog passes them too: its close button is named in the page's language", async ({ page }) => {
  // Mantine's × had no name ("button" to a screen reader) in every dialog but two that named it themselves.
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 390, height: 844 });
  await signInThroughForm(page, DEMO_ADVERTISER_EMAIL, DEMO_PASSWORD, '/dashboard');
  await page.goto(`/listings/${demoListingId(0)}`);
  await loaded(page);
  await page.getByRole('button', { name: 'Propose a deal' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('form', { name: 'Send the offer' })).toBeVisible();
  await expect(page.locator('.mantine-Loader-root')).toHaveCount(0);
  await expect(dialog.getByRole('button', { name: 'Close', exact: true })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  // In Hindi, the same button in Hindi.
  await page.goto(`/hi/listings/${demoListingId(0)}`);
  await loaded(page);
  await page.getByRole('button', { name: 'सौदे का प्रस्ताव रखें' }).click();
  await expect(page.getByRole('dialog').getByRole('button', { name: 'बंद करें', exact: true })).toBeVisible();
});

test('the checks keep to WCAG 2.1 A and AA, find what fails them, and check only the hovered element when told', async ({
  page,
}) => {
  // A page of our own making: a field named by its title alone (a best practice of axe's, not a WCAG rule, so not
  // reported), a button with no name (WCAG 4.1.2) and grey text at 1.6:1 (WCAG 1.4.3).
  await page.setContent(`<!doctype html><html lang="en"><head><title>Checks</title></head><body><main>
    <h1>Checks</h1>
    <input title="Your city">
    <button type="button"></button>
    <p style="color: #ccc; background: #fff">faint words</p>
  </main></body></html>`);
  const rules = (found: string[]) => found.map((line) => line.split(' ')[0]).sort();
  expect(rules(await seriousViolations(page))).toEqual(['button-name', 'color-contrast']);
  expect(rules(await seriousViolations(page, { hovering: page.getByText('faint words') }))).toEqual([
    'color-contrast',
  ]);
});
