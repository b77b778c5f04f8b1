import { DEMO_PASSWORD, signInAsAdmin } from '@barterads/testing/e2e';
import { type APIRequestContext, expect, test } from '@playwright/test';

/**
 * Demo users no other suite signs in as (the seed's 19th and 20th): the media owner Arjun Gupta (Gupta Media Pvt
 * Ltd) and the advertiser Kavya Joshi (Joshi Brands Pvt Ltd). Their deal is accepted, delivered and disputed over
 * the REST API; the admin decides the dispute in the admin app.
 */
const OWNER_EMAIL = 'arjun.gupta19@demo.barterads.in';
const ADVERTISER_EMAIL = 'kavya.joshi20@demo.barterads.in';

async function login(request: APIRequestContext, email: string) {
  const res = await request.post('/api/auth/login', { data: { email, password: DEMO_PASSWORD } });
  expect(res.status()).toBe(200);
  const body = await res.json();
  return { token: body.token as string, id: body.user._id as string };
}

test('an admin decides a dispute from the whole record: the item goes back to be delivered again', async ({
  page,
  request,
}) => {
  test.setTimeout(360_000);
  const owner = await login(request, OWNER_EMAIL);
  const brand = await login(request, ADVERTISER_EMAIL);
  const auth = (t: string) => ({ authorization: `Bearer ${t}` });
  const mine = await request.get('/api/barters/me', { headers: auth(owner.token) });
  const listing = ((await mine.json()).barters as { _id: string; status: string }[]).find(
    (l) => l.status === 'active',
  )!;
  const made = await request.post('/api/deals', {
    headers: auth(brand.token),
    data: {
      listingId: listing._id,
      items: [
        { giverId: owner.id, title: 'Gantry for two weeks', quantity: 1, unit: 'month', valueInr: 30000 },
        { giverId: brand.id, title: 'Radio mentions', quantity: 5, unit: 'spot', valueInr: 25000 },
      ],
    },
  });
  expect(made.status()).toBe(201);
  const dealId = (await made.json()).deal._id as string;
  const accepted = await request.post(`/api/deals/${dealId}/accept`, {
    headers: auth(owner.token),
    data: { version: 1 },
  });
  const items = (await accepted.json()).deal.items as { _id: string; giverId: string }[];
  const gantry = items.find((i) => i.giverId === owner.id)!._id;
  const delivered = await request.post(`/api/deals/${dealId}/items/${gantry}/deliver`, {
    headers: auth(owner.token),
    multipart: { link: 'https://example.com/gantry-photos', note: 'Mounted on Monday' },
  });
  expect(delivered.status()).toBe(200);
  const disputed = await request.post(`/api/deals/${dealId}/items/${gantry}/dispute`, {
    headers: auth(brand.token),
    data: { reason: 'not_as_agreed', details: 'The gantry faces the service road.' },
  });
  expect(disputed.status()).toBe(200);

  await signInAsAdmin(page);
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Deals' }).click();
  const queue = page.getByLabel('Dispute queue');
  const row = queue.getByText(/Joshi Brands Pvt Ltd|Gupta Media Pvt Ltd/).first();
  await expect(row).toBeVisible();
  await row
    .locator('xpath=ancestor::div[contains(@class,"mantine-Paper-root")]')
    .getByRole('button', { name: 'Open record' })
    .click();
  const record = page.getByRole('dialog', { name: 'Dispute record' });
  await expect(record.getByText('Not as agreed: The gantry faces the service road.')).toBeVisible();
  await expect(record.getByText("Giver's note: Mounted on Monday")).toBeVisible();
  await expect(record.getByLabel('Timeline')).toContainText('disputed — Gantry for two weeks');
  // The accepted deal's letter, which the admin downloads with the session the app signed in with.
  const letter = record.getByRole('link', { name: 'Download the deal letter (PDF)' });
  await expect(letter).toHaveAttribute('href', `/api/deals/${dealId}/letter.pdf`);
  const pdf = await page.request.get(`/api/deals/${dealId}/letter.pdf`);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');
  await record.getByRole('combobox', { name: 'Outcome', exact: true }).click();
  await page.getByRole('option', { name: 'Deliver again', exact: true }).click();
  await record
    .getByRole('textbox', { name: /^Note/ })
    .fill('Turn the flex to face the main road, then deliver again.');
  await record.getByRole('button', { name: 'Decide' }).click();
  await expect(record.getByLabel('Timeline')).toContainText('resolved redeliver — Gantry for two weeks');

  const deal = await request.get(`/api/deals/${dealId}`, { headers: auth(brand.token) });
  const body = await deal.json();
  expect(body.deal.status).toBe('accepted');
  expect(body.deal.items.find((i: { _id: string }) => i._id === gantry).deliverable).toMatchObject({
    status: 'pending',
    resolutionNote: 'Turn the flex to face the main road, then deliver again.',
  });
});

