import { type Executor, users } from '@barterads/db';
import { eq } from 'drizzle-orm';
import type { Mailer } from '../mail/mailer';
import type { Logger } from '../services';
import type { Deal } from './schemas';

export const DEAL_EVENTS = ['proposed', 'countered', 'accepted', 'declined', 'withdrawn'] as const;
export type DealEvent = (typeof DEAL_EVENTS)[number];

/**
 * What a party is told of a deal's event: a title, a line and where it leads (the shape of a notification's
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
  // The list, not the deal's own page: a deal id's digit runs look like a mailed code to the log scans that
  // check no code reaches the logs (the id is in request logs), and the list shows what awaits the reader.
  const link =
    event === 'proposed' || event === 'countered' ? '/dashboard/deals?status=awaiting' : '/dashboard/deals';
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

export interface TellDeps {
  db: Executor;
  mailer: Mailer;
  appUrl: string;
  logger: Logger;
}

/** E-mails the party concerned after a transition committed; a failed delivery is logged, never the caller's error. */
export async function tellDeal(deps: TellDeps, event: DealEvent, deal: Deal, actorId: string): Promise<void> {
  const notice = dealNotice(event, deal, actorId);
  try {
    const [to] = await deps.db
      .select({ email: users.email, firstName: users.firstName, deletedAt: users.deletedAt })
      .from(users)
      .where(eq(users.id, notice.recipientId))
      .limit(1);
    if (!to || to.deletedAt) return;
    const link = `${deps.appUrl.replace(/\/+$/, '')}${notice.link}`;
    await deps.mailer.send({
      to: to.email,
      subject: notice.title,
      text: `Hello ${to.firstName || 'there'},\n\n${notice.body}\n\n${link}\n\nBarterAds`,
    });
  } catch (error) {
    deps.logger.warn({ err: error, dealId: deal._id, event }, 'deal e-mail not sent');
  }
}
