import {
  DELIVERY_LIMITS,
  DISPUTE_OUTCOME_LABELS,
  DISPUTE_REASON_LABELS,
  type DisputeOutcome,
  type DisputeReason,
} from '@barterads/core';
import type { Deal } from '../deals/schemas';
import type { MemberNotice } from '../events/notices';
import { DELIVERABLE_REMINDER_EVENT, type DeliverableEventData, type DeliveryOutcome } from './deliveries';

const dealLink = (dealId: string) => `/dashboard/deals/${dealId}`;
const dealName = (o: Pick<DeliveryOutcome, 'dealNumber'>) =>
  o.dealNumber ? `deal ${o.dealNumber}` : 'your deal';

/** What a deliverable's notices need to know (from its event: the deal and the deliverable's data). */
type NoticeFacts = Pick<
  DeliveryOutcome,
  | 'dealId'
  | 'itemId'
  | 'itemTitle'
  | 'giverId'
  | 'receiverId'
  | 'dealStatus'
  | 'dealNumber'
  | 'round'
  | 'proposerId'
  | 'counterpartyId'
>;

function delivered(o: NoticeFacts): MemberNotice[] {
  return [
    {
      userId: o.receiverId,
      kind: 'deliverable_delivered',
      title: `Delivered: ${o.itemTitle}`,
      body: `"${o.itemTitle}" on ${dealName(o)} is marked delivered. Check the proof and accept it or open a dispute within 7 days; otherwise it is accepted automatically.`,
      link: dealLink(o.dealId),
      dedupeKey: `deliverable:${o.itemId}:r${o.round}:delivered`,
    },
  ];
}

function completed(o: NoticeFacts): MemberNotice[] {
  if (o.dealStatus !== 'completed') return [];
  return [o.proposerId, o.counterpartyId].map((userId) => ({
    userId,
    kind: 'deliverable_accepted' as const,
    title: `Completed: ${dealName(o)}`,
    body: `Every item of ${dealName(o)} is accepted, so the deal is completed. You can now review the other business.`,
    link: dealLink(o.dealId),
    dedupeKey: `deal:${o.dealId}:completed`,
  }));
}

function accepted(o: NoticeFacts, automatic: boolean): MemberNotice[] {
  return [
    {
      userId: o.giverId,
      kind: 'deliverable_accepted',
      title: `Accepted: ${o.itemTitle}`,
      body: automatic
        ? `"${o.itemTitle}" on ${dealName(o)} was not answered within 7 days of delivery, so it is accepted.`
        : `Your delivery of "${o.itemTitle}" on ${dealName(o)} is accepted.`,
      link: dealLink(o.dealId),
      dedupeKey: `deliverable:${o.itemId}:r${o.round}:accepted`,
    },
    ...completed(o),
  ];
}

function disputed(o: NoticeFacts): MemberNotice[] {
  return [
    {
      userId: o.giverId,
      kind: 'deliverable_disputed',
      title: `Disputed: ${o.itemTitle}`,
      body: `Your delivery of "${o.itemTitle}" on ${dealName(o)} is disputed. You can settle it in the deal's thread; otherwise an admin decides from the proof.`,
      link: dealLink(o.dealId),
      dedupeKey: `deliverable:${o.itemId}:r${o.round}:disputed`,
    },
  ];
}

function resolved(o: NoticeFacts, outcome: DisputeOutcome, note: string): MemberNotice[] {
  return [
    ...[o.giverId, o.receiverId].map((userId) => ({
      userId,
      kind: 'dispute_resolved' as const,
      title: `Dispute decided: ${o.itemTitle}`,
      body: `An admin decided the dispute about "${o.itemTitle}" on ${dealName(o)}: ${DISPUTE_OUTCOME_LABELS[outcome]}. Note: ${note}`,
      link: dealLink(o.dealId),
      dedupeKey: `deliverable:${o.itemId}:r${o.round}:resolved`,
    })),
    ...(outcome === 'accept' ? completed(o) : []),
  ];
}

/** A delivery awaiting the receiver's answer, 3 and 6 days on (the `deliverable.reminder` event). */
function reminder(o: NoticeFacts, day: number): MemberNotice[] {
  const left = DELIVERY_LIMITS.answerDays - day;
  return [
    {
      userId: o.receiverId,
      kind: 'deliverable_delivered',
      title: `A delivery awaits your answer (${left} day${left === 1 ? '' : 's'} left)`,
      body: `An item delivered to you ${day} days ago awaits your acceptance or dispute. It is accepted automatically ${left} day${left === 1 ? '' : 's'} from now.`,
      link: dealLink(o.dealId),
      dedupeKey: `deliverable:${o.itemId}:r${o.round}:reminder${day}`,
    },
  ];
}

/**
 * What the parties are told of a deliverable's event (the outbox's bell and e-mail channels): delivered to the
 * receiver, accepted (by hand or automatically) and disputed to the giver, a decided dispute to both, and the
 * deal's completion to both; each once per recipient by its dedupe key.
 */
export function deliverableNotices(type: string, deal: Deal, d: DeliverableEventData): MemberNotice[] {
  const o: NoticeFacts = {
    dealId: deal._id,
    itemId: d.itemId,
    itemTitle: d.title,
    giverId: d.giverId,
    receiverId: d.receiverId,
    dealStatus: deal.status as DeliveryOutcome['dealStatus'],
    dealNumber: deal.number,
    round: d.round,
    proposerId: deal.proposer._id,
    counterpartyId: deal.counterparty._id,
  };
  switch (type) {
    case 'deliverable.delivered':
      return delivered(o);
    case 'deliverable.accepted':
      return accepted(o, d.automatic === true);
    case 'deliverable.disputed':
      return disputed(o);
    case 'dispute.resolved':
      return d.outcome ? resolved(o, d.outcome, d.note ?? '') : [];
    case DELIVERABLE_REMINDER_EVENT:
      return d.reminderDay ? reminder(o, d.reminderDay) : [];
    default:
      return [];
  }
}

/** A delivery event as the deal's thread says it (written by the party who acted). */
export type DeliveryThreadEvent =
  | { kind: 'delivered'; note?: string | undefined; link?: string | undefined }
  | { kind: 'accepted' }
  | { kind: 'disputed'; reason: DisputeReason; details: string };

export function deliveryThreadLine(o: DeliveryOutcome, event: DeliveryThreadEvent): string {
  const completed = o.dealStatus === 'completed' ? ' Every item is accepted: the deal is completed.' : '';
  switch (event.kind) {
    case 'delivered': {
      const note = event.note ? ` Note: ${event.note}` : '';
      return `Marked "${o.itemTitle}" delivered; the proof is on the deal's page.${note}`;
    }
    case 'accepted':
      return `Accepted the delivery of "${o.itemTitle}".${completed}`;
    case 'disputed':
      return `Disputed the delivery of "${o.itemTitle}" (${DISPUTE_REASON_LABELS[event.reason]}): ${event.details}`;
  }
}
