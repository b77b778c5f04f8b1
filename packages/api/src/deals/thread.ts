import { type Database, deals } from '@barterads/db';
import { eq, sql } from 'drizzle-orm';
import { insertMessage, openDealThread } from '../messages/conversations';
import { notifyUsers } from '../messages/events';
import type { PubSub } from '../pubsub';
import type { Logger } from '../services';
import type { DealEvent } from './mail';
import type { Deal } from './schemas';

export interface ThreadDeps {
  db: Database;
  pubsub: PubSub;
  logger: Logger;
}

function line(event: DealEvent, deal: Deal, text: string | undefined): string {
  const said = text ? `: ${text}` : '.';
  switch (event) {
    case 'proposed':
      return `Proposed a deal (version 1)${said}`;
    case 'countered':
      return `Countered with version ${deal.version}${said}`;
    case 'accepted':
      return `Accepted version ${deal.version}: deal ${deal.number ?? ''}. The deal letter is on the deal's page.`;
    case 'declined':
      return `Declined the deal${said}`;
    case 'withdrawn':
      return 'Withdrew the offer.';
  }
}

/**
 * Posts a line of a deal's event into its thread in Messages, written by `actorId` (a party), and tells both
 * parties' live streams: what every deal event and delivery event says in the thread. After the change committed;
 * a failure is logged, never the change's. Answers the thread's conversation (null when the deal has none).
 */
export async function postLineToThread(
  deps: ThreadDeps,
  deal: Deal,
  actorId: string,
  body: string,
): Promise<string | null> {
  try {
    const [row] = await deps.db
      .select({ conversationId: deals.conversationId })
      .from(deals)
      .where(eq(deals.id, deal._id))
      .limit(1);
    let conversationId = row?.conversationId ?? null;
    if (!conversationId) {
      if (!deal.listingId) return null;
      // Each deal its own thread, never the pair's conversation about the listing, which another deal would share.
      conversationId = await openDealThread(deps.db, {
        id: deal._id,
        listingId: deal.listingId,
        proposerId: deal.proposer._id,
        counterpartyId: deal.counterparty._id,
      });
      // Plain SQL: remembering the thread is not activity on the deal (updated_at stays).
      await deps.db.execute(
        sql`update deals set conversation_id = ${conversationId} where id = ${deal._id} and conversation_id is null`,
      );
    }
    const message = await insertMessage(deps.db, conversationId, actorId, body.slice(0, 4000));
    await notifyUsers(
      deps.pubsub,
      [deal.proposer._id, deal.counterparty._id],
      { type: 'message', messageId: message._id },
      (error) => deps.logger.warn({ err: error }, 'deal thread event not published'),
    );
    return conversationId;
  } catch (error) {
    deps.logger.warn({ err: error, dealId: deal._id }, 'deal thread message not posted');
    return null;
  }
}

/**
 * Posts a deal's event into its own thread in Messages (opened, and remembered on the deal, at the first event),
 * and tells both parties' live streams. After the transition committed; a failure is logged, never the transition's.
 */
export async function postToThread(
  deps: ThreadDeps,
  event: DealEvent,
  deal: Deal,
  actorId: string,
  text?: string,
): Promise<string | null> {
  return postLineToThread(deps, deal, actorId, line(event, deal, text));
}
