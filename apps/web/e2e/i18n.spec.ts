import {
  DEMO_PASSWORD,
  demoListingId,
  devanagariFaceStates,
  loginThroughApi,
  signUpThroughApi,
  systemFontsDrawing,
  uniqueE2eEmail,
} from '@barterads/testing/e2e';
import {
  type APIRequestContext,
  type BrowserContextOptions,
  expect,
  type Page,
  test,
} from '@playwright/test';

// Every test here stands alone (its own page, its own members), so the file's tests spread over the workers: run
// one after another in one worker, the suite's two largest files (this and public-site.spec) ran on alone at its end.
test.describe.configure({ mode: 'parallel' });

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
    // Codes and file formats Indian business users read as they are.
    'OTP',
    'PAN',
    'Udyam',
    'IGST',
    'CGST',
    'SGST',
    'PDF',
    'CSV',
    'JSON',
    'JPEG',
    'PNG',
    'WebP',
    'MB',
    // India's time zone, after a time in the server's notices ("21:04 IST").
    'IST',
    'Tally',
    'Zoho',
    'Books',
    'WhatsApp',
    'API',
    'REST',
    'CRM',
    'ID',
    'Professional',
    'Enterprise',
    'Growth',
    'Starter',
    'Free',
    'key',
    'URL',
    'HMAC',
    // The word a member sends on WhatsApp to stop the messages, and the webhook address's scheme.
    'STOP',
    'https',
  ].map((word) => word.toLowerCase()),
);

/** The landing page's sections whose text is the product's own copy (not members' listings). */
const LANDING_PARTS = [
  'header',
  'footer',
  'section[aria-labelledby="hero-title"]',
  // The featured listings' badges and buttons (their titles, descriptions and places are the members' words).
  'section[aria-labelledby="featured-title"]',
  '#benefits',
  '#success-stories',
  '#how-it-works',
  '#about',
  '#faq',
];

/**
 * The Latin-script words of the visible text of the page's parts that are not allowed. Members' own words (listing
 * titles, names, messages: marked `translate="no"`, as HTML says of text not to translate) are left out.
 */
async function latinWords(
  page: Page,
  selectors: readonly string[],
  names: readonly string[] = [],
): Promise<string[]> {
  const texts = await Promise.all(
    selectors.map((selector) =>
      page
        .locator(selector)
        .first()
        .evaluate((el) => {
          const parts: string[] = [];
          const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
          for (let node = walker.nextNode(); node; node = walker.nextNode()) {
            const parent = node.parentElement;
            if (!parent || parent.closest('[translate="no"], select, script, style, template')) continue;
            if (!parent.checkVisibility()) continue;
            parts.push(node.textContent ?? '');
          }
          return parts.join(' ');
        }),
    ),
  );
  const words = texts.join('\n').match(/[A-Za-z][A-Za-z'’-]*/g) ?? [];
  const own = new Set(names.flatMap((name) => name.toLowerCase().match(/[a-z]+/g) ?? []));
  return [
    ...new Set(words.filter((word) => !ALLOWED.has(word.toLowerCase()) && !own.has(word.toLowerCase()))),
  ];
}

/**
 * The texts cut at their box's edge: any element with text of its own (a heading, link, button, label, badge, tab,
 * table cell...) that is wider than its box while the box hides the rest (overflow hidden or clipped, or an
 * ellipsis). Members' own words (`translate="no"`: titles a card shortens on purpose) and visually hidden texts are
 * left out; a box that scrolls shows the rest.
 */
function clippedTexts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    // Every part laid out: public pages skip the layout of bands below the fold (content-visibility) until
    // scrolled near, and an element not laid out has no width to compare.
    if (!document.getElementById('e2e-lay-out-all')) {
      const style = document.createElement('style');
      style.id = 'e2e-lay-out-all';
      style.textContent = '* { content-visibility: visible !important; }';
      document.head.append(style);
    }
    return [...document.querySelectorAll<HTMLElement>('body *')]
      .filter((el) =>
        [...el.childNodes].some((node) => node.nodeType === Node.TEXT_NODE && node.textContent?.trim()),
      )
      .filter((el) => !el.closest('.ba-visually-hidden, [translate="no"]') && el.clientWidth > 1)
      .filter((el) => el.offsetParent !== null && el.scrollWidth > el.clientWidth + 1)
      .filter((el) => {
        const style = getComputedStyle(el);
        return ['hidden', 'clip'].includes(style.overflowX) || style.textOverflow === 'ellipsis';
      })
      .map((el) => `${el.tagName.toLowerCase()}.${el.className}: ${(el.textContent ?? '').slice(0, 60)}`);
  });
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
    // The featured listings have arrived (their skeletons have no words to check).
    await expect(page.locator('section[aria-labelledby="featured-title"] article').first()).toBeVisible();
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
    await expect(page.locator('html')).toHaveAttribute('data-app-ready', 'true');
    // The landing page's featured listings and the marketplace's cards have arrived (not their skeletons).
    if (!path.endsWith('about')) await expect(page.locator('main article').first()).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await page.getByRole('button', { name: /मेन्यू|मेनू/ }).click();
    await expect.poll(() => clippedTexts(page)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await page.keyboard.press('Escape');
    // The page's Devanagari is set in the app's own face, not whatever font the phone falls back to.
    expect(await devanagariFaceStates(page)).toContain('loaded');
    // Bold too: the marketplace's heading (one Devanagari word, bold, laid out as the page loads) is drawn with that
    // face, not with a system font's empty boxes.
    if (path.endsWith('marketplace')) expect(await systemFontsDrawing(page, 'main h1')).toEqual([]);
    await page.screenshot({ path: test.info().outputPath('page-360.png'), fullPage: true });
  });
}

