import {
  expectPageLoaded,
  rememberColorScheme,
  seriousViolations,
  signInAsAdmin,
} from '@barterads/testing/e2e';
import { expect, test } from '@playwright/test';

// Until 30 Nov no admin screen was checked: axe found the status badges at 3.4-3.8:1 (Mantine's green), the listing
// texts' toggle at 4.2:1, and on a phone the revenue and jobs tables scrolling sideways in a box the keyboard could
// not reach.
test.describe.configure({ mode: 'parallel' });

/** Every screen of the admin app's navigation. */
const ADMIN_PAGES = [
  '/admin/',
  '/admin/users',
  '/admin/listings',
  '/admin/deals',
  '/admin/payments',
  '/admin/refunds',
  '/admin/revenue',
  '/admin/verifications',
  '/admin/activity',
  '/admin/jobs',
  '/admin/enterprise',
  '/admin/trade-desk',
] as const;

/** At a desktop's width, the screens whose lists become tables there (each axe check costs a second or two of a
 * worker; the theme's colours and the names are the same at both widths). */
const DESKTOP_PAGES = [
  '/admin/',
  '/admin/users',
  '/admin/listings',
  '/admin/payments',
  '/admin/revenue',
  '/admin/jobs',
  '/admin/trade-desk',
] as const;

/** In the dark scheme, at a desktop's width, where admins moderate: the screens with the most colour (status
 * badges, the revenue figures, the jobs' states). */
const DARK_PAGES = ['/admin/', '/admin/listings', '/admin/revenue', '/admin/jobs'] as const;

for (const { viewport, paths, scheme } of [
  { viewport: { width: 360, height: 740 }, paths: ADMIN_PAGES, scheme: 'light' },
  { viewport: { width: 1366, height: 768 }, paths: DESKTOP_PAGES, scheme: 'light' },
  { viewport: { width: 1366, height: 768 }, paths: DARK_PAGES, scheme: 'dark' },
] as const) {
  test(`the admin screens pass axe's WCAG 2.1 A and AA checks at ${viewport.width} px (${scheme} scheme)`, async ({
    page,
  }) => {
    test.setTimeout(240_000);
    await page.setViewportSize(viewport);
    await rememberColorScheme(page, scheme);
    await signInAsAdmin(page);
    const found: string[] = [];
    for (const path of paths) {
      await page.goto(path);
      await expectPageLoaded(page);
      await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', scheme);
      for (const violation of await seriousViolations(page)) found.push(`${path}: ${violation}`);
    }
    expect(found).toEqual([]);
  });
}
