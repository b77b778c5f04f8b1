import { TRPCError } from '@trpc/server';
import { getCircle } from '../circles/circles';
import type { Context } from '../context';
import { readDeal } from '../deals/deals';
import { verifyOneTap } from './links';
import type { OneTapResult } from './schemas';

const LINK_INVALID = 'This link has expired or is not valid. Sign in to see your deals.';

/**
 * What a one-tap link opens, without a session: one deal, as the member it was sent to sees it (parties, items,
 * totals, status), and the dialog the deal page should open. It grants nothing else: acting on the deal, and any
 * other page, needs the member's password (a session). A link for another deal, a changed or expired one, is 404.
 */
export async function openOneTap(ctx: Pick<Context, 'services'>, token: string): Promise<OneTapResult> {
  const claims = verifyOneTap(ctx.services.config.whatsappLinkSecret, token);
  if (!claims) throw new TRPCError({ code: 'NOT_FOUND', message: LINK_INVALID });
  if (claims.page === 'circle') {
    // A circle proposal's link names the circle and its member; what each member gives and gets is for the
    // member signed in (the circle's page).
    const circle = await getCircle(
      ctx.services.database.db,
      { id: claims.userId, role: 'user' },
      claims.dealId,
    ).catch(() => null);
    if (!circle) throw new TRPCError({ code: 'NOT_FOUND', message: LINK_INVALID });
    return {
      page: 'circle',
      userId: claims.userId,
      circleId: circle._id,
      expiresAt: claims.expiresAt.toISOString(),
      circle: { number: circle.number, status: circle.status },
    };
  }
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
    page: 'deal',
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
