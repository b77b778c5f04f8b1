import { DELIVERY_LIMITS, type Language } from '@barterads/core';
import {
  type EventRow,
  type Executor,
  eventDeliveries,
  events,
  users,
  whatsappMessages,
  whatsappNumbers,
} from '@barterads/db';
import { and, desc, eq, gt } from 'drizzle-orm';
import type { Deal } from '../deals/schemas';
import type { Channel } from '../events/dispatcher';
import { sendWhatsapp, type WhatsappConfig, WhatsappSendError } from './client';
import { ONE_TAP_TTL_MS, signOneTap } from './links';
import { markUnreachable } from './numbers';
import { applyPendingStatuses } from './statuses';
import { buildTemplate, type TemplateName, type TemplateParams } from './templates';

/** At most one message per deal and member in this long; later events of the deal are folded into the next. */
export const DEAL_MESSAGE_GAP_MS = 10 * 60 * 1000;

export interface WhatsappChannelDeps {
  config: WhatsappConfig;
  /** Signs the one-tap links (the server's link secret). */
  linkSecret: string;
  /** The clock of the 10-minute rule and the links' expiry (tests move it); the wall clock when not given. */
  now?: () => Date;
}

/** Which opt-in a message needs. */
type Kind = 'deal' | 'match';

/** One member's message for an event: its template with the parameters' values in the member's language. */
interface Planned {
  userId: string;
  kind: Kind;
  /** The deal the message is about: the 10-minute rule and the message log go by it (null: a circle, a match). */
  dealId: string | null;
  /** What the one-tap link opens (templates with a link button): a deal's page (`accept`: its dialog ready) or a circle's. */
  link: { page: 'deal' | 'circle'; id: string; dialog: 'accept' | null } | null;
  build(language: Language): { name: TemplateName; params: Record<string, string> };
}

function template<N extends TemplateName>(name: N, params: TemplateParams<N>) {
  return { name, params: params as Record<string, string> };
}

const LOCALES: Record<Language, string> = { en: 'en-IN', hi: 'hi-IN', mr: 'mr-IN' };

function when(iso: string, language: Language): string {
  return `${new Date(iso).toLocaleString(LOCALES[language], { timeZone: 'Asia/Kolkata', dateStyle: 'medium', timeStyle: 'short' })} IST`;
}

/** An ISO day (`2026-12-01`) as the member reads it. */
function day(isoDay: string, language: Language): string {
  return new Date(`${isoDay}T12:00:00+05:30`).toLocaleDateString(LOCALES[language], {
    timeZone: 'Asia/Kolkata',
    dateStyle: 'medium',
  });
}

function dealLabel(deal: Deal): string {
  return deal.number ?? `#${deal._id.slice(0, 8).toUpperCase()}`;
}

function partyName(party: Deal['proposer']): string {
  return party.companyName ?? party.name;
}

/** The parts of an event's data the WhatsApp messages read (deal events carry the deal as the API answers it). */
interface EventData {
  deal?: Deal;
  deliverable?: { itemId?: string; title?: string; giverId?: string; dueDate?: string };
  /** `deal.expiring`: the party whose answer the offer awaits. */
  to?: string;
  leg?: { supplierId?: string; dueDate?: string };
  circle?: { _id: string; number: number; memberIds: string[] };
  listing?: { _id: string; title: string; ownerId: string };
  /** `deal.proposed` of a broker's draft: the broker who prepared it. */
  broker?: { _id: string; name: string };
  newMatches?: number;
}

/**
 * The WhatsApp messages an event makes, per member: the other party of the one who acted (an offer, a counter, an
 * acceptance, a proof, a dispute), both parties of a broker's draft (the broker is no party) and of a resolved
 * dispute, the party an expiring offer waits for, the giver of a deliverable due, the supplier of an invoice leg due,
 * each member of a proposed circle, and a listing's owner for new matches (a match alert: its own opt-in). Other
 * events send nothing over WhatsApp.
 */