test("an English page downloads no Devanagari face but the language switch's names, drawn in their own", async ({
  browser,
}) => {
  // The switch's options name the languages in their own script (हिन्दी, मराठी), the one Devanagari on an English
  // page: in the site's whole regular face they cost a desktop page a 50 KB download. They now have a face of just
  // their letters (about 5 KB), which draws them on a device whose fonts have no Devanagari (this one's draw boxes).
  const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  const page = await context.newPage();
  const fonts: string[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('.woff2')) fonts.push(new URL(request.url()).pathname);
  });
  for (const path of ['/', '/marketplace']) {
    await page.goto(path);
    await expect(page.locator('html')).toHaveAttribute('data-app-ready', 'true');
    await expect(page.getByTestId('language-switch')).toBeVisible();
    await page.evaluate(() => document.fonts.ready);
  }
  expect(fonts.filter((font) => font.includes('noto-sans-devanagari'))).toEqual([]);
  expect(fonts.filter((font) => font.includes('language-names')).length).toBeGreaterThan(0);
  // On a Hindi page the switch shows हिन्दी itself, in that face too, not in a system font.
  await page.goto('/hi/');
  await expect(page.locator('html')).toHaveAttribute('data-app-ready', 'true');
  await page.evaluate(() => document.fonts.ready);
  expect(await systemFontsDrawing(page, '[data-testid="language-switch"]')).toEqual([]);
  await context.close();
});

for (const path of ['/hi/marketplace', '/mr/marketplace']) {
  test(`${path} on a phone: the first screen stands where it was painted whether or not the Devanagari faces have loaded`, async ({
    browser,
  }) => {
    // Where the search box and the first result stand, at 360 px and at Lighthouse's phone width: once as painted
    // before the faces arrive (their files refused, so the fallback is all the page has) and once with them loaded.
    // The title used to wrap "Post a Listing" onto a row of its own only while drawn in the fallback, so the page
    // moved down, then up when the face arrived (Lighthouse: layout shift 0.23).
    const tops = async (width: number, faces: boolean) => {
      const context = await browser.newContext({ viewport: { width, height: 800 } });
      const page = await context.newPage();
      if (!faces) await page.route(/noto-sans-devanagari.*\.woff2$/, (route) => route.abort());
      await page.goto(path);
      await expect(page.locator('html')).toHaveAttribute('data-app-ready', 'true');
      await expect(page.locator('main article').first()).toBeVisible();
      expect(await devanagariFaceStates(page)).toContain(faces ? 'loaded' : 'error');
      const top = async (selector: string) => (await page.locator(selector).first().boundingBox())?.y;
      const result = { search: await top('main input[type="search"]'), first: await top('main article') };
      await context.close();
      return result;
    };
    for (const width of [360, 412])
      expect(await tops(width, false), `${width} px`).toEqual(await tops(width, true));
  });
}

/** A demo listing every language's pages show (the seed's first). */
const DEMO_LISTING = demoListingId(0);
/**
 * The members of these tests make their offers and open their conversations on another demo media owner's listing
 * (the seed's 19th user's, whose inbox no suite checks): messages.spec.ts expects the first demo owner's inbox to be
 * empty, and a suite in the same worker may run before it (deal threads and messages land in that inbox).
 */
