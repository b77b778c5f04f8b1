import { DEMO_MEDIA_OWNER_EMAIL, DEMO_PASSWORD, signInThroughForm } from '@barterads/testing/e2e';
import { expect, type Page, test } from '@playwright/test';

/**
 * Issue 33: a listing may carry a Hindi or Marathi title and description beside the English (spec 3, section 5).
 * A media owner adds the Hindi version in the post form's folded section; on /hi/marketplace a search for a Hindi
 * word finds the listing, whose card and page show the Hindi title (the English on English pages), and at 360 px
 * nothing is wider than the screen or cut.
 */

const grid = (page: Page) => page.getByTestId('listing-grid');
const cards = (page: Page) => grid(page).getByRole('article');

/** Headings, links, buttons and labels whose text is cut (wider than their box, which hides the rest). */
function clippedTexts(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('h1, h2, h3, a, button, label, .mantine-Button-label')]
      .filter((el) => !el.closest('.ba-visually-hidden') && el.clientWidth > 1)
      .filter((el) => el.offsetParent !== null && el.scrollWidth > el.clientWidth + 1)
      .filter(
        (el) =>
          getComputedStyle(el).overflow !== 'visible' || getComputedStyle(el).textOverflow === 'ellipsis',
      )
      .map((el) => (el.textContent ?? '').slice(0, 60)),
  );
}

async function fitsPhone(page: Page, name: string): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth), name).toBeLessThanOrEqual(360);
  await expect.poll(() => clippedTexts(page), { message: name }).toEqual([]);
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  await page.screenshot({ path: test.info().outputPath(`${name}-360.png`), fullPage: true });
}

test('a listing posted with a Hindi title is found by a Hindi search on /hi/marketplace and shown in Hindi, at 360 px', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const context = await browser.newContext({
    viewport: { width: 360, height: 740 },
    isMobile: true,
    hasTouch: true,
  });
  const page = await context.newPage();
  await signInThroughForm(page, DEMO_MEDIA_OWNER_EMAIL, DEMO_PASSWORD, '/dashboard');

  const stamp = Date.now();
  const english = `Shimmering hoarding at Dadar ${stamp}`;
  const hindi = 'दादर स्टेशन पर झिलमिलाता होर्डिंग';
  await page.goto('/marketplace');
  await page.getByRole('button', { name: 'Add Inventory' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Inventory' });
  await dialog.getByLabel('Inventory title').fill(english);
  await dialog.getByLabel('Description').fill('A front-lit hoarding facing the station exit.');
  await dialog.getByRole('combobox', { name: 'City' }).fill('Mumbai');
  await page.getByRole('option', { name: 'Mumbai, Maharashtra', exact: true }).click();

  // The Hindi version is folded away until asked for; the toggle says whether it is open.
  const toggle = dialog.getByRole('button', { name: 'Add a Hindi or Marathi version' });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  // Folded away, its fields are not in the form (nor in the way of the other fields' names).
  await expect(dialog.getByLabel('Title in हिन्दी')).toHaveCount(0);
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await expect(dialog.getByRole('radio', { name: 'हिन्दी' })).toBeChecked();
  // A description without its title is refused on the field.
  await dialog.getByLabel('Description in हिन्दी').fill('स्टेशन से निकलते ही सामने दिखने वाला होर्डिंग।');
  await dialog.getByRole('button', { name: 'Publish Inventory' }).click();
  await expect(dialog.getByText('Please write the title in Hindi or Marathi too.')).toBeVisible();
  await dialog.getByLabel('Title in हिन्दी').fill(hindi);
  await expect(dialog.getByLabel('Title in हिन्दी')).toHaveAttribute('lang', 'hi');
  await fitsPhone(page, 'post-form-hindi');
  await dialog.getByRole('button', { name: 'Publish Inventory' }).click();
  await expect(dialog).toBeHidden();
  // English pages show the English title.
  await expect(cards(page).first()).toContainText(english);
  await expect(cards(page).first()).not.toContainText(hindi);

  await page.goto('/hi/marketplace');
  await expect(page.locator('html')).toHaveAttribute('lang', 'hi-IN');
  await page.getByLabel('लिस्टिंग खोजें').fill('झिलमिलाता');
  await expect(page).toHaveURL(/[?&]q=/);
  await expect(grid(page)).toHaveAttribute('data-state', 'idle');
  await expect(cards(page)).toHaveCount(1);
  const card = cards(page).first();
  await expect(card.getByRole('heading', { level: 3 })).toHaveText(hindi);
  await expect(card.getByRole('heading', { level: 3 })).toHaveAttribute('lang', 'hi-IN');
  await expect(card).toContainText('स्टेशन से निकलते ही सामने दिखने वाला होर्डिंग।');
  await expect(card).not.toContainText(english);
  await fitsPhone(page, 'hi-marketplace-search');

  // A one-edit typo of the Hindi word finds it too.
  await page.getByLabel('लिस्टिंग खोजें').fill('झिलमिलता');
  await expect(page).toHaveURL(/[?&]q=/);
  await expect(grid(page)).toHaveAttribute('data-state', 'idle');
  await expect(cards(page).first().getByRole('heading', { level: 3 })).toHaveText(hindi);

  // Its page in Hindi: the Hindi title as the heading and in the document's title.
  await cards(page).first().getByRole('link', { name: hindi }).click();
  await expect(page).toHaveURL(/\/hi\/listings\//);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(hindi);
  await expect(page).toHaveTitle(new RegExp(hindi));
  await fitsPhone(page, 'hi-listing-page');
  await context.close();
});