export function whatsappPlan(event: Pick<EventRow, 'type' | 'actorId' | 'data'>): Planned[] {
  const data = event.data as EventData;
  if (event.type === 'circle.proposed' && data.circle) {
    const circle = data.circle;
    return circle.memberIds.map((userId) => ({
      userId,
      kind: 'deal' as const,
      dealId: null,
      link: { page: 'circle' as const, id: circle._id, dialog: null },
      build: () => template('barterads_circle_proposed', { circle: `C-${circle.number}` }),
    }));
  }
  if (event.type === 'match.found' && data.listing) {
    const listing = data.listing;
    return [
      {
        userId: listing.ownerId,
        kind: 'match',
        dealId: null,
        link: null,
        build: () =>
          template('barterads_match_alert', { count: String(data.newMatches ?? 1), title: listing.title }),
      },
    ];
  }
  const deal = data.deal;
  if (!deal) return [];
  const other = (actorId: string | null) =>
    actorId === deal.proposer._id
      ? deal.counterparty
      : actorId === deal.counterparty._id
        ? deal.proposer
        : null;
  const actor = deal.proposer._id === event.actorId ? deal.proposer : deal.counterparty;
  const item =
    data.deliverable?.title ?? deal.items.find((i) => i._id === data.deliverable?.itemId)?.title ?? '';
  const isParty = (id: string | undefined): id is string =>
    id === deal.proposer._id || id === deal.counterparty._id;
  const plan = (
    userId: string | null | undefined,
    build: Planned['build'],
    dialog: 'accept' | null = null,
  ): Planned[] =>
    userId
      ? [{ userId, kind: 'deal', dealId: deal._id, link: { page: 'deal', id: deal._id, dialog }, build }]
      : [];
  const to = other(event.actorId)?._id;
  switch (event.type) {
    case 'deal.proposed':
      // A broker's draft: the broker is no party, so both parties are told, each of the other.
      if (deal.brokerId && !isParty(event.actorId ?? undefined))
        return [deal.proposer, deal.counterparty].flatMap((party) =>
          plan(
            party._id,
            (language) =>
              template('barterads_draft_prepared', {
                deal: dealLabel(deal),
                broker: data.broker?.name || 'BarterAds',
                with: partyName(party._id === deal.proposer._id ? deal.counterparty : deal.proposer),
                closes: when(deal.expiresAt, language),
              }),
            'accept',
          ),
        );
      return plan(
        to,
        (language) =>
          template('barterads_offer_received', {
            deal: dealLabel(deal),
            from: partyName(actor),
            closes: when(deal.expiresAt, language),
          }),
        'accept',
      );
    case 'deal.countered':
      return plan(
        to,
        (language) =>
          template('barterads_offer_countered', {
            deal: dealLabel(deal),
            from: partyName(actor),
            closes: when(deal.expiresAt, language),
          }),
        'accept',
      );
    case 'deal.accepted':
      return plan(to, () =>
        template('barterads_deal_accepted', { deal: dealLabel(deal), by: partyName(actor) }),
      );
    case 'deal.expiring':
      return plan(isParty(data.to) ? data.to : null, (language) =>
        template('barterads_offer_expiring', {
          deal: dealLabel(deal),
          closes: when(deal.expiresAt, language),
        }),
      );
    case 'deliverable.due': {
      const due = data.deliverable?.dueDate;
      return plan(isParty(data.deliverable?.giverId) && due ? data.deliverable?.giverId : null, (language) =>
        template('barterads_deliverable_due', { deal: dealLabel(deal), item, due: day(due ?? '', language) }),
      );
    }
    case 'deliverable.delivered':
      return plan(to, () =>
        template('barterads_proof_submitted', {
          deal: dealLabel(deal),
          item,
          days: String(DELIVERY_LIMITS.answerDays),
        }),
      );
    case 'deliverable.disputed':
      return plan(to, () => template('barterads_dispute_opened', { deal: dealLabel(deal), item }));
    case 'dispute.resolved':
      return [deal.proposer, deal.counterparty].flatMap((party) =>
        plan(party._id, () => template('barterads_dispute_resolved', { deal: dealLabel(deal), item })),
      );
    case 'leg.due_soon': {
      const due = data.leg?.dueDate;
      return plan(isParty(data.leg?.supplierId) && due ? data.leg?.supplierId : null, (language) =>
        template('barterads_invoice_leg_due', { deal: dealLabel(deal), due: day(due ?? '', language) }),
      );
    }
    default:
      return [];
  }
}

/** The marker a folded delivery is closed with (its event's news went out in a later message of the deal). */
export const FOLDED = 'folded into a later message of the deal';

