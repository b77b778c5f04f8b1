import {
  type Executor,
  type PaymentOrderRow,
  type SubscriptionRow,
  type SubscriptionSnapshot,
  subscriptions,
} from '@barterads/db';
import { eq } from 'drizzle-orm';
import type { WithdrawnBenefits } from '../entitlements/entitlements';
import type { MemberNotice } from '../events/notices';
import { SYSTEM_ACTOR, writeEvent } from '../events/outbox';

/** The member's subscription as a payment finds it, recorded on the order when the payment applies. */
export function snapshotOf(row: SubscriptionRow | undefined): { subscription: SubscriptionSnapshot | null } {
  if (!row) return { subscription: null };
  return {
    subscription: {
      planId: row.planId,
      period: row.period,
      status: row.status,
      currentPeriodStart: row.currentPeriodStart.toISOString(),
      currentPeriodEnd: row.currentPeriodEnd.toISOString(),
      lastOrderId: row.lastOrderId,
      scheduledPlanId: row.scheduledPlanId,
      scheduledPeriod: row.scheduledPeriod,
      scheduledOrderId: row.scheduledOrderId,
      cancelAtPeriodEnd: row.cancelAtPeriodEnd,
    },
  };
}

/** What a payment replaced, when that is a plan still running at `now`; null otherwise (or when not recorded). */
function runningBefore(order: PaymentOrderRow, now: Date): SubscriptionSnapshot | null {
  const before = order.replacedSubscription?.subscription ?? null;
  if (before?.status !== 'active') return null;
  return new Date(before.currentPeriodEnd).getTime() > now.getTime() ? before : null;
}

/**
 * Gives back what refunded plan payments bought (in the refund's transaction). When the payment the plan runs on
 * is among them, the subscription returns to what the earliest of them replaced, if that is a plan still running
 * (it runs for what was not refunded), or ends now; a refunded payment for the next period (a scheduled downgrade
 * or period change) is taken off the schedule. A payment another one has since replaced changes nothing here.
 * `cancel`: the member cancelled, so whatever remains runs to its end and is not renewed. Answers the row before
 * and after, or nothing when the subscription did not change.
 */
export async function revertRefundedPayments(
  tx: Executor,
  userId: string,
  refunded: readonly PaymentOrderRow[],
  options: { now: Date; cancel: boolean },
): Promise<{ before: SubscriptionRow; after: SubscriptionRow } | null> {
  const { now, cancel } = options;
  const [row] = await tx.select().from(subscriptions).where(eq(subscriptions.userId, userId)).for('update');
  if (!row) return null;
  const ids = new Set(refunded.map((order) => order.id));
  const unscheduled = {
    scheduledPlanId: null,
    scheduledPeriod: null,
    scheduledOrderId: null,
  } as const;
  let values: Partial<typeof subscriptions.$inferInsert>;
  if (row.lastOrderId !== null && ids.has(row.lastOrderId)) {
    const earliest = [...refunded].sort(
      (a, b) => (a.paidAt?.getTime() ?? 0) - (b.paidAt?.getTime() ?? 0),
    )[0]!;
    const before = runningBefore(earliest, now);
    values = before
      ? {
          planId: before.planId,
          period: before.period,
          status: 'active',
          currentPeriodStart: new Date(before.currentPeriodStart),
          currentPeriodEnd: new Date(before.currentPeriodEnd),
          lastOrderId: before.lastOrderId,
          ...(before.scheduledOrderId && !ids.has(before.scheduledOrderId)
            ? {
                scheduledPlanId: before.scheduledPlanId,
                scheduledPeriod: before.scheduledPeriod,
                scheduledOrderId: before.scheduledOrderId,
              }
            : unscheduled),
          cancelAtPeriodEnd: cancel || before.cancelAtPeriodEnd,
          cancelledAt: cancel ? now : row.cancelledAt,
          remindedDaysBefore: null,
        }
      : { status: 'cancelled', currentPeriodEnd: now, cancelledAt: now, ...unscheduled };
  } else if (row.scheduledOrderId !== null && ids.has(row.scheduledOrderId)) {
    values = { ...unscheduled, ...(cancel ? { cancelAtPeriodEnd: true, cancelledAt: now } : {}) };
  } else {
    return null;
  }
  const [after] = await tx
    .update(subscriptions)
    .set({ ...values, updatedAt: now })
    .where(eq(subscriptions.id, row.id))
    .returning();
  return { before: row, after: after! };
}

/**
 * The member's notice that a refund took listings' features away or archived listings (member-only, not a partner
 * event): written in the refund's transaction, told by the dispatcher's bell and e-mail.
 */
export const BENEFITS_WITHDRAWN_EVENT = 'plan.benefits_withdrawn';

/** A `plan.benefits_withdrawn` event's data. */
export interface BenefitsWithdrawnData {
  userId: string;
  /** The refund that caused it (the notice's key). */
  eventKey: string;
  unfeatured: { title: string }[];
  archived: { title: string }[];
}

/**
 * Records, in the refund's transaction, that the member is to be told which listings lost their feature or were
 * archived when the plan's allowances shrank (nothing when none did).
 */
export async function writeWithdrawnBenefits(
  tx: Executor,
  userId: string,
  withdrawn: WithdrawnBenefits,
  eventKey: string,
): Promise<boolean> {
  const { unfeatured, archived } = withdrawn;
  if (unfeatured.length === 0 && archived.length === 0) return false;
  const data: BenefitsWithdrawnData = {
    userId,
    eventKey,
    unfeatured: unfeatured.map((l) => ({ title: l.title })),
    archived: archived.map((l) => ({ title: l.title })),
  };
  await writeEvent(tx, {
    type: BENEFITS_WITHDRAWN_EVENT,
    actor: SYSTEM_ACTOR,
    resourceType: 'user',
    resourceId: userId,
    audience: [userId],
    data: { ...data },
  });
  return true;
}

/** What the member is told of a `plan.benefits_withdrawn` event (events/notices.ts). */
export function benefitsWithdrawnNotice(d: BenefitsWithdrawnData): MemberNotice {
  const { unfeatured, archived } = d;
  const titles = (list: { title: string }[]) => list.map((listing) => `"${listing.title}"`).join(', ');
  const lines = [
    archived.length > 0
      ? `Your plan's refund leaves it fewer active listings, so ${archived.length === 1 ? 'your newest listing was' : `your ${archived.length} newest listings were`} archived: ${titles(archived)}. To keep another one instead, archive it and restore the one you prefer from My Listings.`
      : '',
    unfeatured.length > 0
      ? `${unfeatured.length === 1 ? 'This listing is' : 'These listings are'} no longer featured: ${titles(unfeatured)}.`
      : '',
  ].filter(Boolean);
  return {
    userId: d.userId,
    kind: 'plan_changed',
    title:
      archived.length > 0
        ? `${archived.length} listing${archived.length === 1 ? '' : 's'} archived after your plan's refund`
        : 'Your featured listings ended with your plan',
    body: lines.join(' '),
    link: '/dashboard/listings',
    dedupeKey: `plan:${d.eventKey}:benefits`,
  };
}