const OFFER_LISTING = demoListingId(18);
const OFFER_LISTING_OWNER_EMAIL = 'arjun.gupta19@demo.barterads.in';
const PASSWORD = 'i18n-e2e-password';

/** The translated public pages of a journey: the marketplace, a listing, sign-in and sign-up. */
const PUBLIC_JOURNEY = ['/marketplace', `/listings/${DEMO_LISTING}`, '/login', '/signup'];

for (const language of ['hi', 'mr'] as const) {
  test(`the marketplace, a listing, sign-in and sign-up in ${language}: no English left but members' own words`, async ({
    page,
  }) => {
    for (const path of PUBLIC_JOURNEY) {
      await page.goto(`/${language}${path}`);
      await expect(page.locator('html')).toHaveAttribute('lang', `${language}-IN`);
      await expect(page.locator('html')).toHaveAttribute('data-app-ready', 'true');
      // The page's own content is there (the listing's data, the marketplace's cards).
      await expect(page.locator('h1').first()).toBeVisible();
      if (path === '/marketplace') await expect(page.getByTestId('listing-grid')).toBeVisible();
      expect(await latinWords(page, ['#root']), path).toEqual([]);
    }
  });
}

/** The headings of /settings' lazily loaded sections in each language (their catalogue is the page's). */
const SETTINGS_SECTIONS = {
  hi: ['कर बीजक (Tax Invoice)', 'बीजक सीरीज़', 'वेबहुक', 'WhatsApp'],
  mr: ['कर बीजक (Tax Invoice)', 'बीजक मालिका', 'वेबहुक', 'WhatsApp'],
} as const;

/** Waits for /settings' lazy sections (Tax invoices, Webhooks, WhatsApp) and their content, in `language`. */
async function settingsSectionsLoaded(page: Page, language: 'hi' | 'mr'): Promise<void> {
  for (const name of SETTINGS_SECTIONS[language])
    await expect(page.getByRole('heading', { name, exact: true })).toBeVisible({ timeout: 30_000 });
  // Past their loading placeholders: the WhatsApp number field and the webhooks' plan note.
  await expect(page.locator('[aria-labelledby="whatsapp-title"] input[type="tel"]')).toBeVisible();
  await expect(page.locator('[aria-labelledby="webhooks-title"] .mantine-Alert-root')).toBeVisible();
}

/** A member (made through the API) whose profile says `language`, with an open offer on a demo listing. */
async function memberWithOffer(
  request: APIRequestContext,
  language: 'hi' | 'mr',
): Promise<{ email: string; dealId: string; owner: string[] }> {
  const email = uniqueE2eEmail(`i18n-${language}`);
  await signUpThroughApi(request, {
    email,
    password: PASSWORD,
    userType: 'advertiser',
    firstName: 'Asha',
    lastName: 'Kulkarni',
  });
  const login = await request.post('/api/auth/login', { data: { email, password: PASSWORD } });
  const { token, user } = (await login.json()) as { token: string; user: { _id: string } };
  const auth = { authorization: `Bearer ${token}` };
  expect((await request.patch('/api/auth/me', { headers: auth, data: { language } })).status()).toBe(200);
  const listing = (await (await request.get(`/api/barters/${OFFER_LISTING}`)).json()) as {
    barter: { _id: string; ownerId: string; ownerName: string; ownerCompany: string | null };
  };
  const made = await request.post('/api/deals', {
    headers: auth,
    data: {
      listingId: OFFER_LISTING,
      openDays: 7,
      items: [
        {
          giverId: listing.barter.ownerId,
          listingId: OFFER_LISTING,
          title: 'Site for January',
          quantity: 1,
          unit: 'month',
          valueInr: 40000,
        },
        { giverId: user._id, title: 'Sampling at 12 stores', quantity: 12, unit: 'event', valueInr: 36000 },
      ],
    },
  });
  expect(made.status()).toBe(201);
  return {
    email,
    dealId: ((await made.json()) as { deal: { _id: string } }).deal._id,
    // The other party's names: their own words, shown as written.
    owner: [listing.barter.ownerName, listing.barter.ownerCompany ?? ''],
  };
}

