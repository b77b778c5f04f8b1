import type { Language, NotificationKind } from '@barterads/core';
import type { EventRow } from '@barterads/db';
import { verificationNotice } from '../businesses/mail';
import type { VerificationSubmission } from '../businesses/schemas';
import { DEAL_EXPIRING_EVENT, expiringNotice } from '../deals/expiry';
import { type DealEvent, dealNotice } from '../deals/mail';
import type { Deal } from '../deals/schemas';
import type { DeliverableEventData } from '../deliveries/deliveries';
import { deliverableNotices } from '../deliveries/notices';
import { formatIndiaTime } from '../mail/language';
import { MATCH_DIGEST_EVENT, type MatchDigestData, matchDigestNotice } from '../matching/digest';
import { type MatchFoundData, matchFoundNotice } from '../matching/update';
import { MESSAGE_RECEIVED_EVENT, type MessageReceivedData, newMessageNotice } from '../messages/notice';
import { PLAN_ENDING_EVENT, type PlanEndingData, planEndingNotice } from '../payments/periods';
import {
  BENEFITS_WITHDRAWN_EVENT,
  type BenefitsWithdrawnData,
  benefitsWithdrawnNotice,
} from '../payments/reversal';
import { REVIEW_RECEIVED_EVENT, reviewReceivedNotice } from '../reviews/notice';
import type { Review } from '../reviews/schemas';
import { type AlertEventData, alertBellNotice, SAVED_SEARCH_ALERT_EVENT } from '../saved-searches/alerts';
import { type LegDueData, legDueNotice } from '../tax/reminders';

