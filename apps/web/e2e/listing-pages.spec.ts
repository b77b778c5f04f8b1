import {
  signInThroughApi,
  signInThroughForm,
  signUpThroughApi,
  TINY_PNG,
  uniqueE2eEmail,
} from '@barterads/testing/e2e';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';

const PASSWORD = 'listing-pages-1';
const PHONE = { width: 390, height: 844 };

interface Owner {
  id: string;
  email: string;
  token: string;
  company: string;
}

/** A fresh media owner with a company (demo members are at the free plan's two listings). */
async function newOwner(request: APIRequestContext, company: string): Promise<Owner> {
  const email = uniqueE2eEmail('listing-pages');
  await signUpThroughApi(request, {
    email,
    password: PASSWORD,
    userType: 'media_owner',
    firstName: 'Meera',
    lastName: 'Iyer',
  });
  const token = await signInThroughApi(request, email, PASSWORD);
  const me = await request.patch('/api/auth/me', {
    headers: { authorization: `Bearer ${token}` },
    data: { companyName: company },
  });
  expect(me.status()).toBe(200);
  const { user } = (await me.json()) as { user: { _id: string } };
  return { id: user._id, email, token, company };
}

/** A hoarding of the owner's, with one photo: its id. */
async function postHoarding(request: APIRequestContext, owner: Owner, title: string): Promise<string> {
  const posted = await request.post('/api/barters', {
    headers: { authorization: `Bearer ${owner.token}` },
    data: {
      title,
      description: 'Front-lit 40x20 hoarding facing the Western Express Highway.',
      city: 'Mumbai',
      category: 'outdoor',
      rateInr: 85_000,
      unit: 'month',
    },
  });
  expect(posted.status()).toBe(201);
  const id = ((await posted.json()) as { barter: { _id: string } }).barter._id;
  const photo = await request.post(`/api/barters/${id}/photos`, {
    headers: { authorization: `Bearer ${owner.token}` },
    multipart: { file: { name: 'site.png', mimeType: 'image/png', buffer: TINY_PNG } },
  });
  expect(photo.status()).toBe(201);
  return id;
}

/** Errors the page logged (a hydration mismatch is one) and uncaught exceptions. */
function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

test('on a phone, a visitor opens a listing from its card and sees what, how much, where and who', async ({
  page,
  request,
}) => {
  const word = `Kalina${Date.now().toString(36)}`;
  const owner = await newOwner(request, `Iyer Outdoor ${word}`);
  const title = `Hoarding ${word} at Santacruz`;
  const id = await postHoarding(request, owner, title);

  await page.setViewportSize(PHONE);
  await page.goto(`/marketplace?q=${word}`);
  await page.getByRole('article', { name: title }).getByRole('link', { name: title }).click();
  await expect(page).toHaveURL(`/listings/${id}`);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByText('Mumbai, Maharashtra')).toBeVisible();
  await expect(page.getByText('Rate card')).toBeVisible();
  await expect(page.getByText(/₹85,000/)).toBeVisible();
  const ownerCard = page.getByLabel('Owner');
  await expect(ownerCard.getByText(owner.company)).toBeVisible();
  await expect(ownerCard.getByText('New')).toBeVisible();
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(PHONE.width);

  await page.getByRole('button', { name: 'Share (copy link)' }).click();
  await expect(page.getByRole('button', { name: 'Link copied' })).toBeVisible();

  await ownerCard.getByRole('link', { name: 'See the business page' }).click();
  await expect(page).toHaveURL(`/b/${owner.id}`);
  await expect(page.getByRole('heading', { level: 1, name: owner.company })).toBeVisible();
});