test('after sign-in the app follows the profile: a Marathi member signing in on /hi/login lands in Marathi', async ({
  page,
  request,
}) => {
  const { email, dealId, owner } = await memberWithOffer(request, 'mr');
  await page.goto('/hi/login?redirect=%2Fsettings');
  await expect(page.locator('html')).toHaveAttribute('data-app-ready', 'true');
  await page.getByLabel('ई-मेल').fill(email);
  await page.getByRole('textbox', { name: 'पासवर्ड' }).fill(PASSWORD);
  await page.getByRole('button', { name: 'साइन इन', exact: true }).click();
  await expect(page).toHaveURL(/\/mr\/settings$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'mr-IN');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('खाते सेटिंग्ज');
  // Every section of the settings, in Marathi.
  await expect(page.getByRole('heading', { name: 'तुमची माहिती' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'पेमेंटचा इतिहास' })).toBeVisible();
  // The lazily loaded sections too (Tax invoices, Webhooks, WhatsApp), once they are there.
  await settingsSectionsLoaded(page, 'mr');
  expect(await latinWords(page, ['#root'])).toEqual([]);

  // The deal page, in Marathi too: its words, the Tax section's, the dashboard's chrome.
  await page.goto(`/mr/dashboard/deals/${dealId}`);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('यांच्याशी सौदा');
  await expect(page.getByRole('region', { name: 'कर (Tax)' }).getByLabel('तुमचा पुरवठा')).toBeVisible({
    timeout: 30_000,
  });
  expect(await latinWords(page, ['#root'], owner)).toEqual([]);
});

test('the deal page and settings in Hindi at 360 px: nothing wider than the screen, no control cut', async ({
  browser,
  request,
}) => {
  const { email, dealId, owner } = await memberWithOffer(request, 'hi');
  const context = await browser.newContext({
    viewport: { width: 360, height: 740 },
    isMobile: true,
    hasTouch: true,
  });
  const page = await context.newPage();
  await page.goto('/hi/login?redirect=%2Fdashboard%2Fdeals');
  await expect(page.locator('html')).toHaveAttribute('data-app-ready', 'true');
  await page.getByLabel('ई-मेल').fill(email);
  await page.getByRole('textbox', { name: 'पासवर्ड' }).fill(PASSWORD);
  await page.getByRole('button', { name: 'साइन इन', exact: true }).click();
  await expect(page).toHaveURL(/\/hi\/dashboard\/deals$/);
  for (const path of [`/hi/dashboard/deals/${dealId}`, '/hi/settings']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/[\u0900-\u097F]/);
    if (path.includes('deals')) {
      const supply = page.getByRole('region', { name: 'कर (Tax)' }).getByLabel('आपकी आपूर्ति');
      await expect(supply).toBeVisible({ timeout: 30_000 });
      // What the leg supplies, its quantity in Hindi (the server's description is the invoice's English).
      await expect(supply).toContainText('Sampling at 12 stores (12 इवेंट)');
    } else {
      await expect(page.getByRole('heading', { name: 'भुगतान का इतिहास' })).toBeVisible();
      await settingsSectionsLoaded(page, 'hi');
    }
    expect(await latinWords(page, ['#root'], owner), path).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(360);
    await expect.poll(() => clippedTexts(page), { message: path }).toEqual([]);
    // The Devanagari font has arrived (this machine has no system font for it: boxes until then).
    await page.evaluate(() => document.fonts.ready.then(() => undefined));
    await page.screenshot({
      path: test.info().outputPath(`${path.split('/')[3] ?? 'page'}-360.png`),
      fullPage: true,
    });
  }
  await context.close();
});

for (const path of [
  `/hi/listings/${DEMO_LISTING}`,
  `/mr/listings/${DEMO_LISTING}`,
  '/hi/login',
  '/mr/signup',
]) {
  test(`${path} at 360 px: nothing wider than the screen, no control's text cut`, async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto(path);
    await expect(page.locator('html')).toHaveAttribute('data-app-ready', 'true');
    await expect(page.locator('h1').first()).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await expect.poll(() => clippedTexts(page)).toEqual([]);
    // The Devanagari font has arrived (this machine has no system font for it: boxes until then).
    await page.evaluate(() => document.fonts.ready.then(() => undefined));
    await page.screenshot({ path: test.info().outputPath('page-360.png'), fullPage: true });
  });
}

