import { expect, type Page, test } from '@playwright/test';

/**
 * Issue 33: the site in Hindi and Marathi. The visible chrome (header, footer) and the translated journeys' own
 * text carry no Latin-script word outside the brand and legal terms that keep their English, the page is in the
 * language's `lang` with absolute `hreflang` alternates, the header switches the language and remembers it, and a
 * first visit follows the browser's language. At 360 px nothing overflows the page or its controls.
 */

/** Words that stay in Latin script in every language: the brand, and legal terms kept beside the translation. */
const ALLOWED = new Set(
  [
    'BarterAds',
    'English',
    'Privacy',
    'Policy',
    'Terms',
    'Conditions',
    'Refund',
    'Cancellation',
    'GST',
    'GSTIN',
    'SAC',
    'Tax',
    'Invoice',
    'Place',
    'of',
    'Supply',
    'LLP',
    'Media',
  ].map((word) => word.toLowerCase()),
);

/** The landing page's sections whose text is the product's own copy (not members' listings). */
const LANDING_PARTS = [
  'header',
  'footer',
  'section[aria-labelledby="hero-title"]',
  '#benefits',
  '#success-stories',
  '#how-it-works',
  '#about',
  '#faq',
];

/** The Latin-script words of the visible text of the page's parts that are not allowed. */
async function latinWords(page: Page, selectors: readonly string[]): Promise<string[]> {
  const texts = await Promise.all(
    selectors.map((selector) =>
      page
        .locator(selector)
        .first()
        // biome-ignore lint/performance/useDomNodeTextContent: the visible text is what is checked (not hidden nodes')
        .evaluate((el) => (el as HTMLElement).innerText),
    ),
  );
  const words = texts.join('\n').match(/[A-Za-z][A-Za-z'’-]*/g) ?? [];
  return [...new Set(words.filter((word) => !ALLOWED.has(word.toLowerCase())))];
}

for (const language of ['hi', 'mr'] as const) {
  test(`/${language}/ is in ${language}: lang, hreflang, no English left in its chrome and copy`, async ({
    page,
  }) => {
    await page.goto(`/${language}/`);
    await expect(page.locator('html')).toHaveAttribute('lang', `${language}-IN`);
    await expect(page.locator('#hero-title')).toHaveText(/[\u0900-\u097F]/);
    const alternates = await page
      .locator('link[rel="alternate"][hreflang]')
      .evaluateAll((links) =>
        links.map((link) => `${link.getAttribute('hreflang')} ${link.getAttribute('href')}`),
      );
    expect(alternates).toHaveLength(4);
    for (const alternate of alternates) expect(alternate).toMatch(/^[a-z-]+[A-Z]* https?:\/\//i);
    expect(alternates).toContainEqual(
      expect.stringMatching(new RegExp(`^${language}-IN https?://[^/]+/${language}/$`)),
    );
    expect(await latinWords(page, LANDING_PARTS)).toEqual([]);
    // Links stay in the language.
    await expect(page.locator('header').getByRole('link', { name: /./ }).first()).toHaveAttribute(
      'href',
      `/${language}/`,
    );
  });

  test(`/${language}/marketplace: the header and footer in ${language}`, async ({ page }) => {
    await page.goto(`/${language}/marketplace`);
    await expect(page.locator('html')).toHaveAttribute('lang', `${language}-IN`);
    expect(await latinWords(page, ['header', 'footer'])).toEqual([]);
  });
}

test('the header switch changes the language in place and the next visit to / follows it', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en-IN');
  // The pre-rendered page answers once it has hydrated.
  await expect(page.locator('html')).toHaveAttribute('data-app-ready', 'true');
  await page.getByTestId('language-switch').first().selectOption('mr');
  await expect(page).toHaveURL(/\/mr\/$/);
  await expect(page.locator('#hero-title')).toHaveText('रोख खर्च न करता जाहिरात मिळवा');
  await expect(page.locator('html')).toHaveAttribute('lang', 'mr-IN');
  await page.locator('header').getByRole('link', { name: 'मार्केटप्लेस' }).click();
  await expect(page).toHaveURL(/\/mr\/marketplace$/);
  // The choice is remembered: the home page opens in Marathi.
  await page.goto('/');
  await expect(page).toHaveURL(/\/mr\/$/);
  await expect(page.locator('html')).toHaveAttribute('data-app-ready', 'true');
  await page.getByTestId('language-switch').first().selectOption('en');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.locator('#hero-title')).toHaveText('Trade advertising without spending cash');
});

test('a first visit follows Accept-Language', async ({ browser }) => {
  const context = await browser.newContext({ locale: 'hi-IN' });
  const page = await context.newPage();
  await page.goto('/');
  await expect(page).toHaveURL(/\/hi\/$/);
  await expect(page.locator('#hero-title')).toHaveText('बिना नकद ख़र्च किए विज्ञापन पाएँ');
  await context.close();
});

for (const path of ['/hi/', '/mr/', '/hi/marketplace', '/mr/marketplace', '/hi/about', '/mr/about']) {
  test(`${path} at 360 px: nothing wider than the screen, no control's text cut`, async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto(path);
    await expect(page.locator('html')).toHaveAttribute('lang', /-IN$/);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await page.getByRole('button', { name: /मेन्यू|मेनू/ }).click();
    // Measured once the page has settled: its fonts loaded and no route stylesheet still arriving (a card drawn
    // before its stylesheet is narrower for a moment, which a slow machine catches).
    const clipped = () =>
      page.evaluate(async () => {
        await document.fonts.ready;
        return [
          ...document.querySelectorAll<HTMLElement>('h1, h2, h3, a, button, label, .mantine-Button-label'),
        ]
          .filter((el) => !el.closest('.ba-visually-hidden') && el.clientWidth > 1)
          .filter((el) => el.offsetParent !== null && el.scrollWidth > el.clientWidth + 1)
          .filter(
            (el) =>
              getComputedStyle(el).overflow !== 'visible' || getComputedStyle(el).textOverflow === 'ellipsis',
          )
          .map((el) => (el.textContent ?? '').slice(0, 60));
      });
    await expect.poll(clipped).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  });
}
