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
  const closes = new Date(deal.expiresAt).toLocaleString('en-IN', {
    timeZone: 'Asia/Kolkata',
    dateStyle: 'medium',
    timeStyle: 'short',
  });
  const texts: Record<DealEvent, { title: string; body: string }> = {
    proposed: {
      title: `${who} proposed a deal`,
      body: `${who} proposed a barter deal. Accept, counter or decline it before ${closes} IST.`,
    },
    countered: {
      title: `${who} countered your offer`,
      body: `${who} answered with version ${deal.version} of the deal. Accept, counter or decline it before ${closes} IST.`,
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
  return { recipientId: recipient._id, link, ...texts[event] };
}
