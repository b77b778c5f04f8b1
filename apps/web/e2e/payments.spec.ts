import {
  controlFakeRazorpay,
  DEMO_ADVERTISER_EMAIL,
  DEMO_PASSWORD,
  settleFakeRefunds,
  signInThroughForm,
  signUpThroughApi,
  uniqueE2eEmail,
} from '@barterads/testing/e2e';
import { expect, type Page, test } from '@playwright/test';

function planCard(page: Page, name: string) {
  return page.getByRole('article', { name });
}

/** On /pricing: Subscribe, the confirmation (naming the plan changed from, when given), pay, the success line. */
async function subscribeTo(page: Page, plan: string, from?: string) {
  const confirm = page.getByRole('dialog', { name: 'Confirm your plan' });
  await page.getByRole('button', { name: `Subscribe to ${plan}` }).click();
  if (from) await expect(confirm.getByText(`From ${from} to ${plan} (monthly)`)).toBeVisible();
  await confirm.getByRole('button', { name: /Confirm and pay/ }).click();
  await expect(page.getByText(new RegExp(`You are now on the ${plan} plan \\(monthly\\)`))).toBeVisible();
}

test('pricing: plans, yearly toggle, sign-in modal that returns to /pricing', async ({ page }) => {
  await page.goto('/pricing');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  for (const name of ['Starter', 'Growth', 'Professional', 'Enterprise']) {
    await expect(planCard(page, name)).toBeVisible();
  }
  await expect(planCard(page, 'Growth').getByText('Most Popular')).toBeVisible();
  await expect(planCard(page, 'Growth').getByText('₹2,499')).toBeVisible();

  await page.getByText('Yearly (save 20%)').click();
  await expect(planCard(page, 'Growth').getByText('₹1,999')).toBeVisible();
  await expect(planCard(page, 'Growth').getByText('₹23,990 billed yearly')).toBeVisible();
  await expect(planCard(page, 'Growth').getByText('save 20%')).toBeVisible();

  await page.getByRole('button', { name: 'Subscribe to Growth' }).click();
  const modal = page.getByRole('dialog');
  await expect(modal.getByText('Please sign in or create an account to subscribe to a plan.')).toBeVisible();
  await expect(modal.getByRole('link', { name: 'Create Account' })).toHaveAttribute(
    'href',
    /\/signup\?redirect=%2Fpricing/,
  );
  await modal.getByRole('link', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/login\?redirect=%2Fpricing$/);
});

