import {
  DEMO_PASSWORD,
  demoListingId,
  loginThroughApi,
  signInAsAdmin,
  TINY_PNG,
} from '@barterads/testing/e2e';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';

/**
 * Issue 35 in the admin app: a dispute's evidence in its record (item 21) and keeping a review whose report is
 * unfounded (item 22). Demo members no other admin suite uses.
 */

interface Member {
  token: string;
  id: string;
}

const login = (request: APIRequestContext, email: string): Promise<Member> =>
  loginThroughApi(request, email, DEMO_PASSWORD);
const listingId = demoListingId;
const auth = (m: Member) => ({ authorization: `Bearer ${m.token}` });

/** Signs in to the admin app and opens its Deals screen. */
async function openAdminDeals(page: Page) {
  await signInAsAdmin(page);
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Deals' }).click();
}

/** An accepted deal: `owner` gives a hoarding on its listing n, `brand` gives vouchers. */
async function acceptedDeal(
  request: APIRequestContext,
  owner: Member,
  brand: Member,
  n: number,
  title: string,
) {
  const made = await request.post('/api/deals', {
    headers: auth(brand),
    data: {
      listingId: listingId(n),
      items: [
        { giverId: owner.id, listingId: listingId(n), title, quantity: 1, unit: 'month', valueInr: 20000 },
        { giverId: brand.id, title: 'Vouchers', quantity: 100, unit: 'event', valueInr: 18000 },
      ],
    },
  });
  expect(made.status()).toBe(201);
  const id = (await made.json()).deal._id as string;
  const accepted = await request.post(`/api/deals/${id}/accept`, {
    headers: auth(owner),
    data: { version: 1 },
  });
  expect(accepted.status()).toBe(200);
  const items = (await accepted.json()).deal.items as { _id: string; giverId: string }[];
  return {
    id,
    ownerItem: items.find((i) => i.giverId === owner.id)!._id,
    brandItem: items.find((i) => i.giverId === brand.id)!._id,
  };
}

test("item 21: the dispute record shows the receiver's evidence beside the giver's proof", async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  const owner = await login(request, 'rohan.singh3@demo.barterads.in');
  const brand = await login(request, 'meera.iyer6@demo.barterads.in');
  const deal = await acceptedDeal(request, owner, brand, 2, 'Hoarding on the ring road');
  const delivered = await request.post(`/api/deals/${deal.id}/items/${deal.ownerItem}/deliver`, {
    headers: auth(owner),
    multipart: { link: 'https://example.com/ring-road', note: 'Up on Monday' },
  });
  expect(delivered.status()).toBe(200);
  const disputed = await request.post(`/api/deals/${deal.id}/items/${deal.ownerItem}/dispute`, {
    headers: auth(brand),
    data: { reason: 'not_as_agreed', details: 'The hoarding is half covered by a tree.' },
  });
  expect(disputed.status()).toBe(200);
  const evidence = await request.post(`/api/deals/${deal.id}/items/${deal.ownerItem}/dispute-evidence`, {
    headers: auth(brand),
    multipart: { files: { name: 'tree.png', mimeType: 'image/png', buffer: TINY_PNG } },
  });
  expect(evidence.status()).toBe(200);

  await openAdminDeals(page);
  const row = page
    .getByLabel('Dispute queue')
    .getByText(/Iyer Brands Pvt Ltd/)
    .first();
  await row
    .locator('xpath=ancestor::div[contains(@class,"mantine-Paper-root")]')
    .getByRole('button', { name: 'Open record' })
    .click();
  const record = page.getByRole('dialog', { name: 'Dispute record' });
  const item = record.getByLabel('Item: Hoarding on the ring road');
  await expect(item.getByText("Iyer Brands Pvt Ltd's evidence for the dispute")).toBeVisible();
  const photo = item.getByRole('img', { name: 'Evidence photo tree.png' });
  await expect(photo).toBeVisible();
  await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
});

test('item 22: an admin keeps a review whose report is unfounded; the card names the business and the reporter', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  const owner = await login(request, 'aarav.sharma13@demo.barterads.in');
  const brand = await login(request, 'priya.nair14@demo.barterads.in');
  const reporter = await login(request, 'kavya.joshi8@demo.barterads.in');
  const deal = await acceptedDeal(request, owner, brand, 12, 'Hoarding at the toll plaza');
  for (const [itemId, giver, receiver] of [
    [deal.ownerItem, owner, brand],
    [deal.brandItem, brand, owner],
  ] as const) {
    const delivered = await request.post(`/api/deals/${deal.id}/items/${itemId}/deliver`, {
      headers: auth(giver),
      multipart: { link: 'https://example.com/proof' },
    });
    expect(delivered.status()).toBe(200);
    const ok = await request.post(`/api/deals/${deal.id}/items/${itemId}/accept`, {
      headers: auth(receiver),
    });
    expect(ok.status()).toBe(200);
  }
  const fair = 'The hoarding was lit every night, as agreed.';
  const theirs = await request.post(`/api/deals/${deal.id}/reviews`, {
    headers: auth(brand),
    data: { rating: 5, text: fair },
  });
  expect(theirs.status()).toBe(201);
  const reviewId = (await theirs.json()).review._id as string;
  expect(
    (
      await request.post(`/api/deals/${deal.id}/reviews`, {
        headers: auth(owner),
        data: { rating: 5, text: 'Paid on time.' },
      })
    ).status(),
  ).toBe(201);
  const reported = await request.post(`/api/reviews/${reviewId}/report`, {
    headers: auth(reporter),
    data: { reason: 'Too good to be true' },
  });
  expect(reported.status()).toBe(200);

  await openAdminDeals(page);
  const queue = page.getByLabel('Reported reviews');
  const card = queue.getByLabel('Review by Nair Brands Pvt Ltd');
  await expect(card).toContainText('Review of Sharma Media Pvt Ltd by Nair Brands Pvt Ltd');
  await expect(card.getByLabel('Reports')).toContainText('Joshi Brands Pvt Ltd');
  await expect(card.getByLabel('Reports')).toContainText('Too good to be true');
  await card.getByRole('button', { name: 'Keep review, dismiss reports' }).click();
  await expect(queue.getByRole('status')).toContainText(
    "Kept: Nair Brands Pvt Ltd's review stays public; its reports are dismissed.",
  );
  await expect(card).toHaveCount(0);
  // Still public on the business page.
  const business = await request.get(`/api/businesses/${owner.id}`);
  const listed = (await business.json()).reviews as { _id: string }[];
  expect(listed.map((r) => r._id)).toContain(reviewId);
});
