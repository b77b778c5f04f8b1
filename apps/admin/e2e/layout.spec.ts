import { expectPageLoaded, layoutShifts, signInAsAdmin } from '@barterads/testing/e2e';
import { expect as baseExpect, type Locator, test } from '@playwright/test';

// Pages on a machine shared with other suites can take a while to load and hydrate.
const expect = baseExpect.configure({ timeout: 30_000 });

/** Issue 17's admin screens on a 360 px phone and a 1366 px desktop. */
const VIEWPORTS = [
  { name: 'phone', width: 360, height: 740 },
  { name: 'desktop', width: 1366, height: 768 },
] as const;

/**
 * The element comes to lie wholly inside the viewport's width (not cut off or scrolled sideways out of view). Polled:
 * the phone's navigation drawer slides in from the left, so its contents start a little off-screen (x -2 px was
 * measured mid-transition) and settle inside.
 */
async function expectWithinWidth(locator: Locator, width: number) {
  await expect(locator).toBeVisible({ timeout: 30_000 });
  await expect
    .poll(async () => {
      const box = await locator.boundingBox();
      return box !== null && box.x >= 0 && box.x + box.width <= width;
    })
    .toBe(true);
}

/** Two boxes do not overlap. */
function apart(a: { x: number; y: number; width: number; height: number }, b: typeof a): boolean {
  return a.x + a.width <= b.x || b.x + b.width <= a.x || a.y + a.height <= b.y || b.y + b.height <= a.y;
}

for (const viewport of VIEWPORTS) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });
    // Several pages each, on a machine shared with other suites.
    test.describe.configure({ timeout: 180_000 });

    test('the header keeps the title clear of the theme toggle and Logout', async ({ page }) => {
      await signInAsAdmin(page);
      const header = page.getByRole('banner');
      const title = header.getByText('BarterAds', { exact: false }).first();
      const toggle = header.getByRole('button', { name: /color scheme|theme|dark|light/i });
      await expectWithinWidth(title, viewport.width);
      await expectWithinWidth(toggle, viewport.width);
      expect(apart((await title.boundingBox())!, (await toggle.boundingBox())!)).toBe(true);
      // Logout: in the header on a desktop, in the navigation drawer on a phone; never over the title.
      if (viewport.name === 'phone') {
        await page.getByRole('button', { name: 'Toggle navigation' }).click();
        await expectWithinWidth(
          page.getByRole('navigation').getByRole('button', { name: 'Logout' }),
          viewport.width,
        );
      } else {
        const logout = header.getByRole('button', { name: 'Logout' });
        await expectWithinWidth(logout, viewport.width);
        expect(apart((await title.boundingBox())!, (await logout.boundingBox())!)).toBe(true);
      }
      // Nothing in the page scrolls sideways.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        viewport.width,
      );
    });

    test('the Overview and the trade desk hold still as they load: nothing on screen moves once they show', async ({
      page,
    }) => {
      await signInAsAdmin(page);
      // Each section of these drew a loading line or a skeleton and then its content at another height, so the
      // sections below jumped as the answers came (Recent postings moved 600 px on a phone: a layout shift of 0.56,
      // the trade desk's brokers 0.08). Browsers call a page under 0.1 stable; these now move nothing.
      for (const path of ['/admin', '/admin/trade-desk']) {
        await page.goto(path);
        await expectPageLoaded(page);
        const { score, moves } = await layoutShifts(page);
        expect(score, `${path}: ${moves.join('; ')}`).toBeLessThan(0.01);
      }
    });

    test('users and listings show their status and actions without scrolling sideways', async ({ page }) => {
      await signInAsAdmin(page);
      await page.goto('/admin/users?q=demo');
      const suspend = page.getByRole('button', { name: /^Suspend / }).first();
      await expectWithinWidth(suspend, viewport.width);
      const status = page.getByText('active', { exact: true }).locator('visible=true').first();
      await expectWithinWidth(status, viewport.width);
      // The badge shows its whole word (a clipped badge read "ACTI…").
      expect(await status.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        viewport.width,
      );

      await page.goto('/admin/listings');
      await expectWithinWidth(
        page.getByRole('button', { name: /^(Verify|Unverify) / }).first(),
        viewport.width,
      );
      await expectWithinWidth(page.getByRole('button', { name: /^Archive / }).first(), viewport.width);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        viewport.width,
      );
    });
  });
}

test('on a slow connection the Overview shows its place at once, then the figures', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await signInAsAdmin(page);
  await page.goto('/admin/users');
  await expect(page.getByRole('heading', { name: 'Users', level: 1 })).toBeVisible();
  // The figures held back: the route's loader waits for them, and after a second the page's place shows (its title
  // and blocks, announced as loading) instead of the Users page staying on screen as if the tap did nothing.
  const held: Array<{ continue: () => Promise<void> }> = [];
  await page.route(/\/trpc\/[^?]*admin\.metrics/, (route) => void held.push(route));
  await page.getByRole('button', { name: 'Toggle navigation' }).click();
  await page.getByRole('navigation').getByRole('link', { name: 'Overview' }).click();
  const pending = page.getByLabel('Loading the overview');
  await expect(pending).toBeVisible();
  await expect(pending.getByRole('heading', { name: 'Overview', level: 1 })).toBeVisible();
  for (const route of held.splice(0)) await route.continue();
  await page.unroute(/\/trpc\/[^?]*admin\.metrics/);
  await expect(page.getByTestId('metric-users')).toBeVisible();
  await expect(pending).toHaveCount(0);
});
