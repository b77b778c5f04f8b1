import { DEMO_PASSWORD, signInInNewContext } from '@barterads/testing/e2e';
import { type APIRequestContext, expect, test } from '@playwright/test';

/**
 * The deal page's Tax section on a phone (issue 30). The deliveries suite's demo pair (Kabir Patel's Patel Media,
 * Diya Das's Das Brands) is reused for an offer only: an open offer counts against no plan limit. Neither demo
 * business has a verified GSTIN, so both legs say, in plain words, that no tax invoice is issued.
 */
const OWNER_EMAIL = 'kabir.patel23@demo.barterads.in';
const ADVERTISER_EMAIL = 'diya.das24@demo.barterads.in';
const PHONE = { width: 390, height: 844 };

async function token(request: APIRequestContext, email: string): Promise<{ token: string; id: string }> {
  const res = await request.post('/api/auth/login', { data: { email, password: DEMO_PASSWORD } });
  expect(res.status()).toBe(200);
  const body = await res.json();
  return { token: body.token as string, id: body.user._id as string };
}

test('a phone shows the GST of an offer before accepting: both legs, the unregistered case, no tax advice', async ({
  browser,
  request,
}) => {
  const owner = await token(request, OWNER_EMAIL);
  const brand = await token(request, ADVERTISER_EMAIL);
  const mine = await request.get('/api/barters/me', { headers: { authorization: `Bearer ${owner.token}` } });
  const listing = ((await mine.json()).barters as { _id: string; status: string }[]).find(
    (l) => l.status === 'active',
  );
  expect(listing).toBeDefined();
  const made = await request.post('/api/deals', {
    headers: { authorization: `Bearer ${brand.token}` },
    data: {
      listingId: listing!._id,
      openDays: 7,
      items: [
        {
          giverId: owner.id,
          listingId: listing!._id,
          title: 'Site for January',
          quantity: 1,
          unit: 'month',
          valueInr: 40000,
        },
        { giverId: brand.id, title: 'Sampling at 12 stores', quantity: 12, unit: 'event', valueInr: 36000 },
      ],
    },
  });
  expect(made.status()).toBe(201);
  const dealId = (await made.json()).deal._id as string;

  const { page, context } = await signInInNewContext(
    browser,
    ADVERTISER_EMAIL,
    DEMO_PASSWORD,
    '/dashboard/deals',
    {
      viewport: PHONE,
      isMobile: true,
      hasTouch: true,
    },
  );
  await page.goto(`/dashboard/deals/${dealId}`);
  const tax = page.getByRole('region', { name: 'Tax', exact: true });
  // The section loads after the deal (its own chunk and request).
  await expect(tax.getByRole('heading', { name: 'Tax' })).toBeVisible({ timeout: 30_000 });
  await expect(tax).toContainText('what the legs would be if the deal were accepted today');
  await expect(tax.getByLabel('GST you will owe')).toContainText('₹0');
  await expect(tax.getByLabel('GST you may claim')).toContainText('₹0');
  const yours = tax.getByLabel('Your supply');
  await expect(yours).toContainText('Sampling at 12 stores');
  await expect(yours).toContainText('No tax invoice');
  await expect(yours).toContainText('You have no verified GSTIN, so you issue no tax invoice');
  const theirs = tax.getByLabel('Supply by Patel Media Pvt Ltd');
  await expect(theirs).toContainText('Site for January');
  await expect(theirs).toContainText('there is no GST credit to claim on it');
  await expect(tax).toContainText('check with your accountant');
  // Phone first: the two legs stack, each as wide as the section.
  const [a, b] = [await yours.boundingBox(), await theirs.boundingBox()];
  expect(a && b && b.y >= a.y + a.height).toBe(true);
  expect(a!.width).toBeLessThanOrEqual(PHONE.width);
  await context.close();
});