/**
 * The member's dashboard with something on every page (issue 33, the deals catalogue): a member in `language`
 * with a listing of their own, an offer on the demo listing that its owner (the demo media owner) has countered
 * (the member's turn: the counter form; a notification), a conversation about it and a saved search. `own` are
 * the words the member and the other party wrote themselves, shown as written.
 */
async function memberWithDashboard(
  request: APIRequestContext,
  language: 'hi' | 'mr',
): Promise<{ email: string; dealId: string; conversationId: string; own: string[] }> {
  const { email, dealId, owner } = await memberWithOffer(request, language);
  const { token } = await loginThroughApi(request, email, PASSWORD);
  const auth = { authorization: `Bearer ${token}` };
  const listing = {
    title: 'Product sampling in Pune malls',
    description: 'Sampling at 12 stores across Pune for our new snack.',
    city: 'Pune',
    category: 'event',
    rateInr: 36_000,
    unit: 'event',
  };
  const posted = await request.post('/api/barters', { headers: auth, data: listing });
  expect(posted.status(), await posted.text()).toBe(201);
  const text = 'Is the site free from the first week of January?';
  const about = (
    (await (await request.get(`/api/barters/${OFFER_LISTING}`)).json()) as {
      barter: { title: string; ownerName: string; ownerCompany: string | null };
    }
  ).barter;
  const opened = await request.post('/api/conversations', {
    headers: auth,
    data: { barterId: OFFER_LISTING, text },
  });
  expect(opened.status(), await opened.text()).toBe(201);
  const conversationId = ((await opened.json()) as { conversation: { _id: string } }).conversation._id;
  const search = { name: 'Pune hoardings', query: { q: 'hoarding', city: 'Pune', category: 'outdoor' } };
  const saved = await request.post('/api/saved-searches', {
    headers: auth,
    data: { ...search, frequency: 'weekly' },
  });
  expect(saved.status(), await saved.text()).toBe(201);

  // The listing's owner counters: the offer awaits the member's answer, and the member is told.
  const demo = await loginThroughApi(request, OFFER_LISTING_OWNER_EMAIL, DEMO_PASSWORD);
  const deal = (await (
    await request.get(`/api/deals/${dealId}`, { headers: { authorization: `Bearer ${demo.token}` } })
  ).json()) as {
    deal: {
      items: {
        giverId: string;
        listingId: string | null;
        title: string;
        quantity: number;
        unit: string;
        valueInr: number;
      }[];
    };
  };
  const countered = await request.post(`/api/deals/${dealId}/counter`, {
    headers: { authorization: `Bearer ${demo.token}` },
    data: {
      openDays: 7,
      items: deal.deal.items.map((item) => ({
        giverId: item.giverId,
        listingId: item.listingId ?? undefined,
        title: item.title,
        quantity: item.quantity,
        unit: item.unit,
        valueInr: item.giverId === demo.id ? 38_000 : item.valueInr,
      })),
    },
  });
  expect(countered.status(), await countered.text()).toBe(200);
  return {
    email,
    dealId,
    conversationId,
    own: [
      ...owner,
      about.title,
      about.ownerName,
      about.ownerCompany ?? '',
      'Asha Kulkarni',
      listing.title,
      listing.city,
      text,
      search.name,
      search.query.q,
      search.query.city,
      'Site for January',
      'Sampling at 12 stores',
    ],
  };
}

/** The words of the sign-in page (the member's profile then decides the language). */
async function signInOnHindiPage(page: Page, email: string, to: string): Promise<void> {
  await page.goto(`/hi/login?redirect=${encodeURIComponent(to)}`);
  await expect(page.locator('html')).toHaveAttribute('data-app-ready', 'true');
  await page.getByLabel('ई-मेल').fill(email);
  await page.getByRole('textbox', { name: 'पासवर्ड' }).fill(PASSWORD);
  await page.getByRole('button', { name: 'साइन इन', exact: true }).click();
}

