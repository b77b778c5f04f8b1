import type { Language, NotificationKind } from '@barterads/core';
import type { EventRow } from '@barterads/db';
import { type DealEvent, dealNotice } from '../deals/mail';
import type { Deal } from '../deals/schemas';
import type { DeliverableEventData } from '../deliveries/deliveries';
import { deliverableNotices } from '../deliveries/notices';
import { formatIndiaTime } from '../mail/language';
import { PLAN_ENDING_EVENT, type PlanEndingData, planEndingNotice } from '../payments/periods';

/** What a member is told of an event, in the bell and by e-mail (the same words in both). */
export interface MemberNotice {
  userId: string;
  kind: NotificationKind;
  title: string;
  body: string;
  link: string;
  /** The bell's dedupe key (one notification per event and member, however often delivered). */
  dedupeKey: string;
}

const DEAL_KINDS: Partial<Record<string, { event: DealEvent; kind: NotificationKind }>> = {
  'deal.proposed': { event: 'proposed', kind: 'deal_proposed' },
  'deal.countered': { event: 'countered', kind: 'deal_countered' },
  'deal.accepted': { event: 'accepted', kind: 'deal_accepted' },
  'deal.declined': { event: 'declined', kind: 'deal_declined' },
  'deal.withdrawn': { event: 'withdrawn', kind: 'deal_withdrawn' },
};

/** The expired offer's notice in each language. */
const EXPIRED: Record<Language, (closed: string) => { title: string; body: string }> = {
  en: (closed) => ({
    title: 'A deal offer expired',
    body: `An offer in one of your deals was not answered before it closed (${closed}), so the deal expired.`,
  }),
  hi: (closed) => ({
    title: 'सौदे का एक प्रस्ताव समाप्त हो गया',
    body: `आपके एक सौदे के प्रस्ताव का जवाब उसके बंद होने (${closed}) से पहले नहीं आया, इसलिए सौदा समाप्त हो गया।`,
  }),
  mr: (closed) => ({
    title: 'सौद्याचा एक प्रस्ताव संपला',
    body: `तुमच्या एका सौद्याच्या प्रस्तावाला तो बंद होण्यापूर्वी (${closed}) उत्तर आले नाही, म्हणून सौदा संपला.`,
  }),
};

/**
 * The members an event tells, with the words: the party a deal's proposal, counter, acceptance, decline or
 * withdrawal concerns (the other party of the one who acted), both parties of an expired offer, the deliverables'
 * and disputes' parties (deliveries/notices.ts), a webhook endpoint's owner when it is disabled, and a member
 * whose plan ends in 7 days or tomorrow.
 */
export function memberNotices(
  event: Pick<EventRow, 'id' | 'type' | 'actorId' | 'data' | 'audience'>,
  language: Language = 'en',
): MemberNotice[] {
  if (event.type.startsWith('circle.')) return circleNotices(event);
  if (event.type === 'webhook.disabled') {
    const webhook = (event.data as { webhook?: { _id: string; url: string } }).webhook;
    if (!webhook) return [];
    return event.audience.map((userId) => ({
      userId,
      kind: 'webhook_disabled' as const,
      title: 'A webhook endpoint was disabled',
      body: `Deliveries to ${webhook.url} failed for 3 days, so we stopped sending to it. Fix the endpoint, then turn it back on in your settings, where its deliveries are listed and can be resent.`,
      link: '/settings#webhooks',
      dedupeKey: `webhook:${webhook._id}:disabled:${event.id}`,
    }));
  }
  if (event.type === PLAN_ENDING_EVENT) {
    const subscription = (event.data as { subscription?: PlanEndingData }).subscription;
    return subscription ? event.audience.map((userId) => planEndingNotice(userId, subscription)) : [];
  }
  const deal = (event.data as { deal?: Deal }).deal;
  if (!deal) return [];
  const deliverable = (event.data as { deliverable?: DeliverableEventData }).deliverable;
  if (deliverable?.title) return deliverableNotices(event.type, deal, deliverable);
  if (event.type === 'deal.proposed' && deal.brokerId !== null && event.actorId === deal.brokerId) {
    // A broker's draft: both members are asked, each told it was prepared by the trade desk.
    return [deal.proposer, deal.counterparty].map((party) => {
      const other = party._id === deal.proposer._id ? deal.counterparty : deal.proposer;
      const notice = dealNotice('proposed', deal, other._id, language);
      return {
        userId: party._id,
        kind: 'deal_proposed' as const,
        title: notice.title,
        body: `${deal.preparedBy ?? ''}. ${notice.body}`.replace(/^\. /, ''),
        link: notice.link,
        dedupeKey: `deal:${deal._id}:v${deal.version}:draft:${party._id}`,
      };
    });
  }
  const known = DEAL_KINDS[event.type];
  if (known && event.actorId) {
    const notice = dealNotice(known.event, deal, event.actorId, language);
    return [
      {
        userId: notice.recipientId,
        kind: known.kind,
        title: notice.title,
        body: notice.body,
        link: notice.link,
        dedupeKey: `deal:${deal._id}:v${deal.version}:${known.event}`,
      },
    ];
  }
  if (event.type === 'deal.expired') {
    return [deal.proposer._id, deal.counterparty._id].map((userId) => ({
      userId,
      kind: 'deal_expired' as const,
      ...EXPIRED[language](formatIndiaTime(deal.expiresAt, language)),
      link: `/dashboard/deals/${deal._id}`,
      dedupeKey: `deal:${deal._id}:expired`,
    }));
  }
  return [];
}

