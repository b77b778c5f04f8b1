import { DEMO_PASSWORD, E2E_ADMIN } from '@barterads/testing/e2e';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';

/**
 * Demo users no other suite signs in as (the seed's 19th and 20th): the media owner Arjun Gupta (Gupta Media Pvt
 * Ltd) and the advertiser Kavya Joshi (Joshi Brands Pvt Ltd). Their deal is accepted, delivered and disputed over
 * the REST API; the admin decides the dispute in the admin app.
 */
const OWNER_EMAIL = 'arjun.gupta19@demo.barterads.in';
const ADVERTISER_EMAIL = 'kavya.joshi20@demo.barterads.in';

async function signInAsAdmin(page: Page) {
  await page.goto('/admin/login');
  await page.getByLabel('Email').fill(E2E_ADMIN.email);
  await page.getByRole('textbox', { name: 'Password' }).fill(E2E_ADMIN.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: 'Overview' })).toBeVisible();
}

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
  test.setTimeout(180_000);
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
