import { DEMO_PASSWORD, signInInNewContext } from '@barterads/testing/e2e';
import { type Browser, expect, test } from '@playwright/test';

/**
 * Demo users no other suite signs in as (the seed's eleventh and twelfth): the media owner Kabir Patel (Patel
 * Media Pvt Ltd) with the listing n = 10, and the advertiser Diya Das (Das Brands Pvt Ltd).
 */
const OWNER_EMAIL = 'kabir.patel11@demo.barterads.in';
const ADVERTISER_EMAIL = 'diya.das12@demo.barterads.in';
const OWNER_LISTING_ID = '00000000-0000-4000-8200-00000000000b';
const PHONE = { width: 360, height: 780 };

const signIn = (browser: Browser, email: string, viewport?: { width: number; height: number }) =>
  signInInNewContext(browser, email, DEMO_PASSWORD, '/dashboard', viewport ? { viewport } : {});

test('the bell counts a deal proposal live, lists it, and marks it read', async ({ browser }) => {
  const owner = await signIn(browser, OWNER_EMAIL, PHONE);
  const advertiser = await signIn(browser, ADVERTISER_EMAIL);
  try {
    // The top bar's bell (the sidebar has a "Notifications" link too).
    const bell = owner.page.getByTestId('notification-count').getByRole('link');
    await expect(bell).toBeVisible();
    // The seed's listings may already have told the owner of matches: count from what is there.
    const unread = async () =>
      Number(/(\d+) unread/.exec((await bell.getAttribute('aria-label')) ?? '')?.[1] ?? 0);
    await expect(bell).toHaveAttribute('aria-label', /^Notifications/);
    const before = await unread();

    await advertiser.page.goto(`/listings/${OWNER_LISTING_ID}`);
    await advertiser.page.getByRole('button', { name: 'Propose a deal' }).click();
    const form = advertiser.page.getByRole('form', { name: 'Send the offer' });
    await expect(form).toBeVisible();
    const values = form.getByRole('textbox', { name: 'Value (₹)' });
    await values.nth(0).fill('40000');
    await form.getByRole('textbox', { name: 'What' }).nth(1).fill('Sampling at 10 stores');
    await values.nth(1).fill('35000');
    await form.getByRole('button', { name: 'Send the offer' }).click();
    await expect(advertiser.page).toHaveURL(/\/dashboard\/deals\/[0-9a-f-]{36}$/);

    // Live: the owner's bell counts it without a reload.
    await expect.poll(unread).toBeGreaterThan(before);
    await bell.click();
    await expect(owner.page).toHaveURL(/\/dashboard\/notifications$/);
    const item = owner.page
      .getByTestId('notification')
      .filter({ hasText: 'Das Brands Pvt Ltd proposed a deal' });
    await expect(item).toBeVisible();
    await expect(item).toHaveAttribute('data-read', 'false');
    const width = await owner.page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(PHONE.width);

    await owner.page.getByRole('button', { name: 'Mark all read' }).click();
    await expect(item).toHaveAttribute('data-read', 'true');
    await expect(bell).toHaveAccessibleName('Notifications');
  } finally {
    await owner.context.close();
    await advertiser.context.close();
  }
});
