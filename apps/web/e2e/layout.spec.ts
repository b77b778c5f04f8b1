import { expect, type Page, test } from '@playwright/test';

/** Issue 17's screens, on a 360 px phone and a 1366 px desktop. */
const VIEWPORTS = [
  { name: 'phone', width: 360, height: 740 },
  { name: 'desktop', width: 1366, height: 768 },
] as const;

const cards = (page: Page) => page.getByTestId('listing-grid').getByRole('article');

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

    test('marketplace cards: 16:10 images, two cards within one screen', async ({ page }) => {
      await page.goto('/marketplace');
      await expect(cards(page).nth(1)).toBeVisible({ timeout: 30_000 });
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
      await page.addInitScript(() => localStorage.setItem('theme', 'dark'));
      // Every image fails to load, so that every card shows its placeholder.
      await page.route('**/*', (route) =>
        route.request().resourceType() === 'image' ? route.abort() : route.continue(),
      );
      await page.goto('/marketplace');
      const placeholder = cards(page).first().locator('[data-image-placeholder]');
      await expect(placeholder).toBeVisible({ timeout: 30_000 });
      const background = await placeholder.evaluate((el) => getComputedStyle(el).backgroundColor);
      const card = await cards(page)
        .first()
        .evaluate((el) => getComputedStyle(el).backgroundColor);
      expect(luminance(background)).toBeLessThan(0.1);
      expect(luminance(card)).toBeLessThan(0.1);
    });
  });
}
