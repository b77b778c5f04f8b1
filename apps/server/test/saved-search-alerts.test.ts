import { notifyDeps, runSavedSearchAlerts, setEmailPreference } from '@barterads/api';
import { eventDeliveries, events, notifications, savedSearches } from '@barterads/db';
import type { ReceivedMail } from '@barterads/testing';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertServerSettings, DEV_UNSUBSCRIBE_SECRET, loadSettings } from '../src/settings';
import { createTestUser, EVENTUALLY, giveTestPlan, startTestServer, type TestServer } from './helpers/server';

const HOUR = 3_600_000;

describe('saved-search alerts and one-click unsubscribe over real HTTP', () => {
  let server: TestServer;
  let poster: { token: string };

  beforeAll(async () => {
    server = await startTestServer();
    const owner = await createTestUser(server.db, { userType: 'media_owner' });
    await giveTestPlan(server.db, owner.user.id, 'enterprise');
    poster = owner;
  });
  afterAll(async () => server.close());

  /** The alert job at a moved clock (the job itself passes `new Date()`). */
  const alertsAt = (now: Date) =>
    runSavedSearchAlerts(
      {
        db: server.db,
        appUrl: server.settings.appUrl,
        unsubscribeSecret: server.settings.unsubscribeSecret,
        logger: server.services.logger,
        notify: notifyDeps(server.services),
      },
      now,
    );
  const later = (hours: number) => new Date(Date.now() + hours * HOUR);

  async function post(title: string, city: string) {
    const res = await server.request('/api/barters', {
      token: poster.token,
      json: { title, location: `${city}, India`, city, description: `${title}, available now for barter.` },
    });
    expect(res.status).toBe(201);
    return res.body.barter._id as string;
  }

  async function saveSearch(token: string, name: string, query: object, frequency: string) {
    const res = await server.request('/api/saved-searches', { token, json: { name, query, frequency } });
    expect(res.status).toBe(201);
    return res.body.savedSearch.id as string;
  }

  const mailsTo = (email: string) => server.mail.mails.filter((m) => m.to.includes(email.toLowerCase()));
  /** A header's value, unfolded. */
  function header(mail: ReceivedMail, name: string): string | undefined {
    const head = mail.raw.split(/\r?\n\r?\n/)[0]!.replace(/\r?\n[ \t]+/g, ' ');
    const line = head.split(/\r?\n/).find((l) => l.toLowerCase().startsWith(`${name.toLowerCase()}:`));
    return line?.slice(name.length + 1).trim();
  }
  /** The one-click link of an alert, pointed at the test server (the mail names APP_URL, served on one origin). */
  function unsubscribeLink(mail: ReceivedMail): URL {
    const found = /<(https?:\/\/[^>]+\/api\/saved-searches\/unsubscribe\?[^>]+)>/.exec(
      header(mail, 'List-Unsubscribe') ?? '',
    );
    expect(found).not.toBeNull();
    const url = new URL(found![1]!.replace(/&amp;/g, '&'));
    // The body carries the same signed link.
    expect(mail.text).toContain(url.toString());
    return new URL(`${url.pathname}${url.search}`, server.baseUrl);
  }

  it('sends a daily search its new listings once a day, each listing once, nothing when nothing is new', async () => {
    const member = await createTestUser(server.db, { firstName: 'Asha' });
    const id = await saveSearch(member.token, 'Pune hoardings', { q: 'hoarding', city: 'Pune' }, 'daily');
    await post('Pune hoarding on FC Road', 'Pune');
    await post('Mumbai radio spots', 'Mumbai');

    expect(await alertsAt(later(1))).toBe(0);
    expect(mailsTo(member.user.email)).toHaveLength(0);

    expect(await alertsAt(later(25))).toBe(1);
    const mail = await server.mail.waitFor(member.user.email);
    expect(mail.text).toContain('Pune hoarding on FC Road');
    expect(mail.text).not.toContain('Mumbai radio spots');
    expect(mail.text).toMatch(/\/listings\/[0-9a-f-]{36}/);
    expect(header(mail, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    unsubscribeLink(mail);
    // It went through the outbox: an event written with the search's mark, its e-mail delivery recorded.
    const alerts = await server.db
      .select({ id: events.id, data: events.data })
      .from(events)
      .where(and(eq(events.type, 'saved_search.alert'), eq(events.resourceId, id)));
    expect(alerts).toHaveLength(1);
    expect(alerts[0]!.data).toMatchObject({ savedSearch: { _id: id, name: 'Pune hoardings' } });
    // The delivery's own Message-ID (the event and the member): sent again after a crash, it is the same mail.
    expect(header(mail, 'Message-ID')).toBe(`<event-${alerts[0]!.id}-${member.user.id}@localhost>`);
    await expect
      .poll(async () =>
        (
          await server.db
            .select({ channel: eventDeliveries.channel, status: eventDeliveries.status })
            .from(eventDeliveries)
            .where(eq(eventDeliveries.eventId, alerts[0]!.id))
        ).filter((d) => d.channel === 'email'),
      )
      .toEqual([{ channel: 'email', status: 'delivered' }]);
    // Not a partner event: GET /api/events does not list it.
    const listed = await server.request('/api/events', { token: member.token });
    expect(listed.body.events).toEqual([]);
    // The bell's entry comes from the same event (its bell channel), and sends no second e-mail.
    const bells = () =>
      server.db
        .select()
        .from(notifications)
        .where(and(eq(notifications.userId, member.user.id), eq(notifications.kind, 'saved_search_hits')));
    await expect.poll(async () => (await bells()).length, EVENTUALLY).toBe(1);
    expect((await bells())[0]).toMatchObject({ emailStatus: 'skipped' });
    expect((await bells())[0]?.title).toContain('Pune hoardings');

    // A day on, nothing new: no mail.
    expect(await alertsAt(later(50))).toBe(0);
    await post('Second Pune hoarding at Camp', 'Pune');
    // Not due yet (looked at 1 hour ago on the moved clock), then due: only the new listing.
    expect(await alertsAt(later(51))).toBe(0);
    expect(await alertsAt(later(75))).toBe(1);
    const second = await server.mail.waitFor(member.user.email);
    expect(second.text).toContain('Second Pune hoarding at Camp');
    expect(second.text).not.toContain('FC Road');
    expect(mailsTo(member.user.email)).toHaveLength(2);
    const [row] = await server.db.select().from(savedSearches).where(eq(savedSearches.id, id));
    expect(row?.lastCheckedAt.getTime()).toBeGreaterThan(Date.now() + 74 * HOUR);
  });

  it('sends a weekly search after 7 days, not before', async () => {
    const member = await createTestUser(server.db);
    await saveSearch(member.token, 'Chennai weekly', { q: 'billboard', city: 'Chennai' }, 'weekly');
    await post('Chennai billboard on Mount Road', 'Chennai');
    expect(await alertsAt(later(6 * 24))).toBe(0);
    expect(await alertsAt(later(7 * 24 + 1))).toBe(1);
    expect((await server.mail.waitFor(member.user.email)).text).toContain('Chennai billboard on Mount Road');
  });

  it('alerts an instant search as soon as a matching listing is posted, once', async () => {
    const member = await createTestUser(server.db);
    await saveSearch(member.token, 'Jaipur now', { q: 'kiosk', city: 'Jaipur' }, 'instant');
    await post('Jaipur mall kiosk', 'Jaipur');
    // Posting wakes the alert job: no clock moved, no waiting for its minute.
    const mail = await server.mail.waitFor(member.user.email, 15_000);
    expect(mail.text).toContain('Jaipur mall kiosk');
    expect(await alertsAt(new Date())).toBe(0);
    expect(mailsTo(member.user.email)).toHaveLength(1);
  });

  it("respects the member's e-mail choice for saved-search hits (the bell still shows them)", async () => {
    const member = await createTestUser(server.db);
    await setEmailPreference(server.db, member.user.id, 'saved_search_hits', false);
    const id = await saveSearch(member.token, 'Quiet', { q: 'lounge', city: 'Kochi' }, 'daily');
    await post('Kochi airport lounge screens', 'Kochi');
    expect(await alertsAt(later(25))).toBe(0);
    // The alert's event is written all the same: the bell shows it, the e-mail channel skips it.
    const bells = async () =>
      (await server.db.select().from(notifications).where(eq(notifications.userId, member.user.id))).map(
        (b) => b.kind,
      );
    await expect.poll(bells, EVENTUALLY).toEqual(['saved_search_hits']);
    const [alert] = await server.db
      .select({ id: events.id })
      .from(events)
      .where(and(eq(events.type, 'saved_search.alert'), eq(events.resourceId, id)));
    await expect
      .poll(
        async () =>
          (await server.db.select().from(eventDeliveries).where(eq(eventDeliveries.eventId, alert!.id)))
            .filter((d) => d.channel === 'email')
            .map((d) => d.status),
        EVENTUALLY,
      )
      .toEqual(['skipped']);
    expect(mailsTo(member.user.email)).toHaveLength(0);
  });

  it('unsubscribes signed out with the signed link (GET asks, POST one-click), refuses a forged one', async () => {
    const member = await createTestUser(server.db);
    const id = await saveSearch(member.token, 'Nagpur <hoardings>', { q: 'beach', city: 'Nagpur' }, 'daily');
    await post('Nagpur beach hoarding', 'Nagpur');
    expect(await alertsAt(later(25))).toBe(1);
    const link = unsubscribeLink(await server.mail.waitFor(member.user.email));
    const frequency = async () =>
      (await server.db.select().from(savedSearches).where(eq(savedSearches.id, id)))[0]?.frequency;

    // Forged: another signature, or the signature of another search; no session anywhere.
    const forged = new URL(link);
    forged.searchParams.set('sig', `${link.searchParams.get('sig')!.slice(0, -2)}xx`);
    const other = new URL(link);
    other.searchParams.set('id', crypto.randomUUID());
    for (const bad of [forged, other, new URL('/api/saved-searches/unsubscribe', server.baseUrl)]) {
      const refused = await fetch(bad, { method: 'POST', body: 'List-Unsubscribe=One-Click', headers: FORM });
      expect(refused.status).toBe(400);
      expect(await refused.text()).toContain('This unsubscribe link is not valid');
      expect((await fetch(bad)).status).toBe(400);
    }
    expect(await frequency()).toBe('daily');

    // GET (a person, or a mail scanner) changes nothing: it asks.
    const asked = await fetch(link);
    expect(asked.status).toBe(200);
    const page = await asked.text();
    expect(page).toContain('Nagpur &#60;hoardings&#62;');
    expect(page).toContain('<form method="post"');
    expect(await frequency()).toBe('daily');

    // RFC 8058 one-click: a POST of List-Unsubscribe=One-Click to the header's URL, no cookie, no token.
    const done = await fetch(link, { method: 'POST', body: 'List-Unsubscribe=One-Click', headers: FORM });
    expect(done.status).toBe(200);
    expect(await done.text()).toContain('You will get no more alert e-mails');
    expect(await frequency()).toBe('never');

    await post('Nagpur beach shack banner', 'Nagpur');
    expect(await alertsAt(later(24 * 30))).toBe(0);
    expect(mailsTo(member.user.email)).toHaveLength(1);
  });
});

describe('UNSUBSCRIBE_SECRET', () => {
  const production = {
    NODE_ENV: 'production',
    SMTP_URL: 'smtp://127.0.0.1:2525',
    SELLER_LEGAL_NAME: 'Seller',
    SELLER_GSTIN: '27AABCB1234F1Z8',
    SELLER_ADDRESS: 'Somewhere',
  };
  it('has a development default, is required in production and must be 32 characters or more', () => {
    expect(loadSettings({ NODE_ENV: 'test' }).unsubscribeSecret).toBe(DEV_UNSUBSCRIBE_SECRET);
    expect(() => assertServerSettings(production, loadSettings(production))).toThrow(
      /^Invalid setting UNSUBSCRIBE_SECRET: is required in production/,
    );
    expect(() => loadSettings({ ...production, UNSUBSCRIBE_SECRET: 'short' })).toThrow(
      /^Invalid setting UNSUBSCRIBE_SECRET: must be at least 32 characters/,
    );
    const secret = 'a-production-secret-of-32-characters-at-least';
    const env = { ...production, UNSUBSCRIBE_SECRET: secret };
    expect(() => assertServerSettings(env, loadSettings(env))).not.toThrow();
    expect(loadSettings(env).unsubscribeSecret).toBe(secret);
  });
});

const FORM = { 'content-type': 'application/x-www-form-urlencoded' };
