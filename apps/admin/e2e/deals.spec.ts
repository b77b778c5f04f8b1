import { DEMO_PASSWORD, E2E_ADMIN, signInAsAdmin } from '@barterads/testing/e2e';
import { expect, test } from '@playwright/test';

/** Demo users no other admin suite signs in as: the seed's sixth (advertiser) and seventh (media owner) users. */
const ADVERTISER_ID = '00000000-0000-4000-8100-000000000006';
const OWNER_LISTING_ID = '00000000-0000-4000-8200-000000000007';

test('an admin finds an open deal and cancels it with a reason, which Activity records', async ({
  page,
  request,
}) => {
  // A demo advertiser proposes a deal on a demo media owner's listing, through the REST API.
  const users = await (
    await request.get('/api/admin/users?limit=50', {
      headers: {
        authorization: `Bearer ${(await (await request.post('/api/auth/login', { data: E2E_ADMIN })).json()).token}`,
      },
    })
  ).json();
  const advertiser = (users.users as { _id: string; email: string }[]).find((u) => u._id === ADVERTISER_ID)!;
  const login = await request.post('/api/auth/login', {
    data: { email: advertiser.email, password: DEMO_PASSWORD },
  });
  const token = (await login.json()).token as string;
  const listing = (await (await request.get(`/api/barters/${OWNER_LISTING_ID}`)).json()).barter;
  const made = await request.post('/api/deals', {
    headers: { authorization: `Bearer ${token}` },
    data: {
      listingId: OWNER_LISTING_ID,
      items: [
        {
          giverId: listing.ownerId,
          listingId: OWNER_LISTING_ID,
          title: listing.title,
          quantity: 1,
          unit: 'month',
          valueInr: 30000,
        },
        { giverId: ADVERTISER_ID, title: 'Product sampling', quantity: 1, unit: 'event', valueInr: 25000 },
      ],
    },
  });
  expect(made.status()).toBe(201);

  await signInAsAdmin(page);
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Deals' }).click();
  const deals = page.getByRole('list', { name: 'Deals' });
  // The only deal, and the latest activity first.
  const item = deals.getByRole('listitem').first();
  await expect(item).toContainText('proposed');
  await expect(item).toContainText('receives ₹30,000');
  // Before deciding, the admin reads what is traded: the deal's record with each side's items.
  await item.getByRole('button', { name: 'Open record' }).click();
  const record = page.getByRole('dialog', { name: 'Deal record' });
  await expect(record.getByLabel('Item: Product sampling')).toContainText('₹25,000');
  await expect(record.getByLabel(`Item: ${listing.title}`)).toContainText('₹30,000');
  await expect(record.getByRole('heading', { name: 'Versions (1)' })).toBeVisible();
  await record.getByRole('button', { name: 'Close' }).click();
  await expect(record).toBeHidden();
  await item.getByRole('button', { name: 'Cancel deal' }).click();
  const dialog = page.getByRole('dialog', { name: 'Cancel this deal' });
  await dialog.getByRole('textbox').fill('Reported by the media owner');
  await dialog.getByRole('button', { name: 'Cancel the deal' }).click();
  await expect(dialog).toBeHidden();
  await expect(deals.getByRole('listitem').first()).toContainText('cancelled');
  await expect(deals.getByRole('listitem').first()).toContainText('Reason: Reported by the media owner');

  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Activity' }).click();
  const entry = page.getByRole('list', { name: 'Activity' }).getByRole('listitem').first();
  await expect(entry).toContainText('Deal cancelled');
  await expect(entry).toContainText('Reason: Reported by the media owner');
});