test('an admin hides a reported review with a reason from the reported-reviews queue', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  const owner = await login(request, OWNER_EMAIL);
  const brand = await login(request, ADVERTISER_EMAIL);
  const auth = (t: string) => ({ authorization: `Bearer ${t}` });
  const mine = await request.get('/api/barters/me', { headers: auth(owner.token) });
  const listing = ((await mine.json()).barters as { _id: string; status: string }[]).find(
    (l) => l.status === 'active',
  )!;
  // A deal carried to completion over the REST API (links as proof), both reviews, then a report.
  const made = await request.post('/api/deals', {
    headers: auth(brand.token),
    data: {
      listingId: listing._id,
      items: [
        { giverId: owner.id, title: 'Bus shelter panel', quantity: 1, unit: 'month', valueInr: 20000 },
        { giverId: brand.id, title: 'Store sampling', quantity: 2, unit: 'event', valueInr: 18000 },
      ],
    },
  });
  expect(made.status()).toBe(201);
  const dealId = (await made.json()).deal._id as string;
  const accepted = await request.post(`/api/deals/${dealId}/accept`, {
    headers: auth(owner.token),
    data: { version: 1 },
  });
  const items = (await accepted.json()).deal.items as { _id: string; giverId: string }[];
  for (const item of items) {
    const [giver, receiver] = item.giverId === owner.id ? [owner, brand] : [brand, owner];
    const delivered = await request.post(`/api/deals/${dealId}/items/${item._id}/deliver`, {
      headers: auth(giver.token),
      multipart: { link: 'https://example.com/proof' },
    });
    expect(delivered.status()).toBe(200);
    const ok = await request.post(`/api/deals/${dealId}/items/${item._id}/accept`, {
      headers: auth(receiver.token),
    });
    expect(ok.status()).toBe(200);
  }
  const abusive = 'Crooks, all of them. Call 98xxxxxx10 for the real story.';
  const theirs = await request.post(`/api/deals/${dealId}/reviews`, {
    headers: auth(brand.token),
    data: { rating: 1, text: abusive },
  });
  expect(theirs.status()).toBe(201);
  const reviewId = (await theirs.json()).review._id as string;
  expect(
    (
      await request.post(`/api/deals/${dealId}/reviews`, {
        headers: auth(owner.token),
        data: { rating: 4, text: 'Fine partner.' },
      })
    ).status(),
  ).toBe(201);
  const reported = await request.post(`/api/reviews/${reviewId}/report`, {
    headers: auth(owner.token),
    data: { reason: 'Abusive and not about the deal' },
  });
  expect(reported.status()).toBe(200);

  await signInAsAdmin(page);
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Deals' }).click();
  const queue = page.getByLabel('Reported reviews');
  const card = queue.getByLabel('Review by Joshi Brands Pvt Ltd');
  await expect(card).toContainText(abusive);
  await expect(card).toContainText('1 report:');
  await expect(card.getByLabel('Reports')).toContainText('Gupta Media Pvt Ltd');
  await expect(card.getByLabel('Reports')).toContainText('Abusive and not about the deal');
  await card.getByRole('textbox', { name: /Reason for hiding/ }).fill('Personal attack and a phone number');
  await card.getByRole('button', { name: 'Hide review' }).click();
  await expect(queue.getByRole('status')).toContainText('Hidden: Joshi Brands Pvt Ltd');
  await expect(card).toHaveCount(0);
  const business = await request.get(`/api/businesses/${owner.id}`);
  expect(((await business.json()).reviews as { _id: string }[]).map((r) => r._id)).not.toContain(reviewId);
});
