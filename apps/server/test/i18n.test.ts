import { DEAL_MESSAGES, MESSAGES } from '@barterads/core';
import { translateText } from '@barterads/core/i18n';
import { listings, searchWords, users } from '@barterads/db';
import { eq, inArray } from 'drizzle-orm';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestUser, proposeTestDeal, startTestServer, type TestServer } from './helpers/server';

/** A received mail's body as text: quoted-printable or base64 parts decoded (Devanagari travels encoded). */
function decodedBody(raw: string): string {
  // Each part of a multipart mail (text and HTML) decoded by its own transfer encoding.
  return raw
    .split(/\r?\n--[^\r\n]+\r?\n/)
    .map((part) => {
      const [head = '', ...rest] = part.split(/\r?\n\r?\n/);
      const body = rest.join('\n\n');
      if (/content-transfer-encoding:\s*base64/i.test(head))
        return Buffer.from(body, 'base64').toString('utf8');
      if (/content-transfer-encoding:\s*quoted-printable/i.test(head)) {
        const bytes = body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => `%${hex}`);
        return decodeURIComponent(bytes.replace(/%(?![0-9A-F]{2})/gi, '%25'));
      }
      return body;
    })
    .join('\n');
}

/** Issue 33: the member's language in the profile, and the site's pages in Hindi and Marathi. */
describe('languages over real HTTP', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => server.close());

  it('PATCH /api/auth/me saves the language (en, hi, mr) and refuses others with the one error format', async () => {
    const { token } = await createTestUser(server.db);
    const before = await server.request('/api/auth/me', { token });
    expect(before.body.user.language).toBe('en');

    const saved = await server.request('/api/auth/me', { method: 'PATCH', json: { language: 'hi' }, token });
    expect(saved.status).toBe(200);
    expect(saved.body.user.language).toBe('hi');
    expect((await server.request('/api/auth/me', { token })).body.user.language).toBe('hi');

    const marathi = await server.request('/trpc/accounts.updateProfile', { json: { language: 'mr' }, token });
    expect(marathi.status).toBe(200);
    expect((await server.request('/api/auth/me', { token })).body.user.language).toBe('mr');

    const refused = await server.request('/api/auth/me', {
      method: 'PATCH',
      json: { language: 'fr' },
      token,
    });
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBeTruthy();
    expect(refused.body.message).toContain('language');
    expect((await server.request('/api/auth/me', { token })).body.user.language).toBe('mr');
  });

  it('the sitemap names every page in English, Hindi and Marathi, each with its alternates', async () => {
    const res = await server.request('/sitemap.xml');
    expect(res.status).toBe(200);
    const xml = res.text;
    expect(xml).toContain('xmlns:xhtml="http://www.w3.org/1999/xhtml"');
    expect(xml).toMatch(/<loc>[^<]*\/hi\/marketplace<\/loc>/);
    expect(xml).toMatch(/<loc>[^<]*\/mr\/how-it-works<\/loc>/);
    expect(xml).toMatch(/hreflang="hi-IN" href="[^"]*\/hi\/marketplace"/);
    expect(xml).toMatch(/hreflang="en-IN" href="[^"]*\/marketplace"/);
  });

  it("errors keep their code and come in the language asked for, else in the member's profile language", async () => {
    const { user } = await createTestUser(server.db);
    const wrong = { email: user.email, password: 'not-the-password' };
    const english = await server.request('/api/auth/login', { json: wrong });
    const hindi = await server.request('/api/auth/login', {
      json: wrong,
      headers: { 'accept-language': 'hi-IN' },
    });
    expect(english.status).toBe(401);
    expect(hindi.status).toBe(401);
    expect(hindi.body.code).toBe(english.body.code);
    expect(english.body.message).toBe(MESSAGES.invalidCredentials);
    expect(hindi.body.message).toBe('ई-मेल या पासवर्ड ग़लत है।');
    // The tRPC route (the web app's) says the same in Marathi.
    const trpc = await server.request('/trpc/accounts.login', {
      json: wrong,
      headers: { 'accept-language': 'mr-IN,mr;q=0.9,en;q=0.5' },
    });
    expect(trpc.status).toBe(401);
    expect(trpc.body.error.message).toBe(translateText('mr', MESSAGES.invalidCredentials));
    expect(trpc.body.error.data.code).toBe('UNAUTHORIZED');

    // No language asked for (a REST client): the signed-in member's own.
    const marathi = await createTestUser(server.db);
    await server.db.update(users).set({ language: 'mr' }).where(eq(users.id, marathi.user.id));
    const missing = await server.request('/api/deals/00000000-0000-4000-8000-000000000000', {
      token: marathi.token,
    });
    expect(missing.status).toBe(404);
    expect(missing.body.code).toBe('NOT_FOUND');
    expect(missing.body.message).toBe(translateText('mr', DEAL_MESSAGES.notFound));
    expect(missing.body.message).not.toBe(DEAL_MESSAGES.notFound);
    // A field's issue too, in the one format.
    const blank = await server.request('/api/auth/me', {
      method: 'PATCH',
      json: { firstName: '' },
      token: marathi.token,
      headers: { 'accept-language': 'hi' },
    });
    expect(blank.status).toBe(400);
    expect(blank.body.code).toBe('BAD_REQUEST');
    expect(blank.body.issues[0]).toEqual({ path: 'firstName', message: 'पहला नाम ज़रूरी है।' });
    expect(blank.body.message).toBe('पहला नाम ज़रूरी है।');
  });

  it('the sign-up code mail comes in the language of the page it was asked from', async () => {
    const email = `hindi-${Date.now()}@test.barterads.in`;
    const sent = await server.request('/api/auth/send-email-otp', {
      json: { email },
      headers: { 'accept-language': 'hi-IN' },
    });
    expect(sent.status).toBe(200);
    const mail = await server.mail.waitFor(email);
    const text = decodedBody(mail.raw);
    expect(text).toMatch(/आपका BarterAds सत्यापन कोड \d{6} है/);
    expect(text).toContain('अपना BarterAds खाता बनाना पूरा करने के लिए इसे लिखें');
  });

  it("a deal's e-mail reaches a Hindi-speaking member in Hindi, linking to the Hindi page", async () => {
    const owner = await createTestUser(server.db, { userType: 'media_owner' });
    await server.db.update(users).set({ language: 'hi' }).where(eq(users.id, owner.user.id));
    const brand = await createTestUser(server.db);
    const { dealId } = await proposeTestDeal(server, owner.user, brand, {
      title: 'Hoarding at the ring road',
    });
    const mail = await server.mail.waitFor(owner.user.email, 60_000);
    const text = decodedBody(mail.raw);
    expect(text).toContain('ने बार्टर सौदे का प्रस्ताव दिया है।');
    expect(text).toContain(`/hi/dashboard/deals/${dealId}`);
    expect(text).not.toContain('proposed a barter deal');
    // The proposer (English) is not told in Hindi: their own mail, when there is one, stays English.
  });

  it('the deal letter comes in the language of the member who downloads it (users.language)', async () => {
    const owner = await createTestUser(server.db, { userType: 'media_owner' });
    await server.db
      .update(users)
      .set({ language: 'mr', companyName: 'Shinde Hoardings' })
      .where(eq(users.id, owner.user.id));
    const brand = await createTestUser(server.db);
    const { dealId } = await proposeTestDeal(server, owner.user, brand);
    const accepted = await server.request(`/api/deals/${dealId}/accept`, {
      token: owner.token,
      json: { version: 1 },
    });
    expect(accepted.status).toBe(200);
    const number = accepted.body.deal.number as string;

    const letter = async (token: string) => {
      const response = await fetch(`${server.baseUrl}/api/deals/${dealId}/letter.pdf`, {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(response.status).toBe(200);
      const bytes = new Uint8Array(await response.arrayBuffer());
      // Read before pdf.js takes the bytes over.
      const raw = Buffer.from(bytes).toString('latin1');
      const { text } = await extractText(await getDocumentProxy(bytes), { mergePages: true });
      return { text, raw };
    };
    // Marathi for the Marathi member: Noto Sans Devanagari embedded, ₹ with Indian grouping. pdf.js reads the
    // glyphs (shaping's reordered ones in visual order, spaces where a conjunct's glyphs sit apart): the words
    // checked here have none reordered, compared without spaces; packages/api's PDF test reads the ActualText.
    const marathi = await letter(owner.token);
    const glyphs = marathi.text.replace(/\s+/g, '');
    expect(marathi.raw).toContain('NotoSansDevanagari');
    expect(glyphs).toContain(`सौदाक्रमांक:${number}`);
    expect(glyphs).toContain('ShindeHoardingsदेणार');
    expect(glyphs).toContain('दोन्हीबाजूंमधीलफरक:₹5,000');
    expect(marathi.text).not.toContain('Deal number');
    // English for the English member, as before.
    const english = await letter(brand.token);
    expect(english.raw).not.toContain('NotoSansDevanagari');
    expect(english.text).toContain(`Deal number: ${number}`);
    expect(english.text).toContain('INR 50,000');
  });

  it('a listing written in Hindi or Marathi is found by a search in its script, whole words and typos too', async () => {
    const owner = await createTestUser(server.db, { userType: 'media_owner' });
    const rows = [
      {
        title: 'चाय की दुकानों पर होर्डिंग',
        description: 'पुणे के बाज़ार में रोशनी वाला होर्डिंग, महीने भर के लिए।',
        location: 'पुणे, महाराष्ट्र',
      },
      {
        title: 'पुण्यातील रिक्षांवर जाहिरात',
        description: 'शहरातील शंभर रिक्षांच्या मागे जाहिरात।',
        location: 'Pune, Maharashtra',
      },
      { title: 'Hoarding near the tea stalls', description: 'Front-lit hoarding.', location: 'Pune' },
    ];
    const ids: string[] = [];
    for (const row of rows) {
      const [listing] = await server.db
        .insert(listings)
        .values({ ...row, ownerId: owner.user.id, ownerType: 'media_owner', category: 'outdoor' })
        .returning({ id: listings.id });
      ids.push(listing!.id);
    }
    const [hindi, marathi, english] = ids;
    const search = async (q: string) => {
      const res = await server.request(`/api/barters?q=${encodeURIComponent(q)}`);
      expect(res.status, res.text).toBe(200);
      return res.body as { barters: { _id: string }[]; suggestion: string | null };
    };
    // Hindi: a whole word with a virama and a nasal sign.
    const hoarding = await search('होर्डिंग');
    expect(hoarding.barters.map((b) => b._id)).toContain(hindi);
    expect(hoarding.barters.map((b) => b._id)).not.toContain(english);
    // Marathi.
    expect((await search('रिक्षांवर')).barters.map((b) => b._id)).toEqual([marathi]);
    // The English listing is found in English, not by the Hindi words.
    expect((await search('hoarding')).barters.map((b) => b._id)).toContain(english);
    expect((await search('hoarding')).barters.map((b) => b._id)).not.toContain(hindi);
    // The vocabulary keeps the words whole (the virama used to cut "होर्डिंग" in two) and corrects a typo in them.
    const words = await server.db
      .select()
      .from(searchWords)
      .where(inArray(searchWords.word, ['होर्डिंग', 'होर']));
    expect(words.map((w) => w.word)).toEqual(['होर्डिंग']);
    const misspelt = await search('होर्डिग');
    expect(misspelt.suggestion).toBe('होर्डिंग');
    expect(misspelt.barters.map((b) => b._id)).toContain(hindi);
    const typo = await search('जाहीरात');
    expect(typo.suggestion).toBe('जाहिरात');
    expect(typo.barters.map((b) => b._id)).toContain(marathi);
  });
});