/** Each /dashboard route, and how to tell its content (not only its skeletons) has arrived. */
const DASHBOARD_ROUTES: {
  path: (d: { dealId: string; conversationId: string }) => string;
  ready: (page: Page, language: 'hi' | 'mr') => Promise<void>;
}[] = [
  {
    path: () => '/dashboard',
    ready: async (page) => {
      await expect(page.getByTestId('stat-Total Listings')).toHaveText('1');
      await expect(page.getByRole('region', { name: 'सौदे' })).toBeVisible();
    },
  },
  {
    path: () => '/dashboard/listings',
    ready: async (page) => {
      await expect(page.getByText('Product sampling in Pune malls').locator('visible=true')).toBeVisible();
    },
  },
  {
    path: () => '/dashboard/deals',
    ready: async (page) => {
      await expect(page.locator('a[href*="/dashboard/deals/"]').first()).toBeVisible();
    },
  },
  {
    path: ({ dealId }) => `/dashboard/deals/${dealId}`,
    ready: async (page, language) => {
      // The counter form (the member's turn), with the Tax section loaded beside it.
      await page.getByRole('button', { name: language === 'hi' ? 'जवाबी प्रस्ताव' : 'प्रति-प्रस्ताव' }).click();
      // Version 3: the member's answer to the owner's counter.
      await expect(page.getByRole('form').getByRole('button', { name: /3/ })).toBeVisible();
      await expect(page.getByRole('region', { name: 'कर (Tax)' })).toBeVisible({ timeout: 30_000 });
    },
  },
  {
    path: ({ conversationId }) => `/dashboard/messages?c=${conversationId}`,
    ready: async (page) => {
      await expect(page.getByTestId('message').first()).toBeVisible();
    },
  },
  {
    path: () => '/dashboard/notifications',
    ready: async (page) => {
      await expect(page.getByTestId('notification').first()).toBeVisible();
    },
  },
  {
    path: () => '/dashboard/saved-searches',
    ready: async (page) => {
      await expect(page.getByRole('listitem', { name: 'Pune hoardings' })).toBeVisible();
    },
  },
  {
    path: () => '/dashboard/settings',
    ready: async (page) => {
      await expect(page.getByRole('checkbox').first()).toBeEnabled();
    },
  },
];

const DESKTOP: BrowserContextOptions = { viewport: { width: 1280, height: 800 } };
const PHONE: BrowserContextOptions = {
  viewport: { width: 360, height: 740 },
  isMobile: true,
  hasTouch: true,
};

for (const language of ['hi', 'mr'] as const) {
  test(`the dashboard in ${language} on a computer and at 360 px: no English but members' own words, nothing cut`, async ({
    browser,
    request,
  }) => {
    const member = await memberWithDashboard(request, language);
    for (const [size, options] of [
      ['desktop', DESKTOP],
      ['phone', PHONE],
    ] as const) {
      const context = await browser.newContext(options);
      const page = await context.newPage();
      await signInOnHindiPage(page, member.email, '/dashboard');
      await expect(page).toHaveURL(new RegExp(`/${language}/dashboard$`));
      for (const route of DASHBOARD_ROUTES) {
        const path = `/${language}${route.path(member)}`;
        await page.goto(path);
        await expect(page.locator('html')).toHaveAttribute('lang', `${language}-IN`);
        // Hydrated (the deal page is rendered on the server first): its buttons answer.
        await expect(page.locator('html')).toHaveAttribute('data-app-ready', 'true');
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(/[\u0900-\u097F]/);
        await route.ready(page, language);
        // Every card has its data (no skeleton left), then its words are checked.
        await expect(page.locator('.mantine-Skeleton-root')).toHaveCount(0);
        expect(await latinWords(page, ['body'], member.own), `${size} ${path}`).toEqual([]);
        if (size === 'phone') {
          expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(
            360,
          );
          await expect.poll(() => clippedTexts(page), { message: path }).toEqual([]);
          await page.evaluate(() => document.fonts.ready.then(() => undefined));
          await page.screenshot({
            path: test.info().outputPath(`${language}${route.path(member).replace(/[/?=]/g, '-')}-360.png`),
            fullPage: true,
          });
        }
      }
      await context.close();
    }
  });
}

/** The demo listing's owner: their business page, and their own words (names, description) shown as written. */
async function demoOwner(request: APIRequestContext): Promise<{ id: string; names: string[] }> {
  const listing = (await (await request.get(`/api/barters/${DEMO_LISTING}`)).json()) as {
    barter: { ownerId: string; ownerName: string; ownerCompany: string | null };
  };
  return {
    id: listing.barter.ownerId,
    names: [listing.barter.ownerName, listing.barter.ownerCompany ?? ''],
  };
}

