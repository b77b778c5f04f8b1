import type { Language } from '@barterads/core';
import { formatIndiaTime } from '../mail/language';
import type { Deal } from './schemas';

export const DEAL_EVENTS = ['proposed', 'countered', 'accepted', 'declined', 'withdrawn'] as const;
export type DealEvent = (typeof DEAL_EVENTS)[number];

/**
 * What a party is told of a deal's event (the outbox's bell and e-mail channels, events/notices.ts): a title, a line and where it leads (the shape of a notification's
 * payload, so a notification centre can carry the same words). Proposals and counters go to the party whose
 * turn it now is; acceptances, declines and withdrawals to the other party of the one who acted.
 */
export function dealNotice(
  event: DealEvent,
  deal: Deal,
  actorId: string,
  language: Language = 'en',
): {
  recipientId: string;
  title: string;
  body: string;
  link: string;
} {
  const actor = deal.proposer._id === actorId ? deal.proposer : deal.counterparty;
  const recipient = deal.proposer._id === actorId ? deal.counterparty : deal.proposer;
  const who = actor.companyName ?? actor.name;
  // The deal itself: a member opening the notice (or its e-mail, often on a phone) wants that deal, not a list.
  const link = `/dashboard/deals/${deal._id}`;
  const closes = formatIndiaTime(deal.expiresAt, language);
  const texts = { en: english, hi: hindi, mr: marathi }[language](deal, who, closes);
  return { recipientId: recipient._id, link, ...texts[event] };
}

type NoticeTexts = Record<DealEvent, { title: string; body: string }>;

function english(deal: Deal, who: string, closes: string): NoticeTexts {
  return {
    proposed: {
      title: `${who} proposed a deal`,
      body: `${who} proposed a barter deal. Accept, counter or decline it before ${closes}.`,
    },
    countered: {
      title: `${who} countered your offer`,
      body: `${who} answered with version ${deal.version} of the deal. Accept, counter or decline it before ${closes}.`,
    },
    accepted: {
      title: `${who} accepted the deal ${deal.number ?? ''}`.trim(),
      body: `${who} accepted version ${deal.version}. The deal letter is ready on the deal's page.`,
    },
    declined: {
      title: `${who} declined your offer`,
      body: `${who} declined the deal${deal.declineReason ? `: ${deal.declineReason}` : '.'}`,
    },
    withdrawn: { title: `${who} withdrew their offer`, body: `${who} withdrew the deal they offered.` },
  };
}

function hindi(deal: Deal, who: string, closes: string): NoticeTexts {
  return {
    proposed: {
      title: `${who} ने सौदे का प्रस्ताव दिया`,
      body: `${who} ने बार्टर सौदे का प्रस्ताव दिया है। ${closes} से पहले इसे स्वीकार करें, जवाबी प्रस्ताव दें या अस्वीकार करें।`,
    },
    countered: {
      title: `${who} ने आपके प्रस्ताव पर जवाबी प्रस्ताव दिया`,
      body: `${who} ने सौदे के संस्करण ${deal.version} से जवाब दिया है। ${closes} से पहले इसे स्वीकार करें, जवाबी प्रस्ताव दें या अस्वीकार करें।`,
    },
    accepted: {
      title: `${who} ने सौदा ${deal.number ?? ''} स्वीकार किया`.replace('  ', ' '),
      body: `${who} ने संस्करण ${deal.version} स्वीकार कर लिया। सौदा पत्र सौदे के पेज पर तैयार है।`,
    },
    declined: {
      title: `${who} ने आपका प्रस्ताव अस्वीकार किया`,
      body: `${who} ने सौदा अस्वीकार किया${deal.declineReason ? `: ${deal.declineReason}` : '।'}`,
    },
    withdrawn: {
      title: `${who} ने अपना प्रस्ताव वापस लिया`,
      body: `${who} ने अपना दिया हुआ सौदा वापस ले लिया।`,
    },
  };
}

function marathi(deal: Deal, who: string, closes: string): NoticeTexts {
  return {
    proposed: {
      title: `${who} यांनी सौद्याचा प्रस्ताव दिला`,
      body: `${who} यांनी बार्टर सौद्याचा प्रस्ताव दिला आहे. ${closes} पूर्वी तो स्वीकारा, प्रति-प्रस्ताव द्या किंवा नाकारा.`,
    },
    countered: {
      title: `${who} यांनी तुमच्या प्रस्तावावर प्रति-प्रस्ताव दिला`,
      body: `${who} यांनी सौद्याच्या आवृत्ती ${deal.version} ने उत्तर दिले आहे. ${closes} पूर्वी तो स्वीकारा, प्रति-प्रस्ताव द्या किंवा नाकारा.`,
    },
    accepted: {
      title: `${who} यांनी सौदा ${deal.number ?? ''} स्वीकारला`.replace('  ', ' '),
      body: `${who} यांनी आवृत्ती ${deal.version} स्वीकारली. सौदा पत्र सौद्याच्या पानावर तयार आहे.`,
    },
    declined: {
      title: `${who} यांनी तुमचा प्रस्ताव नाकारला`,
      body: `${who} यांनी सौदा नाकारला${deal.declineReason ? `: ${deal.declineReason}` : '.'}`,
    },
    withdrawn: {
      title: `${who} यांनी त्यांचा प्रस्ताव मागे घेतला`,
      body: `${who} यांनी त्यांनी दिलेला सौदा मागे घेतला.`,
    },
  };
}
