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

/**
 * The member-only events that replaced the domains' own `notify()` calls after their commits (issue 29): each tells
 * its member, with the bell's dedupe key of old, and says when the e-mail is another path's (`email: false`).
 */
describe('notices of the events written with their changes', () => {
  const party = (id: string) => ({ _id: id, name: id, companyName: null, verified: false });
  const deal = {
    _id: 'd1',
    version: 3,
    number: 'BA-2026-000001',
    status: 'accepted',
    expiresAt: '2026-12-01T06:30:00.000Z',
    proposer: party('p'),
    counterparty: party('c'),
    brokerId: null,
  };
  const review = {
    _id: 'r1',
    dealId: 'd1',
    authorId: 'p',
    subjectId: 'c',
    publishedAt: null as string | null,
  };
  const event = (
    type: string,
    data: Record<string, unknown>,
    actorId: string | null = null,
    audience = ['c'],
  ) => ({
    id: 'e1',
    type,
    actorId,
    data,
    audience,
  });
  const told = (e: ReturnType<typeof event>) =>
    memberNotices(e).map((n) => ({ userId: n.userId, kind: n.kind, dedupeKey: n.dedupeKey, email: n.email }));

  it('tells each the member it concerns, once per dedupe key', () => {
    expect(
      told(
        event('verification.decided', {
          verification: { _id: 'v1', businessId: 'c', status: 'verified', gstin: 'G', legalName: 'L' },
        }),
      ),
    ).toEqual([
      { userId: 'c', kind: 'verification_decided', dedupeKey: 'verification:v1:decided', email: undefined },
    ]);
    expect(told(event('review.received', { review }, 'p'))).toEqual([
      { userId: 'c', kind: 'review_received', dedupeKey: 'review:r1:received', email: undefined },
    ]);
    // Published as written: told by its author's event; another's review published with it, or by the job, not.
    const published = { ...review, publishedAt: '2026-11-28T10:00:00.000Z' };
    expect(told(event('review.published', { review: published }, 'p'))).toHaveLength(1);
    expect(told(event('review.published', { review: published }, 'c'))).toEqual([]);
    expect(told(event('review.published', { review: published }, null))).toEqual([]);
    expect(
      told(
        event('message.received', {
          conversationId: 'k1',
          recipientId: 'c',
          senderName: 'Kabir',
          listingTitle: 'Hoarding',
          preview: 'Hello',
          lastRead: 7,
          messageId: 9,
        }),
      ),
    ).toEqual([{ userId: 'c', kind: 'new_message', dedupeKey: 'conversation:k1:after:7', email: false }]);
    expect(
      told(
        event('saved_search.alert', {
          savedSearch: { _id: 's1', name: 'Pune', frequency: 'daily' },
          listings: [{ _id: 'l1', title: 'Hoarding', city: 'Pune' }],
        }),
      ),
    ).toEqual([{ userId: 'c', kind: 'saved_search_hits', dedupeKey: 'saved-search:s1:l1', email: false }]);
    expect(
      told(event('match.found', { listing: { _id: 'l1', title: 'Hoarding', ownerId: 'c' }, newMatches: 2 })),
    ).toEqual([{ userId: 'c', kind: 'new_matches', dedupeKey: 'matches:l1:e1', email: false }]);
    expect(
      told(event('match.digest', { userId: 'c', day: '2026-11-28', count: 12, lines: ['- a', '- b'] })),
    ).toEqual([{ userId: 'c', kind: 'new_matches', dedupeKey: 'match-digest:2026-11-28', email: undefined }]);
    expect(
      told(
        event('plan.benefits_withdrawn', {
          userId: 'c',
          eventKey: 'f1',
          unfeatured: [{ title: 'A' }],
          archived: [],
        }),
      ),
    ).toEqual([{ userId: 'c', kind: 'plan_changed', dedupeKey: 'plan:f1:benefits', email: undefined }]);
    expect(told(event('deal.expiring', { deal, to: 'p' }))).toEqual([
      { userId: 'p', kind: 'deal_expiring', dedupeKey: 'deal:d1:v3:expiring', email: undefined },
    ]);
    expect(
      told(
        event('leg.due_soon', {
          deal,
          leg: { _id: 'g1', supplierId: 'p', supplyDate: '2026-11-01', dueDate: '2026-12-01', daysLeft: 2 },
        }),
      ),
    ).toEqual([{ userId: 'p', kind: 'leg_invoice_due', dedupeKey: 'leg:g1:due-28', email: undefined }]);
    expect(
      told(
        event('deliverable.reminder', {
          deal,
          deliverable: {
            itemId: 'i1',
            status: 'delivered',
            round: 1,
            title: 'Hoarding',
            giverId: 'p',
            receiverId: 'c',
            reminderDay: 3,
          },
        }),
      ),
    ).toEqual([
      {
        userId: 'c',
        kind: 'deliverable_delivered',
        dedupeKey: 'deliverable:i1:r1:reminder3',
        email: undefined,
      },
    ]);
  });

  it('keeps the words of the notices they replace', () => {
    const [digest] = memberNotices(
      event('match.digest', { userId: 'c', day: '2026-11-28', count: 12, lines: ['- a', '- b'] }),
    );
    expect(digest?.title).toBe('Your matches today: 12 new');
    expect(digest?.body).toBe('- a\n- b\n…and 10 more.');
    const [reminder] = memberNotices(
      event('deliverable.reminder', {
        deal,
        deliverable: {
          itemId: 'i1',
          status: 'delivered',
          round: 1,
          title: 'Hoarding',
          giverId: 'p',
          receiverId: 'c',
          reminderDay: 6,
        },
      }),
    );
    expect(reminder?.title).toBe('A delivery awaits your answer (1 day left)');
    const [expiring] = memberNotices(event('deal.expiring', { deal, to: 'p' }));
    expect(expiring?.body).toContain('closes 1 Dec 2026');
  });
});
