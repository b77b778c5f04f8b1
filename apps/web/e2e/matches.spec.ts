import {
  signInThroughApi,
  signInThroughForm,
  signUpThroughApi,
  uniqueE2eEmail,
} from '@barterads/testing/e2e';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';

const PASSWORD = 'matches-pass-1';

/** A fresh member through the REST API (demo members are at the free plan's two listings). */
async function newMember(
  request: APIRequestContext,
  userType: 'advertiser' | 'media_owner',
): Promise<{ email: string; token: string }> {
  const email = uniqueE2eEmail(`matches-${userType}`);
  await signUpThroughApi(request, {
    email,
    password: PASSWORD,
    userType,
    firstName: userType === 'advertiser' ? 'Anita' : 'Vikram',
    lastName: 'Desai',
  });
  return { email, token: await signInThroughApi(request, email, PASSWORD) };
}

/** Chooses a Select's option; `typed` first narrows a searchable one. */
async function pick(page: Page, name: string, option: string, typed?: string) {
  const box = page.getByRole('dialog').getByRole('combobox', { name });
  await box.click();
  if (typed) await box.fill(typed);
  await page.getByRole('option', { name: option, exact: true }).filter({ visible: true }).click();
}

test('an advertiser posts a need and, without searching, sees a matching hoarding with its reasons', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  const word = `lotus${Date.now().toString(36)}`;
  // A media owner's hoarding in Mumbai, within the budget the need will give.
  const owner = await newMember(request, 'media_owner');
  const hoarding = `Hoarding ${word} at Andheri junction`;
  const posted = await request.post('/api/barters', {
    headers: { authorization: `Bearer ${owner.token}` },
    data: {
      title: hoarding,
      description: `Front-lit 40x20 hoarding ${word} facing the Andheri flyover traffic.`,
      city: 'Mumbai',
      category: 'outdoor',
      rateInr: 80_000,
      unit: 'month',
    },
  });
  expect(posted.status()).toBe(201);

  // The advertiser posts the need from the marketplace.
  const advertiser = await newMember(request, 'advertiser');
  await signInThroughForm(page, advertiser.email, PASSWORD, '/marketplace');
  await page.getByRole('button', { name: 'Post Need' }).click();
  const dialog = page.getByRole('dialog', { name: 'Post Need' });
  await dialog.getByRole('textbox', { name: 'What do you need?' }).fill(`Need a hoarding ${word} in Mumbai`);
  await dialog
    .getByRole('textbox', { name: 'Description' })
    .fill(`A front-lit hoarding ${word} near the Andheri flyover for a monsoon campaign.`);
  await pick(page, 'City', 'Mumbai, Maharashtra', 'Mumbai');
  await pick(page, 'Category', 'Outdoor & Billboards');
  await dialog.getByRole('textbox', { name: 'Rate (₹)' }).fill('100000');
  await pick(page, 'Per', 'per month');
  await dialog.getByRole('button', { name: 'Publish Need' }).click();
  await expect(dialog).toBeHidden();

  // Within a minute (the match job is woken by the post), the dashboard shows the hoarding and why.
  await page.goto('/dashboard');
  const matches = page.getByRole('region', { name: 'Matches for you' });
  const match = matches.getByTestId('match').filter({ hasText: hoarding });
  await expect(async () => {
    await page.reload();
    await expect(match).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 60_000 });
  const reasons = match.getByTestId('match-reasons');
  await expect(reasons).toContainText('same category');
  await expect(reasons).toContainText('same city');
  await expect(reasons).toContainText('within budget');
  await expect(match.getByRole('link', { name: hoarding })).toHaveAttribute('href', /^\/listings\//);
});
