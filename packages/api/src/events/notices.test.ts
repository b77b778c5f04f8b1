import { describe, expect, it } from 'vitest';
import { memberNotices } from './notices';

const LATIN_WORD = /[A-Za-z]{2,}/g;
/** Latin-script words a Hindi or Marathi notice may keep: the brand, plan names, India's time zone and a URL. */
const KEPT = new Set(['BarterAds', 'Growth', 'IST', 'https', 'example', 'com', 'hooks']);

function foreignWords(text: string): string[] {
  return (text.match(LATIN_WORD) ?? []).filter((word) => !KEPT.has(word));
}

const circle = {
  _id: '00000000-0000-4000-8000-00000000c001',
  number: 12,
  expiresAt: '2026-12-01T12:30:00.000Z',
  memberIds: ['a', 'b', 'c'],
};

/** Issue 33: the notices the server writes (circles, a disabled webhook, a plan's end) in the member's language. */
describe('member notices in the member language', () => {
  const events = [
    { id: 'e1', type: 'circle.proposed', actorId: null, data: { circle }, audience: [] },
    {
      id: 'e2',
      type: 'circle.reminder',
      actorId: null,
      data: { circle, pending: ['a'], hours: 24 },
      audience: [],
    },
    { id: 'e3', type: 'circle.accepted', actorId: null, data: { circle }, audience: [] },
    { id: 'e4', type: 'circle.lapsed', actorId: 'a', data: { circle, reason: 'declined' }, audience: [] },
    { id: 'e5', type: 'circle.lapsed', actorId: null, data: { circle, reason: 'expired' }, audience: [] },
    {
      id: 'e6',
      type: 'webhook.disabled',
      actorId: null,
      data: { webhook: { _id: 'w1', url: 'https://example.com/hooks' } },
      audience: ['a'],
    },
    {
      id: 'e7',
      type: 'plan.ending',
      actorId: null,
      data: {
        subscription: {
          _id: 's1',
          planId: 'growth',
          planName: 'Growth',
          endsAt: '2026-12-05T18:29:59.000Z',
          daysBefore: 1,
        },
      },
      audience: ['a'],
    },
  ];

  it('writes each in Hindi and Marathi with no English words but the brand, plan and address', () => {
    for (const event of events) {
      const english = memberNotices(event, 'en');
      expect(english.length, event.type).toBeGreaterThan(0);
      for (const language of ['hi', 'mr'] as const) {
        const notices = memberNotices(event, language);
        // The same members, kinds, links and dedupe keys in every language: only the words change.
        expect(notices.map(({ title: _t, body: _b, ...rest }) => rest)).toEqual(
          english.map(({ title: _t, body: _b, ...rest }) => rest),
        );
        for (const notice of notices) {
          expect(notice.title).toMatch(/[\u0900-\u097F]/);
          expect(foreignWords(`${notice.title} ${notice.body}`), `${event.type} ${language}`).toEqual([]);
        }
      }
    }
  });

  it('keeps the English as it was, and dates India reads them in each language', () => {
    const [ending] = memberNotices(events[6]!, 'en');
    expect(ending?.title).toBe('Your Growth plan ends tomorrow');
    expect(ending?.body).toBe(
      'Your BarterAds Growth plan ends on 5 Dec 2026. Renew it from your settings to keep its allowances.',
    );
    const [hindi] = memberNotices(events[6]!, 'hi');
    expect(hindi?.title).toBe('आपका Growth प्लान कल ख़त्म हो रहा है');
    expect(hindi?.body).toContain('5 दिस॰ 2026');
    const [proposed] = memberNotices(events[0]!, 'mr');
    expect(proposed?.title).toBe('तुम्हाला तीन व्यवसायांचा एक सर्कल सौदा प्रस्तावित आहे (C-12)');
    expect(proposed?.body).toContain('IST');
    const [disabled] = memberNotices(events[5]!, 'hi');
    expect(disabled?.body).toContain('https://example.com/hooks');
  });
});
