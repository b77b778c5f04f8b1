import {
  signInInNewContext,
  signInThroughApi,
  signUpThroughApi,
  uniqueE2eEmail,
} from '@barterads/testing/e2e';
import { type APIRequestContext, expect, test } from '@playwright/test';

const PASSWORD = 'circles-pass-1';
const PHONE = { width: 360, height: 740 };

interface Member {
  id: string;
  email: string;
  token: string;
  company: string;
  listingId: string;
}

/** A fresh media owner with a company and one listing (category, ₹ value) in Indore. */
async function member(
  request: APIRequestContext,
  company: string,
  category: string,
  value: number,
): Promise<Member> {
  const email = uniqueE2eEmail('circles');
  await signUpThroughApi(request, {
    email,
    password: PASSWORD,
    userType: 'media_owner',
    firstName: company,
    lastName: 'Owner',
  });
  const token = await signInThroughApi(request, email, PASSWORD);
  const me = await request.patch('/api/auth/me', {
    headers: { authorization: `Bearer ${token}` },
    data: { companyName: company },
  });
  expect(me.status()).toBe(200);
  const { user } = (await me.json()) as { user: { _id: string } };
  const posted = await request.post('/api/barters', {
    headers: { authorization: `Bearer ${token}` },
    data: {
      title: `${company} ${category} package`,
      description: `A ${category} package in Indore for a month.`,
      city: 'Indore',
      category,
      rateInr: value,
      unit: 'month',
    },
  });
  expect(posted.status(), await posted.text()).toBe(201);
  const listingId = ((await posted.json()) as { barter: { _id: string } }).barter._id;
  return { id: user._id, email, token, company, listingId };
}

/** What the member would accept: one category in Indore, a narrow band around the circle's values. */
async function accepts(request: APIRequestContext, m: Member, category: string) {
  const saved = await request.put('/api/auth/me/accepts', {
    headers: { authorization: `Bearer ${m.token}` },
    data: { categories: [category], cities: ['Indore'], minValueInr: 77_000, maxValueInr: 79_900 },
  });
  expect(saved.status(), await saved.text()).toBe(200);
}

test('a circle of three on a phone: proposal in deals, the diagram, you give / you get, accepted by all', async ({
  browser,
  request,
}) => {
  const a = await member(request, 'Anand Outdoor', 'outdoor', 78_000);
  const b = await member(request, 'Bela Digital', 'digital', 78_500);
  const c = await member(request, 'Chaya Print', 'print', 77_500);
  await accepts(request, b, 'outdoor');
  await accepts(request, c, 'digital');
  await accepts(request, a, 'print');

  const { page, context } = await signInInNewContext(browser, a.email, PASSWORD, '/dashboard', {
    viewport: PHONE,
    isMobile: true,
    hasTouch: true,
  });
  // The list in words on the dashboard.
  await expect(page.getByRole('region', { name: "What I'd accept" })).toContainText('Print Media');

  // The proposal shows in Deals within a minute of the last list change.
  await expect(async () => {
    await page.goto('/dashboard/deals');
    await expect(page.getByRole('link', { name: /Circle deal C-/ })).toBeVisible({ timeout: 5_000 });
  }).toPass({ timeout: 60_000 });
  await page
    .getByRole('link', { name: /Circle deal C-/ })
    .first()
    .click();

  await expect(page.getByRole('heading', { name: /Circle deal C-/ })).toBeVisible();
  await expect(page.getByRole('img', { name: /Circle diagram: .*You give to Bela Digital/ })).toBeVisible();
  const give = page.getByRole('region', { name: 'You give' });
  const get = page.getByRole('region', { name: 'You get' });
  await expect(give).toContainText('Anand Outdoor outdoor package');
  await expect(give).toContainText('Bela Digital');
  await expect(get).toContainText('Chaya Print print package');
  await expect(get).toContainText('Chaya Print');
  // B's leg to C is not A's to see.
  await expect(page.getByText('Bela Digital digital package')).toHaveCount(0);
  // The GST of A's own two legs (A has no verified GSTIN: no invoice and no GST on what it gives).
  const gst = page.getByRole('region', { name: 'GST of your legs' });
  await expect(gst).toContainText('GST you will owe on what you give');
  await expect(gst).toContainText('if all three accepted today');
  await expect(gst.getByLabel('Your supply')).toContainText('You have no verified GSTIN');
  await expect(gst.getByLabel('The supply you get')).toContainText('The other side has no verified GSTIN');
  // One column on a 360 px phone: nothing wider than the screen.
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(PHONE.width);
  const [g, r] = [await give.boundingBox(), await get.boundingBox()];
  expect(g && r && r.y >= g.y + g.height).toBe(true);

  await page.getByRole('button', { name: 'Accept' }).click();
  await expect(page.getByText('You accepted. Waiting for the other 2.')).toBeVisible();

  // The other two accept; the third creates the three deals.
  const circleId = page.url().split('/').pop()!;
  for (const m of [b, c]) {
    const r2 = await request.post(`/api/circles/${circleId}/accept`, {
      headers: { authorization: `Bearer ${m.token}` },
      data: {},
    });
    expect(r2.status(), await r2.text()).toBe(200);
  }
  await page.reload();
  await expect(page.getByText('All three accepted')).toBeVisible();
  await expect(gst).toContainText('These are the GST legs of your two deals in this circle.');
  await give.getByRole('link', { name: 'Open this deal' }).click();
  await expect(page).toHaveURL(/\/dashboard\/deals\//);
  await expect(page.getByText(/one leg of a circle|Anand Outdoor outdoor package/).first()).toBeVisible();
  await context.close();
});