/** What a member is told of an event, in the bell and by e-mail (the same words in both). */
export interface MemberNotice {
  userId: string;
  kind: NotificationKind;
  title: string;
  body: string;
  link: string;
  /** The bell's dedupe key (one notification per event and member, however often delivered). */
  dedupeKey: string;
  /**
   * `false`: the bell's only; the kind's e-mail goes out by its own path (a new message's is the unread-message
   * e-mail, a saved search's is the alert with its unsubscribe, new matches are the daily digest).
   */
  email?: false;
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

/** A disabled webhook endpoint's notice in each language. */
const WEBHOOK_DISABLED: Record<Language, (url: string) => { title: string; body: string }> = {
  en: (url) => ({
    title: 'A webhook endpoint was disabled',
    body: `Deliveries to ${url} failed for 3 days, so we stopped sending to it. Fix the endpoint, then turn it back on in your settings, where its deliveries are listed and can be resent.`,
  }),
  hi: (url) => ({
    title: 'एक वेबहुक एंडपॉइंट बंद कर दिया गया',
    body: `${url} पर भेजे गए संदेश 3 दिन तक नहीं पहुँचे, इसलिए हमने वहाँ भेजना रोक दिया है। एंडपॉइंट ठीक करें, फिर अपनी सेटिंग्स में इसे दोबारा चालू करें; वहीं इसकी डिलीवरी की सूची है और उन्हें फिर से भेजा जा सकता है।`,
  }),
  mr: (url) => ({
    title: 'एक वेबहुक एंडपॉइंट बंद केला गेला',
    body: `${url} वर पाठवलेले संदेश 3 दिवस पोहोचले नाहीत, म्हणून आम्ही तिथे पाठवणे थांबवले आहे. एंडपॉइंट दुरुस्त करा, मग तुमच्या सेटिंग्जमध्ये तो पुन्हा सुरू करा; तिथेच त्याच्या डिलिव्हरींची यादी आहे आणि त्या पुन्हा पाठवता येतात.`,
  }),
};

/** A circle's notices in each language (`number` is its C- number, `closes` when the proposal closes). */
interface CircleWords {
  proposed: (number: number, closes: string) => { title: string; body: string };
  reminder: (number: number, closes: string) => { title: string; body: string };
  accepted: (number: number) => { title: string; body: string };
  lapsed: (number: number, declined: boolean) => { title: string; body: string };
}

const CIRCLE_WORDS: Record<Language, CircleWords> = {
  en: {
    proposed: (number, closes) => ({
      title: `A circle deal of three is proposed to you (C-${number})`,
      body: `BarterAds found three businesses who can trade in a circle: you give one listing and get one you would accept. Nothing binds until all three accept, by ${closes}.`,
    }),
    reminder: (number, closes) => ({
      title: `A circle deal awaits your answer (C-${number})`,
      body: `The circle deal proposed to you closes ${closes}. It needs all three answers; if it is not accepted by then it lapses for everyone.`,
    }),
    accepted: (number) => ({
      title: `All three accepted the circle deal (C-${number})`,
      body: 'The circle is agreed: your two deals (what you give and what you get) are created. Deliver and confirm them as in any deal.',
    }),
    lapsed: (number, declined) => ({
      title: `A circle deal lapsed (C-${number})`,
      body: declined
        ? 'One of the three businesses declined the circle deal, so it lapsed for everyone. Nothing was agreed.'
        : 'Not all three businesses accepted the circle deal within 72 hours, so it lapsed for everyone. Nothing was agreed.',
    }),
  },
  hi: {
    proposed: (number, closes) => ({
      title: `आपको तीन कारोबारों का एक सर्कल सौदा प्रस्तावित है (C-${number})`,
      body: `BarterAds को ऐसे तीन कारोबार मिले हैं जो आपस में घूमकर लेन-देन कर सकते हैं: आप एक लिस्टिंग देते हैं और बदले में ऐसी लिस्टिंग पाते हैं जो आपको मंज़ूर हो। जब तक तीनों ${closes} तक स्वीकार न करें, कोई बाध्यता नहीं है।`,
    }),
    reminder: (number, closes) => ({
      title: `एक सर्कल सौदा आपके जवाब की राह देख रहा है (C-${number})`,
      body: `आपको प्रस्तावित सर्कल सौदा ${closes} को बंद हो जाएगा। इसके लिए तीनों के जवाब ज़रूरी हैं; तब तक स्वीकार न होने पर यह सभी के लिए रद्द हो जाएगा।`,
    }),
    accepted: (number) => ({
      title: `तीनों ने सर्कल सौदा स्वीकार कर लिया (C-${number})`,
      body: 'सर्कल तय हो गया: आपके दो सौदे (जो आप देंगे और जो आपको मिलेगा) बना दिए गए हैं। किसी भी सौदे की तरह इन्हें डिलीवर करें और पुष्टि करें।',
    }),
    lapsed: (number, declined) => ({
      title: `एक सर्कल सौदा रद्द हो गया (C-${number})`,
      body: declined
        ? 'तीन में से एक कारोबार ने सर्कल सौदा अस्वीकार कर दिया, इसलिए यह सभी के लिए रद्द हो गया। कुछ भी तय नहीं हुआ।'
        : 'तीनों कारोबारों ने 72 घंटे के भीतर सर्कल सौदा स्वीकार नहीं किया, इसलिए यह सभी के लिए रद्द हो गया। कुछ भी तय नहीं हुआ।',
    }),
  },
  mr: {
    proposed: (number, closes) => ({
      title: `तुम्हाला तीन व्यवसायांचा एक सर्कल सौदा प्रस्तावित आहे (C-${number})`,
      body: `BarterAds ला असे तीन व्यवसाय सापडले आहेत जे एकमेकांशी साखळीने देवाणघेवाण करू शकतात: तुम्ही एक लिस्टिंग देता आणि तुम्हाला मान्य असेल अशी एक लिस्टिंग मिळवता. तिघांनी ${closes} पर्यंत स्वीकारेपर्यंत कोणतेही बंधन नाही.`,
    }),
    reminder: (number, closes) => ({
      title: `एक सर्कल सौदा तुमच्या उत्तराची वाट पाहत आहे (C-${number})`,
      body: `तुम्हाला प्रस्तावित सर्कल सौदा ${closes} रोजी बंद होईल. त्यासाठी तिघांची उत्तरे आवश्यक आहेत; तोपर्यंत स्वीकारला न गेल्यास तो सर्वांसाठी रद्द होईल.`,
    }),
    accepted: (number) => ({
      title: `तिघांनी सर्कल सौदा स्वीकारला (C-${number})`,
      body: 'सर्कल निश्चित झाले: तुमचे दोन सौदे (तुम्ही जे देणार आणि तुम्हाला जे मिळणार) तयार झाले आहेत. इतर कोणत्याही सौद्याप्रमाणे ते पोहोचवा आणि पुष्टी करा.',
    }),
    lapsed: (number, declined) => ({
      title: `एक सर्कल सौदा रद्द झाला (C-${number})`,
      body: declined
        ? 'तीनपैकी एका व्यवसायाने सर्कल सौदा नाकारला, म्हणून तो सर्वांसाठी रद्द झाला. काहीही ठरले नाही.'
        : 'तिन्ही व्यवसायांनी 72 तासांत सर्कल सौदा स्वीकारला नाही, म्हणून तो सर्वांसाठी रद्द झाला. काहीही ठरले नाही.',
    }),
  },
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
  if (event.type.startsWith('circle.')) return circleNotices(event, language);
  if (event.type === 'webhook.disabled') {
    const webhook = (event.data as { webhook?: { _id: string; url: string } }).webhook;
    if (!webhook) return [];
    return event.audience.map((userId) => ({
      userId,
      kind: 'webhook_disabled' as const,
      ...WEBHOOK_DISABLED[language](webhook.url),
      link: '/settings#webhooks',
      dedupeKey: `webhook:${webhook._id}:disabled:${event.id}`,
    }));
  }
  if (event.type === PLAN_ENDING_EVENT) {
    const subscription = (event.data as { subscription?: PlanEndingData }).subscription;
    return subscription
      ? event.audience.map((userId) => planEndingNotice(userId, subscription, language))
      : [];
  }
  const member = memberOnlyNotices(event);
  if (member) return member;
  if (event.type === 'match.found') {
    const data = event.data as Partial<MatchFoundData>;
    return data.listing ? [matchFoundNotice({ id: event.id, data: data as MatchFoundData }, language)] : [];
  }
  const deal = (event.data as { deal?: Deal }).deal;
  if (!deal) return [];
  if (event.type === DEAL_EXPIRING_EVENT) {
    const to = (event.data as { to?: string }).to;
    return to ? [expiringNotice(deal, to)] : [];
  }
  if (event.type === 'leg.due_soon') {
    const leg = (event.data as { leg?: LegDueData }).leg;
    return leg ? [legDueNotice(deal._id, leg)] : [];
  }
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

/**
 * The notices of the member-only events (not partner events: GET /api/events and webhooks never show them), each
 * written in the transaction of the change it tells of; and of `verification.decided` and `review.published`.
 * Undefined: not one of these.
 */
function memberOnlyNotices(
  event: Pick<EventRow, 'id' | 'type' | 'actorId' | 'data' | 'audience'>,
): MemberNotice[] | undefined {
  switch (event.type) {
    case 'verification.decided': {
      const verification = (event.data as { verification?: VerificationSubmission }).verification;
      return verification ? [verificationNotice(verification)] : [];
    }
    case REVIEW_RECEIVED_EVENT:
    case 'review.published': {
      const review = (event.data as { review?: Review }).review;
      // Told once, by the event of the review's writing: published with it (the second review of a deal, or a
      // late one: `review.published` by its author) or not yet (`review.received`). A publication by the job, or
      // of the other party's review with the second, tells nothing more.
      if (!review || (event.type === 'review.published' && event.actorId !== review.authorId)) return [];
      return [reviewReceivedNotice(review)];
    }
    case MESSAGE_RECEIVED_EVENT:
      return [newMessageNotice(event.data as unknown as MessageReceivedData)];
    case MATCH_DIGEST_EVENT:
      return [matchDigestNotice(event.data as unknown as MatchDigestData)];
    case BENEFITS_WITHDRAWN_EVENT:
      return [benefitsWithdrawnNotice(event.data as unknown as BenefitsWithdrawnData)];
    case SAVED_SEARCH_ALERT_EVENT:
      return event.audience.map((userId) => alertBellNotice(userId, event.data as unknown as AlertEventData));
    default:
      return undefined;
  }
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
function circleNotices(
  event: Pick<EventRow, 'type' | 'actorId' | 'data'>,
  language: Language,
): MemberNotice[] {
  const data = event.data as { circle?: CircleSnapshot; pending?: string[]; hours?: number; reason?: string };
  const circle = data.circle;
  if (!circle) return [];
  const link = `/dashboard/circles/${circle._id}`;
  const words = CIRCLE_WORDS[language];
  const closes = formatIndiaTime(circle.expiresAt, language);
  const to = (userIds: string[], n: Omit<MemberNotice, 'userId' | 'link'>) =>
    userIds.map((userId) => ({ ...n, userId, link }));
  switch (event.type) {
    case 'circle.proposed':
      return to(circle.memberIds, {
        kind: 'circle_proposed',
        ...words.proposed(circle.number, closes),
        dedupeKey: `circle:${circle._id}:proposed`,
      });
    case 'circle.reminder':
      return to(data.pending ?? [], {
        kind: 'circle_reminder',
        ...words.reminder(circle.number, closes),
        dedupeKey: `circle:${circle._id}:remind:${data.hours ?? 0}`,
      });
    case 'circle.accepted':
      return to(circle.memberIds, {
        kind: 'circle_accepted',
        ...words.accepted(circle.number),
        dedupeKey: `circle:${circle._id}:accepted`,
      });
    case 'circle.lapsed':
      return to(
        circle.memberIds.filter((id) => id !== event.actorId),
        {
          kind: 'circle_lapsed',
          ...words.lapsed(circle.number, data.reason === 'declined'),
          dedupeKey: `circle:${circle._id}:lapsed`,
        },
      );
    default:
      return [];
  }
}
