import { TRPCError } from '@trpc/server';
import type { Context } from '../context';
import { readDeal } from '../deals/deals';
import { verifyOneTap } from './links';

const LINK_INVALID = 'This link has expired or is not valid. Sign in to see your deals.';

/**
 * What a one-tap link opens, without a session: one deal, as the member it was sent to sees it (parties, items,
 * totals, status), and the dialog the deal page should open. It grants nothing else: acting on the deal, and any
 * other page, needs the member's password (a session). A link for another deal, a changed or expired one, is 404.
 */
export async function openOneTap(ctx: Pick<Context, 'services'>, token: string) {
  const claims = verifyOneTap(ctx.services.config.unsubscribeSecret, token);
  if (!claims) throw new TRPCError({ code: 'NOT_FOUND', message: LINK_INVALID });
  let deal: Awaited<ReturnType<typeof readDeal>>;
  try {
    deal = await readDeal(ctx.services.database.db, claims.dealId, { id: claims.userId, role: 'user' });
  } catch {
    throw new TRPCError({ code: 'NOT_FOUND', message: LINK_INVALID });
  }
  const isParty = deal.proposer._id === claims.userId || deal.counterparty._id === claims.userId;
  if (!isParty) throw new TRPCError({ code: 'NOT_FOUND', message: LINK_INVALID });
  const other = deal.proposer._id === claims.userId ? deal.counterparty : deal.proposer;
  return {
    userId: claims.userId,
    dealId: deal._id,
    dialog: claims.dialog,
    expiresAt: claims.expiresAt.toISOString(),
    deal: {
      number: deal.number,
      status: deal.status,
      version: deal.version,
      expiresAt: deal.expiresAt,
      otherName: other.companyName ?? other.name,
      youGet: deal.totals[claims.userId] ?? 0,
      youGive: deal.totals[other._id] ?? 0,
      items: deal.items.map((item) => ({
        title: item.title,
        quantity: item.quantity,
        unit: item.unit,
        valueInr: item.valueInr,
        fromYou: item.giverId === claims.userId,
      })),
    },
  };
}
