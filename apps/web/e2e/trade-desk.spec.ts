import {
  E2E_ADMIN,
  signInInNewContext,
  signInThroughApi,
  signUpThroughApi,
  uniqueE2eEmail,
} from '@barterads/testing/e2e';
import { type APIRequestContext, expect, test } from '@playwright/test';

const PASSWORD = 'trade-desk-pass-1';

interface Account {
  id: string;
  email: string;
  token: string;
}

/** A fresh member (signed up and in through the API), with a company name when given. */
async function account(
  request: APIRequestContext,
  firstName: string,
  lastName: string,
  userType: 'media_owner' | 'advertiser',
  companyName?: string,
): Promise<Account> {
  const email = uniqueE2eEmail('desk');
  await signUpThroughApi(request, { email, password: PASSWORD, userType, firstName, lastName });
  const token = await signInThroughApi(request, email, PASSWORD);
  const me = await request.patch('/api/auth/me', {
    headers: { authorization: `Bearer ${token}` },
    data: companyName ? { companyName } : {},
  });
  expect(me.status(), await me.text()).toBe(200);
  const { user } = (await me.json()) as { user: { _id: string } };
  return { id: user._id, email, token };
}

test("a broker's pair draft shows on the member's deals list and deal page as prepared by the trade desk, and the member accepts it", async ({
  browser,
  request,
}) => {
  // Setup through the APIs: an admin names a broker; a media owner with a listing and a brand; the broker drafts
  // a deal between them (as the brand would propose it on the owner's listing).
  const adminToken = await signInThroughApi(request, E2E_ADMIN.email, E2E_ADMIN.password);
  const broker = await account(request, 'Uma', 'Desk', 'advertiser');
  const named = await request.put(`/api/admin/users/${broker.id}/broker`, {
    headers: { authorization: `Bearer ${adminToken}` },
    data: { broker: true },
  });
  expect(named.status(), await named.text()).toBe(200);
  const owner = await account(request, 'Lata', 'Owner', 'media_owner', 'Lata Hoardings Desk');
  const brand = await account(request, 'Mohan', 'Brand', 'advertiser', 'Mohan Print Desk');
  const posted = await request.post('/api/barters', {
    headers: { authorization: `Bearer ${owner.token}` },
    data: {
      title: 'Lata hoarding on the ring road',
      description: 'A 20 x 10 ft hoarding on the ring road for a month.',
      city: 'Indore',
      category: 'outdoor',
      rateInr: 50_000,
      unit: 'month',
    },
  });
  expect(posted.status(), await posted.text()).toBe(201);
  const listingId = ((await posted.json()) as { barter: { _id: string } }).barter._id;
  const drafted = await request.post('/api/admin/trade-desk/drafts', {
    headers: { authorization: `Bearer ${broker.token}` },
    data: {
      fromUserId: brand.id,
      listingId,
      openDays: 7,
      message: 'You two fit: a hoarding for a print run.',
      items: [
        {
          giverId: owner.id,
          listingId,
          title: 'Ring road hoarding',
          quantity: 1,
          unit: 'month',
          valueInr: 50_000,
        },
        { giverId: brand.id, title: 'Print run of flyers', quantity: 1, unit: 'event', valueInr: 46_000 },
      ],
    },
  });
  expect(drafted.status(), await drafted.text()).toBe(201);
  const dealId = ((await drafted.json()) as { deal: { _id: string } }).deal._id;
  // The brand accepts first (through the API): the draft then waits for the owner.
  const first = await request.post(`/api/deals/${dealId}/accept`, {
    headers: { authorization: `Bearer ${brand.token}` },
    data: { version: 1 },
  });
  expect(first.status(), await first.text()).toBe(200);

  const prepared = 'Prepared by the BarterAds trade desk (Uma Desk)';
  const { page, context } = await signInInNewContext(browser, owner.email, PASSWORD, '/dashboard');
  // The deals list marks the draft with the broker's name, and it awaits the owner's answer.
  await page.goto('/dashboard/deals');
  const card = page.getByRole('link', { name: 'Deal with Mohan Print Desk' });
  await expect(card).toContainText(prepared);
  await expect(card).toContainText('Awaiting your answer');
  await card.click();

  // The deal page: marked, the brand's accept shown, and the owner's own accept makes the deal.
  await expect(page).toHaveURL(new RegExp(`/dashboard/deals/${dealId}`));
  await expect(page.getByText(prepared)).toBeVisible();
  await expect(page.getByText('Mohan Print Desk accepted it.', { exact: false })).toBeVisible();
  await expect(page.getByText('Ring road hoarding').first()).toBeVisible();
  await page.getByRole('button', { name: 'Accept version 1' }).click();
  const confirm = page.getByRole('dialog', { name: 'Accept version 1?' });
  await confirm.getByRole('button', { name: 'Accept version 1' }).click();
  await expect(page.getByText(/BA-\d{4}-\d{6}/).first()).toBeVisible();
  await expect(page.getByText('Accepted', { exact: true })).toBeVisible();
  // Still marked once accepted; the broker accepted nothing: the deal's accept is the owner's.
  await expect(page.getByText(prepared)).toBeVisible();
  const deal = await request.get(`/api/deals/${dealId}`, {
    headers: { authorization: `Bearer ${owner.token}` },
  });
  expect((await deal.json()).deal).toMatchObject({
    status: 'accepted',
    acceptedBy: owner.id,
    brokerId: broker.id,
  });
  await context.close();
});