/** Signs `email` in on /<language>/login and lands on `path` (its redirect). */
async function signIn(page: Page, language: 'hi' | 'mr', email: string, path: string): Promise<void> {
  await page.goto(`/${language}/login?redirect=${encodeURIComponent(path)}`);
  await expect(page.locator('html')).toHaveAttribute('data-app-ready', 'true');
  await page.getByLabel('ई-मेल').fill(email);
  await page.getByRole('textbox', { name: 'पासवर्ड' }).fill(PASSWORD);
  await page.getByRole('button', { name: 'साइन इन', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/${language}${path}$`));
}

/** At 360 px: nothing wider than the screen, no control's text cut; a screenshot once the font is there. */
async function fitsPhone(page: Page, name: string): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth), name).toBeLessThanOrEqual(360);
  await expect.poll(() => clippedTexts(page), { message: name }).toEqual([]);
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  await page.screenshot({ path: test.info().outputPath(`${name}-360.png`), fullPage: true });
}

for (const language of ['hi', 'mr'] as const) {
  test(`/${language}/pricing and a business page in ${language} at 360 px: no English left, nothing cut`, async ({
    page,
    request,
  }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto(`/${language}/pricing`);
    await expect(page.locator('html')).toHaveAttribute('data-app-ready', 'true');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/[\u0900-\u097F]/);
    // Both billing periods' words (the yearly one shows its own lines).
    expect(await latinWords(page, ['#root']), 'pricing, monthly').toEqual([]);
    // The segment's radio is hidden behind its label (SegmentedChoice): the label is what a member presses.
    await page
      .locator('label')
      .filter({ hasText: language === 'hi' ? /सालाना/ : /वार्षिक/ })
      .click();
    await expect(page.getByRole('radio', { name: language === 'hi' ? /सालाना/ : /वार्षिक/ })).toBeChecked();
    expect(await latinWords(page, ['#root']), 'pricing, yearly').toEqual([]);
    await fitsPhone(page, 'pricing');

    const owner = await demoOwner(request);
    await page.goto(`/${language}/b/${owner.id}`);
    await expect(page.locator('html')).toHaveAttribute('data-app-ready', 'true');
    await expect(page.getByRole('heading', { level: 2 }).first()).toHaveText(/[\u0900-\u097F]/);
    // The business's reviews have loaded (their heading carries the count).
    await expect(page.getByRole('heading', { name: /\(\d+\)/ })).toBeVisible();
    expect(await latinWords(page, ['#root'], owner.names), 'business page').toEqual([]);
    await fitsPhone(page, 'business');
  });

  test(`the post-listing form and /settings in ${language} at 360 px: no English left, nothing cut`, async ({
    browser,
    request,
  }) => {
    const { email } = await memberWithOffer(request, language);
    const context = await browser.newContext({
      viewport: { width: 360, height: 740 },
      isMobile: true,
      hasTouch: true,
    });
    const page = await context.newPage();
    await signIn(page, language, email, '/dashboard/listings');
    await page.getByRole('button', { name: language === 'hi' ? 'ज़रूरत पोस्ट करें' : 'गरज पोस्ट करा' }).click();
    const dialog = page.getByRole('dialog');
    // The form with its lazily loaded photos field; a category's own details (an outdoor site's size, lighting).
    await expect(
      dialog.getByRole('button', { name: language === 'hi' ? 'फ़ोटो जोड़ें' : 'फोटो जोडा' }),
    ).toBeVisible();
    await dialog.getByLabel('श्रेणी', { exact: true }).click();
    await page
      .getByRole('option', { name: language === 'hi' ? 'आउटडोर और होर्डिंग' : 'आउटडोर आणि होर्डिंग' })
      .click();
    await expect(
      dialog.getByRole('checkbox', { name: language === 'hi' ? 'रोशनी वाला' : 'प्रकाशित' }),
    ).toBeVisible();
    // Sent empty, each field's problem in the language.
    await dialog
      .getByRole('button', { name: language === 'hi' ? 'ज़रूरत प्रकाशित करें' : 'गरज प्रसिद्ध करा' })
      .click();
    await expect(dialog.getByText(language === 'hi' ? 'शीर्षक लिखें।' : 'शीर्षक लिहा.')).toBeVisible();
    expect(await latinWords(page, ['[role="dialog"]']), 'post form').toEqual([]);
    await fitsPhone(page, 'post-form');
    await page.keyboard.press('Escape');

    await page.goto(`/${language}/settings`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/[\u0900-\u097F]/);
    await settingsSectionsLoaded(page, language);
    expect(await latinWords(page, ['#root']), 'settings').toEqual([]);
    await fitsPhone(page, 'settings');
    await context.close();
  });
}
