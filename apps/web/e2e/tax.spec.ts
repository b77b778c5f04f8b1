import { readFile } from 'node:fs/promises';
import { gstinCheckCharacter } from '@barterads/core';
import {
  DEMO_PASSWORD,
  demoListingId,
  E2E_ADMIN,
  loginThroughApi,
  onePagePdf,
  placesWhileArriving,
  signInInNewContext,
  signInThroughApi,
  signUpThroughApi,
  uniqueE2eEmail,
} from '@barterads/testing/e2e';
import { type APIRequestContext, type Download, expect, test } from '@playwright/test';

/**
 * The deal page's Tax section on a phone (issue 30). The deliveries suite's demo pair (Kabir Patel's Patel Media,
 * Diya Das's Das Brands) is reused for an offer only: an open offer counts against no plan limit. Neither demo
 * business has a verified GSTIN, so both legs say, in plain words, that no tax invoice is issued.
 */
const OWNER_EMAIL = 'kabir.patel23@demo.barterads.in';
const ADVERTISER_EMAIL = 'diya.das24@demo.barterads.in';
const PHONE = { width: 390, height: 844 };

/** An open offer of the brand's to the media owner on one of the owner's active listings: its id. */
async function proposeOffer(
  request: APIRequestContext,
  [ownerGives, brandGives]: [title: string, title: string],
): Promise<string> {
  const owner = await loginThroughApi(request, OWNER_EMAIL, DEMO_PASSWORD);
  const brand = await loginThroughApi(request, ADVERTISER_EMAIL, DEMO_PASSWORD);
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
          title: ownerGives,
          quantity: 1,
          unit: 'month',
          valueInr: 40000,
        },
        { giverId: brand.id, title: brandGives, quantity: 12, unit: 'event', valueInr: 36000 },
      ],
    },
  });
  expect(made.status(), await made.text()).toBe(201);
  return (await made.json()).deal._id as string;
}

