import {
  DISPUTE_OUTCOME_LABELS,
  DISPUTE_REASON_LABELS,
  type DisputeOutcome,
  type DisputeReason,
} from '@barterads/core';
import { type NotifyDeps, notify } from '../notifications/notify';
import type { DeliveryOutcome, DeliveryTimerResult } from './deliveries';

const dealLink = (dealId: string) => `/dashboard/deals/${dealId}`;
const dealName = (o: Pick<DeliveryOutcome, 'dealNumber'>) =>
  o.dealNumber ? `deal ${o.dealNumber}` : 'your deal';

/**
 * Tells the parties about a deliverable's change, after it committed (bell and e-mail through `notify`; each
 * event once per recipient by its dedupe key).
 */
export async function tellDelivered(deps: NotifyDeps, o: DeliveryOutcome): Promise<void> {
  await notify(deps, {
    userId: o.receiverId,
    kind: 'deliverable_delivered',
    title: `Delivered: ${o.itemTitle}`,
    body: `"${o.itemTitle}" on ${dealName(o)} is marked delivered. Check the proof and accept it or open a dispute within 7 days; otherwise it is accepted automatically.`,
    link: dealLink(o.dealId),
    dedupeKey: `deliverable:${o.itemId}:r${o.round}:delivered`,
  });
}

async function tellCompleted(deps: NotifyDeps, o: DeliveryOutcome): Promise<void> {
  if (o.dealStatus !== 'completed') return;
  for (const userId of [o.proposerId, o.counterpartyId]) {
    await notify(deps, {
      userId,
      kind: 'deliverable_accepted',
      title: `Completed: ${dealName(o)}`,
      body: `Every item of ${dealName(o)} is accepted, so the deal is completed. You can now review the other business.`,
      link: dealLink(o.dealId),
      dedupeKey: `deal:${o.dealId}:completed`,
    });
  }
}

export async function tellAccepted(deps: NotifyDeps, o: DeliveryOutcome, automatic = false): Promise<void> {
  await notify(deps, {
    userId: o.giverId,
    kind: 'deliverable_accepted',
    title: `Accepted: ${o.itemTitle}`,
    body: automatic
      ? `"${o.itemTitle}" on ${dealName(o)} was not answered within 7 days of delivery, so it is accepted.`
      : `Your delivery of "${o.itemTitle}" on ${dealName(o)} is accepted.`,
    link: dealLink(o.dealId),
    dedupeKey: `deliverable:${o.itemId}:r${o.round}:accepted`,
  });
  await tellCompleted(deps, o);
}

export async function tellDisputed(deps: NotifyDeps, o: DeliveryOutcome): Promise<void> {
  await notify(deps, {
    userId: o.giverId,
    kind: 'deliverable_disputed',
    title: `Disputed: ${o.itemTitle}`,
    body: `Your delivery of "${o.itemTitle}" on ${dealName(o)} is disputed. You can settle it in the deal's thread; otherwise an admin decides from the proof.`,
    link: dealLink(o.dealId),
    dedupeKey: `deliverable:${o.itemId}:r${o.round}:disputed`,
  });
}

export async function tellResolved(
  deps: NotifyDeps,
  o: DeliveryOutcome & { outcome: DisputeOutcome },
  note: string,
): Promise<void> {
  for (const userId of [o.giverId, o.receiverId]) {
    await notify(deps, {
      userId,
      kind: 'dispute_resolved',
      title: `Dispute decided: ${o.itemTitle}`,
      body: `An admin decided the dispute about "${o.itemTitle}" on ${dealName(o)}: ${DISPUTE_OUTCOME_LABELS[o.outcome]}. Note: ${note}`,
      link: dealLink(o.dealId),
      dedupeKey: `deliverable:${o.itemId}:r${o.round}:resolved`,
    });
  }
  if (o.outcome === 'accept') await tellCompleted(deps, o);
}

export async function tellTimers(deps: NotifyDeps, done: DeliveryTimerResult): Promise<void> {
  for (const r of done.reminded) {
    const left = 7 - r.day;
    await notify(deps, {
      userId: r.receiverId,
      kind: 'deliverable_delivered',
      title: `A delivery awaits your answer (${left} day${left === 1 ? '' : 's'} left)`,
      body: `An item delivered to you ${r.day} days ago awaits your acceptance or dispute. It is accepted automatically ${left} day${left === 1 ? '' : 's'} from now.`,
      link: dealLink(r.dealId),
      dedupeKey: `deliverable:${r.deliverableId}:r${r.round}:reminder${r.day}`,
    });
  }
  for (const o of done.autoAccepted) await tellAccepted(deps, o, true);
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
