import { AxeBuilder } from '@axe-core/playwright';
import { type BrowserContext, expect, type Locator, type Page } from '@playwright/test';

/**
 * axe's serious and critical findings against WCAG 2.1 A and AA on the page as it stands, one line each (the rule,
 * then each element and what to fix), so that a test's failure says what broke where. The pointer is parked in the
 * page's top-left corner first: wherever the last click left it, it would put whatever lies there in its hover
 * state, and the findings would depend on the layout under it. `options.hovering` puts it on that element instead,
 * and checks only it (in its hover state: a light button under the pointer was 3.8-4.4:1 until 30 Nov).
 *
 * axe runs in the page itself (`axe.run`, the builder's legacy mode) and keeps the details of violations only. By
 * default the builder runs axe in each frame, then opens a blank page of its own to merge the frames' results, every
 * passing element's selector and markup included: a new renderer for each check. Our pages have no cross-origin frames
 * (the one frame, admin's document preview, is same-origin, which this mode still checks). One page's check took
 * 0.4-1.3 s this way, against 0.7-2.4 s (22 checks of the member pages: 16.3 s against 31.6 s; 2 Dec).
 */
export async function seriousViolations(page: Page, options: { hovering?: Locator } = {}): Promise<string[]> {
  // `options()` replaces every option set before it, the tags included: it comes first.
  let axe = new AxeBuilder({ page })
    .options({ resultTypes: ['violations'] })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .setLegacyMode(true);
  if (options.hovering) {
    await options.hovering.hover();
    const marked = `hovered-${Date.now()}`;
    await options.hovering.evaluate((element, id) => element.setAttribute('data-axe-target', id), marked);
    axe = axe.include(`[data-axe-target="${marked}"]`);
  } else {
    await page.mouse.move(0, 0);
  }
  const result = await axe.analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.nodes.map((n) => `${n.target.join(' ')} ${n.failureSummary ?? ''}`).join(', ')}`,
    );
}

/**
 * Waits until the app answers on the page (`<html data-app-ready>`): on a page pre-rendered by the build (the public
 * pages, sign-in and sign-up), a click before then is kept and repeated by the page's loader once the app is ready,
 * so a check of its effect right after it (`check()` of a radio) would see nothing yet.
 */
export async function expectAppReady(page: Page): Promise<void> {
  await expect(page.locator('html[data-app-ready]')).toBeAttached({ timeout: 30_000 });
}

/** Waits until a page shows its answer, the state to check it in: its heading, and nothing still loading. */
export async function expectPageLoaded(page: Page): Promise<void> {
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 30_000 });
  await expect(page.locator('[aria-busy="true"], .mantine-Skeleton-root, .mantine-Loader-root')).toHaveCount(
    0,
    {
      timeout: 30_000,
    },
  );
}

/**
 * Every page that `target` opens from now on starts in `scheme`, as for a member who chose it before: the theme
 * remembered under the spec's `theme` key (packages/ui's THEME_STORAGE_KEY), set before the app's scripts run.
 */
export async function rememberColorScheme(
  target: Page | BrowserContext,
  scheme: 'light' | 'dark',
): Promise<void> {
  await target.addInitScript((value) => localStorage.setItem('theme', value), scheme);
}
