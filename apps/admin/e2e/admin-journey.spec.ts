import { MESSAGES } from '@barterads/core';
import { DEMO_PASSWORD, E2E_ADMIN, expectAppReady, signInAsAdmin } from '@barterads/testing/e2e';
import { expect, type Page, test } from '@playwright/test';

/** A demo advertiser no other suite signs in as (the seed's fourth user), so suspending it disturbs nothing. */
const SUSPENDED_EMAIL = 'ananya.reddy4@demo.barterads.in';

async function pick(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

test('an admin sees the metrics, suspends a user, verifies a listing and finds both in Activity', async ({
  page,
  browser,
}) => {
  test.setTimeout(360_000);
  await signInAsAdmin(page);

  // Overview: the cards show what the database holds (the API answers the same session's figures).
  const metrics = await (await page.request.get('/api/admin/metrics')).json();
  expect(metrics.users).toBeGreaterThan(0);
  expect(metrics.series.users).toHaveLength(12);
  await expect(page.getByTestId('metric-users')).toHaveText(metrics.users.toLocaleString('en-IN'));
  await expect(page.getByTestId('metric-listings')).toHaveText(metrics.listings.toLocaleString('en-IN'));
  await expect(page.getByTestId('metric-verified')).toHaveText(
    metrics.verifiedListings.toLocaleString('en-IN'),
  );
  await expect(page.getByTestId('metric-pending')).toHaveText(
    metrics.pendingListings.toLocaleString('en-IN'),
  );
  await expect(page.getByTestId('metric-deals')).toHaveText(metrics.acceptedDeals.toLocaleString('en-IN'));
  await expect(page.getByRole('heading', { name: 'Users by country' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Countries' }).getByText('India')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Recent postings' })).toBeVisible();

  // Users: filter (kept in the URL), then suspend one with a confirmation.
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Users' }).click();
  await expect(page.getByRole('heading', { name: 'Users' })).toBeVisible();
  await pick(page, 'Type', 'Advertiser');
  await expect(page).toHaveURL(/type=advertiser/);
  await page.getByLabel('Search users').fill('ananya.reddy4@');
  await expect(page).toHaveURL(/q=ananya\.reddy4/);
  await expect(page.getByText('Showing 1 user(s)')).toBeVisible();
  const row = page.getByRole('row', { name: new RegExp(SUSPENDED_EMAIL) });
  await expect(row.getByText('active')).toBeVisible();
  await row.getByRole('button', { name: `Suspend ${SUSPENDED_EMAIL}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Suspend user' });
  await expect(dialog).toContainText(SUSPENDED_EMAIL);
  await dialog.getByRole('button', { name: 'Suspend' }).click();
  await expect(dialog).toBeHidden();
  await expect(row.getByText('suspended')).toBeVisible();
  await expect(row.getByRole('button', { name: `Activate ${SUSPENDED_EMAIL}` })).toBeVisible();
  // the filters survive a reload
  await page.reload();
  await expect(page.getByLabel('Search users')).toHaveValue('ananya.reddy4@');
  await expect(page.getByRole('row', { name: new RegExp(SUSPENDED_EMAIL) })).toContainText('suspended');

  // The suspended user cannot sign in to the web app.
  const webContext = await browser.newContext();
  const web = await webContext.newPage();
  await web.goto('/login');
  await expectAppReady(web);
  await web.getByLabel('Email').fill(SUSPENDED_EMAIL);
  await web.getByRole('textbox', { name: 'Password' }).fill(DEMO_PASSWORD);
  await web.getByRole('button', { name: /sign in|log ?in/i }).click();
  await expect(web.getByRole('alert')).toContainText(MESSAGES.accountSuspended);
  await webContext.close();

  // Listings: an unverified active listing (every demo title is unique), found by its title, is verified.
  const candidates = await (
    await page.request.get('/api/admin/barters?status=active&verified=false&limit=1')
  ).json();
  const target: { _id: string; title: string } = candidates.listings[0];
  expect(target).toBeTruthy();
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Listings' }).click();
  await expect(page.getByRole('heading', { name: 'Listings' })).toBeVisible();
  await page.getByLabel('Search listings').fill(target.title);
  await expect(page.getByText('Showing 1 listing(s)')).toBeVisible();
  const listingRow = page.getByRole('row', { name: target.title });
  await expect(listingRow.getByText('Not verified')).toBeVisible();
  await listingRow.getByRole('button', { name: /^Verify/ }).click();
  await expect(listingRow.getByText('Verified', { exact: true })).toBeVisible();
  await expect(listingRow.getByRole('button', { name: /^Unverify/ })).toBeVisible();
  const after = await (
    await page.request.get(`/api/admin/barters?q=${encodeURIComponent(target.title)}`)
  ).json();
  expect(after.listings).toHaveLength(1);
  expect(after.listings[0]).toMatchObject({ _id: target._id, verified: true });

  // Activity: both changes, with the filters working.
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Activity' }).click();
  const feed = page.getByRole('list', { name: 'Activity' });
  await expect(feed.getByRole('listitem').first()).toContainText('Verified');
  await expect(feed.getByRole('listitem').first()).toContainText(target.title);
  await expect(feed.getByRole('listitem').nth(1)).toContainText('Suspended');
  await expect(feed.getByRole('listitem').nth(1)).toContainText(SUSPENDED_EMAIL);
  await expect(feed.getByRole('listitem').nth(1)).toContainText(E2E_ADMIN.email);
  await pick(page, 'Action', 'Suspended');
  await expect(page).toHaveURL(/action=suspend/);
  await expect(feed.getByRole('listitem')).toHaveCount(1);
  await expect(feed.getByRole('listitem')).toContainText(SUSPENDED_EMAIL);
});

test('an admin archives a listing with a reason after a confirmation', async ({ page }) => {
  await signInAsAdmin(page);
  await page.goto('/admin/listings?status=active');
  await expect(page.getByRole('table', { name: 'Listings' })).toBeVisible();
  const first = page.getByRole('table', { name: 'Listings' }).getByRole('row').nth(1);
  const title = (await first.locator('td').first().locator('p').first().textContent()) ?? '';
  await first.getByRole('button', { name: /^Archive/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Archive listing' });
  const confirm = dialog.getByRole('button', { name: 'Archive' });
  await expect(confirm).toBeDisabled();
  await dialog.getByLabel(/Reason/).fill('Misleading audience figures');
  await confirm.click();
  await expect(dialog).toBeHidden();
  await page.goto('/admin/activity?action=archive');
  const item = page.getByRole('list', { name: 'Activity' }).getByRole('listitem').first();
  await expect(item).toContainText(title);
  await expect(item).toContainText('Reason: Misleading audience figures');
});

test('the admin screens fit a 360 px phone', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await signInAsAdmin(page);
  for (const path of ['/admin/', '/admin/users', '/admin/listings', '/admin/activity']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByText('Loading...')).toHaveCount(0);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, path).toBeLessThanOrEqual(0);
  }
});
