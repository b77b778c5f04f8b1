import { DEMO_MEDIA_OWNER_EMAIL, DEMO_PASSWORD } from '@barterads/testing/e2e';
import { expect, type Page, test } from '@playwright/test';

const grid = (page: Page) => page.getByTestId('listing-grid');
const cards = (page: Page) => grid(page).getByRole('article');

/** Waits until the list shows the answer to the current URL (no refetch under way). */
async function settled(page: Page) {
  await expect(grid(page)).toHaveAttribute('data-state', 'idle');
}

test('a misspelt search shows results and "Did you mean", which searches the corrected words', async ({
  page,
}) => {
  await page.goto('/marketplace?q=radoi');
  // The first load of a cold server on a busy machine may take a while.
  await expect(cards(page).first()).toBeVisible({ timeout: 30_000 });
  await settled(page);
  await expect(cards(page).first()).toContainText(/radio/i);
  const didYouMean = page.getByTestId('did-you-mean');
  await expect(didYouMean).toContainText('Did you mean radio?');
  // Words are ranked by best match unless another order is chosen.
  await expect(page.getByRole('combobox', { name: 'Sort by' })).toHaveValue('relevance');
  await didYouMean.getByRole('button', { name: 'radio' }).click();
  await expect(page.getByLabel('Search listings')).toHaveValue('radio');
  await expect(page).toHaveURL(/[?&]q=radio(&|$)/);
  await expect(didYouMean).toBeHidden();
});

test('city, rate, dates and order live in the URL and survive a reload', async ({ page }) => {
  test.setTimeout(180_000);
  await page.goto('/marketplace');
  await expect(cards(page).first()).toBeVisible({ timeout: 30_000 });

  await page.getByRole('button', { name: 'More filters' }).click();
  const city = page.getByRole('combobox', { name: 'City' });
  await city.fill('Pune');
  await page.getByRole('option', { name: 'Pune', exact: true }).click();
  await expect(page).toHaveURL(/[?&]city=Pune/);
  await page.getByRole('textbox', { name: 'Rate up to (₹)' }).fill('150000');
  await expect(page).toHaveURL(/[?&]rateMax=150000/);
  // Available at some time after 100 days from now: listings booked only until sooner are left out.
  const later = new Date(Date.now() + 100 * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
  // Typed as India writes dates (issue 35): dd/mm/yyyy, whatever the browser's language.
  const [year, month, day] = later.split('-');
  const laterTyped = `${day}/${month}/${year}`;
  await page.getByRole('textbox', { name: 'Available from' }).fill(laterTyped);
  await expect(page).toHaveURL(new RegExp(`[?&]availableFrom=${later}`));
  await page.getByRole('combobox', { name: 'Sort by' }).selectOption({ label: 'Rate: low to high' });
  await expect(page).toHaveURL(/[?&]sort=rate_asc/);
  await settled(page);
  const before = await cards(page).allTextContents();
  expect(before.length).toBeGreaterThan(0);
  for (const text of before) expect(text).toContain('Pune');

  await page.reload();
  await expect(cards(page).first()).toBeVisible({ timeout: 30_000 });
  await settled(page);
  await expect(page.getByRole('button', { name: 'More filters (3)' })).toHaveAttribute(
    'aria-expanded',
    'true',
  );
  await expect(page.getByRole('combobox', { name: 'City' })).toHaveValue('Pune');
  await expect(page.getByRole('textbox', { name: 'Available from' })).toHaveValue(laterTyped);
  await expect(page.getByRole('textbox', { name: 'Rate up to (₹)' })).toHaveValue('150,000');
  await expect(page.getByRole('combobox', { name: 'Sort by' })).toHaveValue('rate_asc');
  expect(await cards(page).allTextContents()).toEqual(before);

  // A search with nothing to show offers to clear the filters or to post a need.
  await page.getByLabel('Search listings').fill('zzqqxxnothing');
  const empty = page.getByTestId('no-results');
  await expect(empty).toContainText('No results found.');
  await expect(empty.getByRole('button', { name: 'Post a need for this' })).toBeVisible();
  await empty.getByRole('button', { name: 'Clear filters' }).click();
  await expect(page).not.toHaveURL(/city=|rateMax=|availableFrom=|sort=|q=/);
  await expect(cards(page).first()).toBeVisible();
  await expect(page.getByLabel('Search listings')).toHaveValue('');
});

test('the map view shows a pin for each listing with a place, each linking to its page', async ({ page }) => {
  // Tests do not need tiles (no internet here): every tile answers empty.
  await page.route(/tile\.openstreetmap\.org/, (route) => route.fulfill({ status: 204, body: '' }));
  await page.goto('/marketplace');
  await expect(cards(page).first()).toBeVisible({ timeout: 30_000 });
  await page.getByText('Map', { exact: true }).click();
  await expect(page).toHaveURL(/[?&]display=map/);
  const map = page.getByTestId('listing-map');
  await expect(map).toBeVisible();
  const pins = map.locator('path.listing-pin');
  await expect.poll(() => pins.count()).toBeGreaterThan(0);
  expect(await pins.count()).toBe(Number(await map.getAttribute('data-pins')));
  // Pins of one city lie on each other: the click goes to the pin itself.
  await pins.first().dispatchEvent('click');
  await expect(map.locator('.leaflet-popup-content a')).toHaveAttribute(
    'href',
    /^\/listings\/[0-9a-f-]{36}$/,
  );

  // The map view is in the URL too, and List goes back to the cards.
  await page.reload();
  await expect(page.getByTestId('listing-map')).toBeVisible({ timeout: 30_000 });
  await page.getByText('List', { exact: true }).click();
  await expect(page).not.toHaveURL(/display=/);
  await expect(cards(page).first()).toBeVisible();
});

test('"Post a need for this" opens the post form filled with the search, its category and its city', async ({
  page,
}) => {
  await page.goto(
    '/login?redirect=%2Fmarketplace%3Fq%3Dzzqqxx%2520neon%2520wall%26category%3Doutdoor%26city%3DPune',
  );
  await page.getByLabel('Email').fill(DEMO_MEDIA_OWNER_EMAIL);
  await page.getByRole('textbox', { name: 'Password' }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/marketplace\?/);
  const empty = page.getByTestId('no-results');
  await expect(empty).toContainText('No results found.');
  await empty.getByRole('button', { name: 'Post a need for this' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Inventory' });
  await expect(dialog.getByRole('textbox', { name: 'Inventory title' })).toHaveValue('zzqqxx neon wall');
  await expect(dialog.getByRole('combobox', { name: 'City' })).toHaveValue(/^Pune, Maharashtra$/);
  await expect(dialog.getByRole('combobox', { name: 'Category' })).toHaveValue(/Outdoor/);
});
