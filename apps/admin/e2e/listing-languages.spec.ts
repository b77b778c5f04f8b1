import {
  devanagariFaceStates,
  signInAsAdmin,
  signInThroughApi,
  signUpThroughApi,
  uniqueE2eEmail,
} from '@barterads/testing/e2e';
import { expect, test } from '@playwright/test';

/**
 * Issue 33: a moderator reviewing listings sees a listing's Hindi or Marathi version beside the English, the texts
 * the members of that language read, before verifying it.
 */
test("the listings review shows a listing's Marathi version beside the English, on a computer and a phone", async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  const email = uniqueE2eEmail('local-version');
  const password = 'local-version-password';
  await signUpThroughApi(request, {
    email,
    password,
    userType: 'media_owner',
    firstName: 'Sunita',
    lastName: 'Jadhav',
  });
  const token = await signInThroughApi(request, email, password);
  const stamp = Date.now();
  const english = {
    title: `Bus depot hoarding in Thane ${stamp}`,
    description: 'A lit hoarding above the depot gate, seen by every bus leaving it.',
  };
  const marathi = {
    localTitle: 'ठाणे बस आगारावरील होर्डिंग',
    localDescription: 'आगाराच्या प्रवेशद्वारावरील प्रकाशित होर्डिंग, बाहेर पडणाऱ्या प्रत्येक बसला दिसणारे.',
  };
  const created = await request.post('/api/barters', {
    headers: { authorization: `Bearer ${token}` },
    data: { ...english, city: 'Thane', category: 'outdoor', localLanguage: 'mr', ...marathi },
  });
  expect(created.status(), await created.text()).toBe(201);

  await signInAsAdmin(page);
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Listings' }).click();
  await page.getByLabel('Search listings').fill(String(stamp));
  await expect(page.getByText('Showing 1 listing(s)')).toBeVisible();
  const row = page.getByRole('row', { name: new RegExp(String(stamp)) });
  await expect(row.getByText('Marathi version', { exact: true })).toBeVisible();
  // Folded until asked for; then both versions side by side.
  const englishVersion = row.getByRole('group', { name: 'English version' });
  const marathiVersion = row.getByRole('group', { name: 'Marathi version' });
  await expect(marathiVersion).toBeHidden();
  await row.getByText('Title and description: English and Marathi').click();
  await expect(englishVersion).toContainText(english.title);
  await expect(englishVersion).toContainText(english.description);
  await expect(marathiVersion).toContainText(marathi.localTitle);
  await expect(marathiVersion).toContainText(marathi.localDescription);
  await expect(marathiVersion.getByText(marathi.localTitle)).toHaveAttribute('lang', 'mr-IN');
  const [englishBox, marathiBox] = [await englishVersion.boundingBox(), await marathiVersion.boundingBox()];
  // Beside, not below: the same row of the grid.
  expect(Math.abs((englishBox?.y ?? 0) - (marathiBox?.y ?? 1))).toBeLessThan(4);

  // On a phone: the listing's card shows the same, one version under the other, nothing wider than the screen.
  await page.setViewportSize({ width: 360, height: 740 });
  const card = page.getByRole('list', { name: 'Listings' }).getByRole('listitem').first();
  await expect(card.getByText('Marathi version', { exact: true })).toBeVisible();
  await card.getByText('Title and description: English and Marathi').click();
  await expect(card.getByRole('group', { name: 'Marathi version' })).toContainText(marathi.localDescription);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  // The Marathi version is set in the shared Devanagari face (the stylesheet both apps import).
  expect(await devanagariFaceStates(page)).toContain('loaded');
  await page.screenshot({ path: test.info().outputPath('listing-review-360.png'), fullPage: true });
});