interface CircleSnapshot {
  _id: string;
  number: number;
  expiresAt: string;
  memberIds: string[];
}

/**
 * A circle's notices: the proposal and the acceptance to all three, a reminder to those who have not answered
 * (24 and 60 hours), a lapse to all but the member who declined. The words say nothing of the other legs.
 */
function circleNotices(event: Pick<EventRow, 'type' | 'actorId' | 'data'>): MemberNotice[] {
  const data = event.data as { circle?: CircleSnapshot; pending?: string[]; hours?: number; reason?: string };
  const circle = data.circle;
  if (!circle) return [];
  const link = `/dashboard/circles/${circle._id}`;
  const to = (userIds: string[], n: Omit<MemberNotice, 'userId' | 'link'>) =>
    userIds.map((userId) => ({ ...n, userId, link }));
  switch (event.type) {
    case 'circle.proposed':
      return to(circle.memberIds, {
        kind: 'circle_proposed',
        title: `A circle deal of three is proposed to you (C-${circle.number})`,
        body: `BarterAds found three businesses who can trade in a circle: you give one listing and get one you would accept. Nothing binds until all three accept, by ${formatIndiaTime(circle.expiresAt, 'en')}.`,
        dedupeKey: `circle:${circle._id}:proposed`,
      });
    case 'circle.reminder':
      return to(data.pending ?? [], {
        kind: 'circle_reminder',
        title: `A circle deal awaits your answer (C-${circle.number})`,
        body: `The circle deal proposed to you closes ${formatIndiaTime(circle.expiresAt, 'en')}. It needs all three answers; if it is not accepted by then it lapses for everyone.`,
        dedupeKey: `circle:${circle._id}:remind:${data.hours ?? 0}`,
      });
    case 'circle.accepted':
      return to(circle.memberIds, {
        kind: 'circle_accepted',
        title: `All three accepted the circle deal (C-${circle.number})`,
        body: 'The circle is agreed: your two deals (what you give and what you get) are created. Deliver and confirm them as in any deal.',
        dedupeKey: `circle:${circle._id}:accepted`,
      });
    case 'circle.lapsed':
      return to(
        circle.memberIds.filter((id) => id !== event.actorId),
        {
          kind: 'circle_lapsed',
          title: `A circle deal lapsed (C-${circle.number})`,
          body:
            data.reason === 'declined'
              ? 'One of the three businesses declined the circle deal, so it lapsed for everyone. Nothing was agreed.'
              : 'Not all three businesses accepted the circle deal within 72 hours, so it lapsed for everyone. Nothing was agreed.',
          dedupeKey: `circle:${circle._id}:lapsed`,
        },
      );
    default:
      return [];
  }
}