test('a phone shows the GST of an offer before accepting: both legs, the unregistered case, no tax advice', async ({
  browser,
  request,
}) => {
  const dealId = await proposeOffer(request, ['Site for January', 'Sampling at 12 stores']);

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
  // The section comes with the deal (its answer is in the server-rendered page).
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

test('Accept stands where it was first shown while the Tax section above it arrives, opened in the app or by its address', async ({
  browser,
  request,
}) => {
  // The section loaded after the deal (its own chunk and request), 120 px of skeleton becoming several hundred: the
  // actions below it moved down under a finger about to tap Accept.
  const dealId = await proposeOffer(request, ['Gantry for March', 'Sampling at 20 stores']);
  // The media owner answers: Accept is theirs.
  const { page, context } = await signInInNewContext(
    browser,
    OWNER_EMAIL,
    DEMO_PASSWORD,
    '/dashboard/deals',
    {
      viewport: PHONE,
      isMobile: true,
      hasTouch: true,
    },
  );
  const accept = page.getByRole('button', { name: /^Accept version/ });
  const opens = {
    'from the deals list': () => page.locator(`a[href$="/dashboard/deals/${dealId}"]`).click(),
    'by its address': () => page.goto(`/dashboard/deals/${dealId}`),
  };
  for (const [how, open] of Object.entries(opens)) {
    // Each request for the section's answer comes when the one before it has been answered and drawn.
    const places = await placesWhileArriving(page, /\/trpc\/[^?]*tax\.preview/, {
      open,
      target: accept,
      done: page.getByRole('region', { name: 'Tax', exact: true }),
      place: () => accept.evaluate((button) => button.getBoundingClientRect().top + window.scrollY),
    });
    expect(new Set(places), `Accept's places, opened ${how}: ${places.join(', ')}`).toEqual(
      new Set([places[0]]),
    );
  }
  await context.close();
});

/** A demo media owner no other suite signs in as (the seed's 19th user), owner of demo listing 18. */
const SUPPLY_OWNER_EMAIL = 'arjun.gupta19@demo.barterads.in';
const SUPPLY_LISTING = demoListingId(18);
const PHONE_360 = { width: 360, height: 780 };

/** A valid Maharashtra GSTIN of a PAN of its own (check character computed as the GSTN does). */
function uniqueGstin(): string {
  const letters = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
  const n = Math.floor(Math.random() * 10_000);
  const pan = `AAC${letters[Math.floor(Math.random() * 26)]}${letters[n % 26]}${String(n).padStart(4, '0')}K`;
  const first14 = `27${pan}1Z`;
  return first14 + gstinCheckCharacter(first14);
}

async function pdfOf(download: Download): Promise<string> {
  const path = await download.path();
  return (await readFile(path)).subarray(0, 5).toString('latin1');
}

test('a phone sets its series, issues its leg, downloads the tax invoice and the barter statement (360 px)', async ({
  browser,
  request,
}) => {
  test.setTimeout(240_000);
  // A GST-registered brand (a new member, verified by the admin) with its business address.
  const brand = {
    email: uniqueE2eEmail('gst-brand'),
    password: 'Brand-pass-2026',
    userType: 'advertiser' as const,
    firstName: 'Gita',
    lastName: 'Shah',
  };
  await signUpThroughApi(request, brand);
  const brandToken = await signInThroughApi(request, brand.email, brand.password);
  const asBrand = { authorization: `Bearer ${brandToken}` };
  const submitted = await request.post('/api/auth/me/verification', {
    headers: asBrand,
    multipart: {
      gstin: uniqueGstin(),
      legalName: 'Shah Foods Private Limited',
      certificate: {
        name: 'certificate.pdf',
        mimeType: 'application/pdf',
        buffer: onePagePdf('Form GST REG-06'),
      },
    },
  });
  expect(submitted.status(), await submitted.text()).toBe(201);
  const adminToken = await signInThroughApi(request, E2E_ADMIN.email, E2E_ADMIN.password);
  const me = await (await request.get('/api/auth/me', { headers: asBrand })).json();
  const queue = await request.get(`/api/admin/verifications?businessId=${me.user._id}`, {
    headers: { authorization: `Bearer ${adminToken}` },
  });
  const submission = (await queue.json()).verifications[0];
  const decided = await request.post(`/api/admin/verifications/${submission._id}/decide`, {
    headers: { authorization: `Bearer ${adminToken}` },
    data: { decision: 'approve' },
  });
  expect(decided.status(), await decided.text()).toBe(200);
  const address = await request.patch('/api/auth/me', {
    headers: asBrand,
    data: {
      businessAddress: { line: '7 Linking Road', city: 'Mumbai', pin: '400050', state: 'Maharashtra' },
    },
  });
  expect(address.status(), await address.text()).toBe(200);

  // The brand offers sampling for a demo owner's space; the owner accepts.
  const owner = await request.post('/api/auth/login', {
    data: { email: SUPPLY_OWNER_EMAIL, password: DEMO_PASSWORD },
  });
  const ownerBody = await owner.json();
  const made = await request.post('/api/deals', {
    headers: asBrand,
    data: {
      listingId: SUPPLY_LISTING,
      openDays: 7,
      items: [
        {
          giverId: ownerBody.user._id,
          listingId: SUPPLY_LISTING,
          title: 'The space for March',
          quantity: 1,
          unit: 'month',
          valueInr: 30000,
        },
        { giverId: me.user._id, title: 'Sampling boxes', quantity: 50, unit: 'item', valueInr: 20000 },
      ],
    },
  });
  expect(made.status(), await made.text()).toBe(201);
  const dealId = (await made.json()).deal._id as string;
  const accepted = await request.post(`/api/deals/${dealId}/accept`, {
    headers: { authorization: `Bearer ${ownerBody.token}` },
    data: { version: 1 },
  });
  expect(accepted.status(), await accepted.text()).toBe(200);

  const { page, context } = await signInInNewContext(browser, brand.email, brand.password, '/dashboard', {
    viewport: PHONE_360,
    isMobile: true,
    hasTouch: true,
    acceptDownloads: true,
  });
  // The dashboard lists the leg to issue.
  const due = page.getByRole('region', { name: 'Invoices to issue' });
  await expect(due).toContainText('Sampling boxes', { timeout: 30_000 });
  await expect(due).toContainText('The 30 days start when the last deliverable is accepted');

  // Settings: the series, then the statement as PDF.
  await page.goto('/settings');
  const invoices = page.getByRole('region', { name: 'Tax invoices' });
  await expect(invoices.getByText('No series yet')).toBeVisible({ timeout: 30_000 });
  await expect(invoices.getByRole('textbox', { name: 'Address' })).toHaveValue('7 Linking Road');
  await invoices.getByLabel('Prefix').fill('sf/26-27/');
  await invoices.getByRole('button', { name: 'Save series' }).click();
  await expect(invoices.getByText('Your next invoice number: SF/26-27/001')).toBeVisible();
  const statement = page.getByRole('region', { name: 'Barter statement' });
  const [statementFile] = await Promise.all([
    page.waitForEvent('download'),
    statement.getByRole('link', { name: 'Download statement (PDF)' }).click(),
  ]);
  expect(statementFile.suggestedFilename()).toMatch(
    /^barter-statement-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.pdf$/,
  );
  expect(await pdfOf(statementFile)).toBe('%PDF-');

  // The deal page: issue the leg from the series, then download its tax invoice.
  await page.goto(`/dashboard/deals/${dealId}`);
  const tax = page.getByRole('region', { name: 'Tax', exact: true });
  const yours = tax.getByLabel('Your supply');
  await expect(yours).toContainText('Invoice to issue', { timeout: 30_000 });
  await yours.getByRole('button', { name: 'Issue…' }).click();
  const form = yours.getByRole('form', { name: 'Issue the tax invoice' });
  await expect(form.getByLabel('Next of my series: SF/26-27/001')).toBeChecked();
  await form.getByRole('button', { name: 'Issue invoice' }).click();
  await expect(yours).toContainText('Invoice SF/26-27/001');
  await expect(yours.getByText('Issued', { exact: true })).toBeVisible();
  const box = await yours.boundingBox();
  expect(box!.width).toBeLessThanOrEqual(PHONE_360.width);
  const [invoiceFile] = await Promise.all([
    page.waitForEvent('download'),
    yours.getByRole('link', { name: 'Download invoice (PDF)' }).click(),
  ]);
  expect(invoiceFile.suggestedFilename()).toBe('invoice-SF-26-27-001.pdf');
  expect(await pdfOf(invoiceFile)).toBe('%PDF-');
  await context.close();
});
