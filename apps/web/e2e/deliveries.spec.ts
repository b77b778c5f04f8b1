import { proofKindsFor } from '@barterads/core';
import { DEMO_PASSWORD, loginThroughApi, signInInNewContext, TINY_PNG } from '@barterads/testing/e2e';
import { type Browser, expect, test } from '@playwright/test';

/**
 * Demo users no other suite signs in as (the seed's 23rd and 24th): the media owner Kabir Patel (Patel Media Pvt
 * Ltd) and the advertiser Diya Das (Das Brands Pvt Ltd). The deal is proposed and accepted over the API; delivery,
 * acceptance and the reviews go through the screens.
 */
const OWNER_EMAIL = 'kabir.patel23@demo.barterads.in';
const ADVERTISER_EMAIL = 'diya.das24@demo.barterads.in';
const PHONE = { width: 390, height: 844 };
/** A site photo stands in. */
const PNG = TINY_PNG;

const signIn = (browser: Browser, email: string, viewport?: { width: number; height: number }) =>
  signInInNewContext(
    browser,
    email,
    DEMO_PASSWORD,
    '/dashboard/deals',
    viewport ? { viewport, isMobile: true, hasTouch: true } : {},
  );

test('a media owner uploads site photos from a phone, the advertiser accepts, both review, the business page shows both', async ({
  browser,
  request,
}) => {
  test.setTimeout(360_000);
  const owner = await loginThroughApi(request, OWNER_EMAIL, DEMO_PASSWORD);
  const brand = await loginThroughApi(request, ADVERTISER_EMAIL, DEMO_PASSWORD);
  const mine = await request.get('/api/barters/me', { headers: { authorization: `Bearer ${owner.token}` } });
  const listing = ((await mine.json()).barters as { _id: string; status: string; category: string }[]).find(
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
          title: 'Hoarding for December',
          quantity: 1,
          unit: 'month',
          valueInr: 40000,
        },
        { giverId: brand.id, title: 'Sampling at 10 stores', quantity: 10, unit: 'event', valueInr: 38000 },
      ],
    },
  });
  expect(made.status()).toBe(201);
  const dealId = (await made.json()).deal._id as string;
  const accepted = await request.post(`/api/deals/${dealId}/accept`, {
    headers: { authorization: `Bearer ${owner.token}` },
    data: { version: 1 },
  });
  expect(accepted.status()).toBe(200);

  const phone = await signIn(browser, OWNER_EMAIL, PHONE);
  const desk = await signIn(browser, ADVERTISER_EMAIL);
  try {
    // The owner, on a phone, delivers the hoarding with two site photos from the camera input.
    await phone.page.goto(`/dashboard/deals/${dealId}`);
    const hoarding = phone.page.getByLabel('Deliverable: Hoarding for December');
    await expect(hoarding.getByText('Awaits your delivery with proof.')).toBeVisible();
    await hoarding.getByRole('button', { name: 'Mark delivered with proof' }).click();
    const dialog = phone.page.getByRole('dialog', { name: 'Mark delivered' });
    // The proof that suits the listing's category is suggested.
    await expect(dialog.getByLabel('Suggested proof')).toContainText(proofKindsFor(listing!.category)[0]!);
    const camera = dialog.locator('input[type="file"][accept="image/*"]');
    await expect(camera).toHaveAttribute('capture', 'environment');
    await camera.setInputFiles([
      { name: 'site-1.png', mimeType: 'image/png', buffer: PNG },
      { name: 'site-2.png', mimeType: 'image/png', buffer: PNG },
    ]);
    await dialog.getByRole('textbox', { name: 'Note (optional)' }).fill('Flex mounted on 1 December');
    await dialog.getByRole('button', { name: 'Mark delivered' }).click();
    await expect(hoarding.getByText('Delivered, awaiting confirmation')).toBeVisible();
    await expect(hoarding.getByRole('img', { name: /Proof photo/ })).toHaveCount(2);
    const width = await phone.page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(PHONE.width);

    // The advertiser sees it awaiting confirmation on the dashboard and accepts it.
    await desk.page.goto('/dashboard/deals?status=confirm');
    await desk.page.getByRole('link', { name: 'Deal with Patel Media Pvt Ltd' }).click();
    const received = desk.page.getByLabel('Deliverable: Hoarding for December');
    await expect(received.getByRole('img', { name: /Proof photo/ }).first()).toBeVisible();
    await received.getByRole('button', { name: 'Accept delivery' }).click();
    await desk.page
      .getByRole('dialog', { name: 'Accept this delivery?' })
      .getByRole('button', { name: 'Accept delivery' })
      .click();
    await expect(received.getByText('Accepted', { exact: true })).toBeVisible();

    // The advertiser delivers the sampling with a link; the owner accepts it: the deal is completed.
    const sampling = desk.page.getByLabel('Deliverable: Sampling at 10 stores');
    await sampling.getByRole('button', { name: 'Mark delivered with proof' }).click();
    const deskDialog = desk.page.getByRole('dialog', { name: 'Mark delivered' });
    await deskDialog
      .getByRole('textbox', { name: 'Link (optional)' })
      .fill('https://example.com/sampling-report');
    await deskDialog.getByRole('button', { name: 'Mark delivered' }).click();
    await expect(sampling.getByText('Delivered, awaiting confirmation')).toBeVisible();
    await phone.page.reload();
    await phone.page
      .getByLabel('Deliverable: Sampling at 10 stores')
      .getByRole('button', { name: 'Accept delivery' })
      .click();
    await phone.page
      .getByRole('dialog', { name: 'Accept this delivery?' })
      .getByRole('button', { name: 'Accept delivery' })
      .click();
    await expect(phone.page.getByText('Completed', { exact: true }).first()).toBeVisible();
    // The delivery events are on the deal's timeline.
    await expect(phone.page.getByLabel('Timeline')).toContainText('"Hoarding for December" delivered by you');
    await expect(phone.page.getByLabel('Timeline')).toContainText('"Sampling at 10 stores" accepted by you');

    // Both review; the business page shows the owner's review.
    for (const [page, text, stars, saved] of [
      [phone.page, 'Prompt with the sampling, great partner.', 5, /Hidden until/],
      [desk.page, 'The hoarding was up on time and well lit.', 4, /Public since/],
    ] as const) {
      await page.reload();
      const reviews = page.getByLabel('Reviews');
      await reviews.getByRole('textbox', { name: 'Your review' }).fill(text);
      // Mantine's stars are visually hidden radios, each with its label (the star): click the star.
      const radio = reviews.getByRole('radio', { name: String(stars), exact: true });
      await reviews.locator(`label[for="${await radio.getAttribute('id')}"]`).click();
      await expect(radio).toBeChecked();
      await reviews.getByRole('button', { name: 'Publish review' }).click();
      // Saved once the form gives way to the review's card and its state (the text alone is also in the form's
      // box while the request is on its way: waiting for it let the next page load before the review was saved).
      await expect(reviews.getByRole('button', { name: 'Publish review' })).toHaveCount(0);
      await expect(reviews.getByText(saved)).toBeVisible();
      await expect(reviews.getByText(text)).toBeVisible();
    }
    await desk.page.goto(`/b/${owner.id}`);
    await expect(
      desk.page.getByLabel('Reviews').getByText('The hoarding was up on time and well lit.'),
    ).toBeVisible();
    // One review is "1 review" (issue 35: "(1 reviews)").
    await expect(desk.page.getByText(/★ \d\.\d \(1 review\)/)).toBeVisible();
    await desk.page.goto(`/b/${brand.id}`);
    await expect(
      desk.page.getByLabel('Reviews').getByText('Prompt with the sampling, great partner.'),
    ).toBeVisible();
    // The reviewed owner replies once on the business page; the advertiser, another member, reports a review.
    await phone.page.goto(`/b/${owner.id}`);
    const ownerReviews = phone.page.getByLabel('Reviews');
    await expect(ownerReviews.getByRole('button', { name: 'Report' })).toBeVisible();
    await ownerReviews.getByRole('button', { name: 'Reply' }).click();
    await ownerReviews.getByRole('textbox', { name: 'Your reply' }).fill('Thank you, see you next season.');
    await ownerReviews.getByRole('button', { name: 'Publish reply' }).click();
    await expect(ownerReviews.getByText('Reply: Thank you, see you next season.')).toBeVisible();
    await expect(ownerReviews.getByRole('button', { name: 'Reply' })).toHaveCount(0);
    const brandReviews = desk.page.getByLabel('Reviews');
    await expect(brandReviews.getByRole('button', { name: 'Reply' })).toBeVisible();
    await brandReviews.getByRole('button', { name: 'Report' }).click();
    await brandReviews
      .getByRole('textbox', { name: 'Why should an admin look at this review?' })
      .fill('Checking the report flow');
    await brandReviews.getByRole('button', { name: 'Send report' }).click();
    await expect(brandReviews.getByRole('status')).toHaveText('Reported. An admin will look at it.');
  } finally {
    await phone.context.close();
    await desk.context.close();
  }
});