test('a shared link is rendered by the server: it reads without JavaScript, then hydrates without asking again', async ({
  browser,
  page,
  request,
}) => {
  const word = `Vile${Date.now().toString(36)}`;
  const owner = await newOwner(request, `Parle Media ${word}`);
  const title = `Hoarding ${word} at Vile Parle`;
  const id = await postHoarding(request, owner, title);

  // The server's HTML alone: what a crawler, a link preview or a slow phone before its scripts sees.
  const noScript = await browser.newContext({ javaScriptEnabled: false });
  const bare = await noScript.newPage();
  const response = await bare.goto(`/listings/${id}`);
  expect(response?.status()).toBe(200);
  await expect(bare.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(bare.getByText(/₹85,000/)).toBeVisible();
  await expect(bare.getByLabel('Owner').getByText(owner.company)).toBeVisible();
  // The cover as responsive WebP, the one the head preloads.
  const cover = bare.getByRole('img', { name: title });
  await expect(cover).toHaveAttribute('srcset', /\.webp \d+w/);
  const preload = bare.locator('link[rel="preload"][as="image"]');
  await expect(preload).toHaveCount(1);
  await expect(preload).toHaveAttribute('imagesrcset', (await cover.getAttribute('srcset')) ?? '');
  await expect(preload).toHaveAttribute('fetchpriority', 'high');
  await expect(bare).toHaveTitle(`${title} | BarterAds`);
  await noScript.close();

  // With scripts: the page hydrates from the data it came with (no second fetch of the listing) and logs nothing.
  const errors = collectErrors(page);
  const fetched: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/trpc/') && /listings\.get|businessPages\.get|reviews\.business/.test(r.url()))
      fetched.push(r.url());
  });
  await page.goto(`/listings/${id}`);
  await expect(page.locator('html[data-app-ready]')).toBeAttached();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await page.getByRole('button', { name: 'Share (copy link)' }).click();
  await expect(page.getByRole('button', { name: 'Link copied' })).toBeVisible();
  // The business page too: its card, listings and reviews came with it.
  await page.goto(`/b/${owner.id}`);
  await expect(page.locator('html[data-app-ready]')).toBeAttached();
  await expect(page.getByRole('heading', { level: 1, name: owner.company })).toBeVisible();
  await expect(page.getByText('No reviews yet: reviews come from completed deals.')).toBeVisible();
  expect(fetched).toEqual([]);
  expect(errors).toEqual([]);

  // An unknown listing is a 404 with the app's not-found state.
  const missing = await page.goto('/listings/00000000-0000-4000-8000-000000000000');
  expect(missing?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Listing not found' })).toBeVisible();
});

test('a media owner adds photos from the post form; a wrong file is named and the rest go on the listing', async ({
  page,
  request,
}) => {
  const word = `Juhu${Date.now().toString(36)}`;
  const owner = await newOwner(request, `Juhu Hoardings ${word}`);
  await signInThroughForm(page, owner.email, PASSWORD, '/marketplace');
  await page.getByRole('button', { name: 'Add Inventory' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Inventory' });
  const title = `Hoarding ${word} at Juhu beach`;
  await dialog.getByRole('textbox', { name: 'Title' }).fill(title);
  await dialog.getByRole('textbox', { name: 'Description' }).fill('Lit hoarding facing the beach road.');
  const city = dialog.getByRole('combobox', { name: 'City' });
  await city.click();
  await city.fill('Mumbai');
  await page.getByRole('option', { name: 'Mumbai, Maharashtra', exact: true }).click();

  const photos = dialog.locator('input[type="file"]');
  // A GIF is refused before anything is sent.
  await photos.setInputFiles({ name: 'anim.gif', mimeType: 'image/gif', buffer: Buffer.from('GIF89a') });
  await expect(
    dialog.getByRole('alert').filter({ hasText: '“anim.gif” is not a JPEG, PNG or WebP photo.' }),
  ).toBeVisible();
  // Two photos and a "photo" that is not one (the server checks the bytes).
  await photos.setInputFiles([
    { name: 'front.png', mimeType: 'image/png', buffer: TINY_PNG },
    { name: 'night.png', mimeType: 'image/png', buffer: TINY_PNG },
    { name: 'notes.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('not really a photo') },
  ]);
  await expect(dialog.getByRole('img', { name: /^New photo/ })).toHaveCount(3);
  await dialog.getByRole('button', { name: 'Remove New photo night.png' }).click();
  await expect(dialog.getByRole('img', { name: /^New photo/ })).toHaveCount(2);
  await dialog.getByRole('button', { name: 'Publish Inventory' }).click();
  await expect(page.getByText('Your listing is live.')).toBeVisible();
  await expect(page.getByText(/One photo was not added\. “notes\.jpg”: /)).toBeVisible();

  const found = await request.get(`/api/barters?q=${word}`);
  const { barters } = (await found.json()) as {
    barters: Array<{ _id: string; title: string; photos: Array<{ url: string }> }>;
  };
  const listing = barters.find((b) => b.title === title);
  expect(listing?.photos).toHaveLength(1);
  await page.goto(`/listings/${listing!._id}`);
  await expect(page.getByRole('img', { name: title })).toHaveAttribute('srcset', /\.webp \d+w/);
});