/**
 * The WhatsApp channel of the event dispatcher: the member's confirmed number, only for the kinds opted into, the
 * template in the member's language with a one-tap link to the deal. At most one message per deal and member per
 * 10 minutes: a later event waits for the gap, and an event with a newer one of the same deal waiting is folded into
 * it (skipped: the newer message tells the deal's current state). A number WhatsApp cannot deliver to is marked
 * once and skipped from then on, never retried.
 */
export function whatsappChannel(deps: WhatsappChannelDeps & { db: Executor }): Channel {
  const clock = () => deps.now?.() ?? new Date();
  return {
    name: 'whatsapp',
    maxAttempts: 8,
    targets: (event) => whatsappPlan(event).map((p) => p.userId),
    async deliver(tx, event, target, after) {
      const planned = whatsappPlan(event).find((p) => p.userId === target);
      if (!planned) return 'skipped';
      const [member] = await tx
        .select({ number: whatsappNumbers, language: users.language, deletedAt: users.deletedAt })
        .from(whatsappNumbers)
        .innerJoin(users, eq(users.id, whatsappNumbers.userId))
        .where(eq(whatsappNumbers.userId, target))
        .limit(1);
      const number = member?.number;
      if (!member || member.deletedAt || !number?.confirmedAt || number.unreachableAt) return 'skipped';
      if (planned.kind === 'deal' ? !number.dealUpdates : !number.matchAlerts) return 'skipped';
      const now = clock();
      if (planned.dealId) {
        if (await hasNewerPending(tx, event, target, planned.dealId)) return 'skipped';
        const [last] = await tx
          .select({ createdAt: whatsappMessages.createdAt })
          .from(whatsappMessages)
          .where(
            and(
              eq(whatsappMessages.userId, target),
              eq(whatsappMessages.dealId, planned.dealId),
              gt(whatsappMessages.createdAt, new Date(now.getTime() - DEAL_MESSAGE_GAP_MS)),
            ),
          )
          .orderBy(desc(whatsappMessages.createdAt))
          .limit(1);
        if (last) return { deferUntil: new Date(last.createdAt.getTime() + DEAL_MESSAGE_GAP_MS) };
      }
      const language = member.language as Language;
      const { name, params } = planned.build(language);
      const linkToken = planned.link
        ? signOneTap(deps.linkSecret, {
            userId: target,
            page: planned.link.page,
            dealId: planned.link.id,
            dialog: planned.link.dialog,
            expiresAt: new Date(now.getTime() + ONE_TAP_TTL_MS),
          })
        : undefined;
      const body = buildTemplate(name, language, number.phoneNumber, params as TemplateParams<typeof name>, {
        linkToken,
        dealId: planned.dealId ?? undefined,
      });
      try {
        const { wamid } = await sendWhatsapp(deps.config, body);
        await tx.insert(whatsappMessages).values({
          wamid,
          userId: target,
          phoneNumber: number.phoneNumber,
          template: name,
          language,
          dealId: planned.dealId,
          eventId: event.id,
          createdAt: now,
          statusAt: now,
        });
        // Status callbacks Meta sent before this transaction commits are kept; applied once the row is there.
        after(() => applyPendingStatuses(deps.db, wamid));
        return 'delivered';
      } catch (error) {
        if (error instanceof WhatsappSendError && error.unreachable) {
          await markUnreachable(tx, number.phoneNumber, 'WhatsApp cannot deliver to this number.', now);
          return 'skipped';
        }
        throw error;
      }
    },
  };
}

/** Whether a later event of the same deal waits to go to the member over WhatsApp (this one is then folded into it). */
async function hasNewerPending(
  tx: Executor,
  event: EventRow,
  target: string,
  dealId: string,
): Promise<boolean> {
  const [newer] = await tx
    .select({ id: eventDeliveries.id })
    .from(eventDeliveries)
    .innerJoin(events, eq(events.id, eventDeliveries.eventId))
    .where(
      and(
        eq(eventDeliveries.channel, 'whatsapp'),
        eq(eventDeliveries.target, target),
        eq(eventDeliveries.status, 'pending'),
        eq(events.resourceId, dealId),
        gt(events.sequence, event.sequence),
      ),
    )
    .limit(1);
  return Boolean(newer);
}