test('a signed-in user subscribes to Growth yearly through checkout and sees it as the current plan', async ({
  page,
}) => {
  await signInThroughForm(page, DEMO_ADVERTISER_EMAIL, DEMO_PASSWORD, '/pricing');

  // A declined payment first: the spec's message, and no plan.
  await controlFakeRazorpay({ checkoutOutcome: 'failure' });
  try {
    await page.getByRole('button', { name: 'Subscribe to Starter' }).click();
    // The confirmation names both plans and the amount before any charge.
    const confirm = page.getByRole('dialog', { name: 'Confirm your plan' });
    await expect(confirm.getByText('From Free to Starter (monthly)')).toBeVisible();
    await expect(confirm.getByText('Amount to pay now: ₹999')).toBeVisible();
    await confirm.getByRole('button', { name: /Confirm and pay/ }).click();
    // The page's alert and the notification both say it.
    await expect(page.getByRole('alert', { name: 'Payment failed. Please try again.' })).toBeVisible();
    await expect(page.locator('#payment-result')).toContainText('Payment failed. Please try again.');
  } finally {
    await controlFakeRazorpay({ checkoutOutcome: 'success' });
  }
  // No plan yet: the free tier is the current one.
  await expect(planCard(page, 'Free').getByText('Current plan', { exact: true })).toBeVisible();
  await expect(page.getByText('Current plan', { exact: true })).toHaveCount(1);

  await page.getByText('Yearly (save 20%)').click();
  await page.getByRole('button', { name: 'Subscribe to Growth' }).click();
  const confirm = page.getByRole('dialog', { name: 'Confirm your plan' });
  await expect(confirm.getByText('From Free to Growth (yearly)')).toBeVisible();
  await expect(confirm.getByText('Amount to pay now: ₹23,990')).toBeVisible();
  await confirm.getByRole('button', { name: /Confirm and pay/ }).click();
  await expect(page.getByText('Payment successful!').first()).toBeVisible();
  await expect(page.getByText(/You are now on the Growth plan \(yearly\)/)).toBeVisible();
  await expect(planCard(page, 'Growth').getByText('Current plan')).toBeVisible();
  // A plan just bought cannot be renewed yet: its button says "Your plan", and is named so (it was named "Renew
  // Growth"), the plan's name as its description (label in name, WCAG 2.5.3).
  const yours = planCard(page, 'Growth').getByRole('button', { name: 'Your plan' });
  await expect(yours).toBeDisabled();
  await expect(yours).toHaveAccessibleDescription('Growth');

  // The plan comes from the server: still there after a reload.
  await page.reload();
  await expect(page.getByRole('status').filter({ hasText: 'Current plan: Growth' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Yearly billing' })).toBeVisible();
  await expect(planCard(page, 'Growth').getByText('Current plan')).toBeVisible();
  await expect(planCard(page, 'Starter').getByText('Current plan')).toHaveCount(0);
});

test('a visitor compares Free with Starter on /pricing', async ({ page }) => {
  await page.goto('/pricing');
  const free = planCard(page, 'Free');
  const starter = planCard(page, 'Starter');
  await expect(free.getByText('₹0')).toBeVisible();
  await expect(free.getByText('Up to 2 active listings')).toBeVisible();
  await expect(free.getByText('Up to 2 deals per month')).toBeVisible();
  await expect(free.getByText('Commission: 5% per deal')).toBeVisible();
  await expect(starter.getByText('₹999')).toBeVisible();
  await expect(starter.getByText('Up to 5 active listings')).toBeVisible();
  await expect(starter.getByText('Up to 5 deals per month')).toBeVisible();
});

test('a Growth member upgrades with the confirmation, downloads the invoice, and cancels', async ({
  page,
}) => {
  await signInThroughForm(page, 'arjun.gupta7@demo.barterads.in', DEMO_PASSWORD, '/pricing');
  const confirm = page.getByRole('dialog', { name: 'Confirm your plan' });
  await subscribeTo(page, 'Growth');

  // The upgrade: both plans and the server's amount (less the unused days) before any charge.
  await page.getByRole('button', { name: 'Subscribe to Professional' }).click();
  await expect(confirm.getByText('From Growth to Professional (monthly)')).toBeVisible();
  await expect(confirm.getByText(/unused days is deducted/)).toBeVisible();
  await expect(confirm.getByText(/Amount to pay now: ₹2,5\d\d/)).toBeVisible();
  await confirm.getByRole('button', { name: /Confirm and pay/ }).click();
  await expect(page.getByText(/You are now on the Professional plan \(monthly\)/)).toBeVisible();

  await page.goto('/settings');
  const links = page.getByRole('link', { name: /Download invoice BA\// });
  await expect(links).toHaveCount(2);
  const download = page.waitForEvent('download');
  await links.first().click();
  expect((await download).suggestedFilename()).toMatch(/^BA-\d{4}-\d{2}-\d{6}\.pdf$/);

  await page.getByRole('button', { name: 'Cancel plan' }).click();
  await page
    .getByRole('dialog', { name: 'Cancel your plan?' })
    .getByRole('button', { name: 'Cancel plan' })
    .click();
  // Within 24 hours of the purchase: refunded in full, the plan ends now.
  await expect(page.getByRole('heading', { name: 'Refunds' })).toBeVisible();
  await expect(
    page.getByText('Processing takes 10-14 working days to reach your original payment method.').first(),
  ).toBeVisible();
  await expect(page.getByText(/Ended on/)).toBeVisible();
});

test.describe('on a phone (360 px)', () => {
  test.use({ viewport: { width: 360, height: 800 } });

  test('cancelling the day of purchase refunds Starter and the upgrade; the history shows each refund and its credit note', async ({
    page,
    baseURL,
  }) => {
    test.setTimeout(240_000);
    const email = uniqueE2eEmail('refund');
    await signUpThroughApi(page.request, {
      email,
      password: DEMO_PASSWORD,
      userType: 'advertiser',
      firstName: 'Refund',
      lastName: 'Tester',
    });
    // Signed up through the page's own request context: its session cookie is the page's.
    await page.goto('/pricing');
    await subscribeTo(page, 'Starter');
    // Minutes later (here: at once), the upgrade.
    await subscribeTo(page, 'Growth', 'Starter');

    await page.goto('/settings');
    const history = page.getByRole('region', { name: 'Payment history' });
    const rows = history.getByRole('listitem');
    await expect(rows).toHaveCount(2);
    await expect(history.getByRole('button', { name: /Request refund/ })).toHaveCount(2);

    await page.getByRole('button', { name: 'Cancel plan' }).click();
    await page
      .getByRole('dialog', { name: 'Cancel your plan?' })
      .getByRole('button', { name: 'Cancel plan' })
      .click();
    await expect(page.getByText(/Ended on/)).toBeVisible();
    // Both payments come back, each says so, and neither offers "Request refund" any more.
    for (const row of await rows.all()) {
      await expect(row.getByText('Refund processing')).toBeVisible();
      await expect(row.getByText(/Processing takes 10-14 working days/)).toBeVisible();
      await expect(row.getByText('Paid', { exact: true })).toHaveCount(0);
    }
    await expect(history.getByRole('button', { name: /Request refund/ })).toHaveCount(0);
    await expect(rows.filter({ hasText: '₹999' })).toHaveCount(1);
    const refunds = page.getByRole('region', { name: 'Refunds' });
    await expect(refunds.getByRole('listitem')).toHaveCount(2);

    // Razorpay processes the refunds: each payment shows "Refunded" with its credit note.
    const paid = (await (await page.request.get('/api/payments/history')).json()) as {
      payments: { paymentId: string }[];
    };
    expect(
      await settleFakeRefunds(
        baseURL ?? page.url(),
        paid.payments.map((p) => p.paymentId),
      ),
    ).toBe(2);
    await page.reload();
    for (const row of await rows.all()) {
      await expect(row.getByText('Refunded', { exact: true })).toBeVisible();
      await expect(row.getByRole('link', { name: /Download credit note BA-CN\// })).toBeVisible();
    }
    // Nothing is wider than the phone's screen.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
});
