import { findPlan, LANGUAGE_TAGS, type Language } from '@barterads/core';
import { type Database, queryRows, subscriptions } from '@barterads/db';
import { and, eq, isNotNull, lte, sql } from 'drizzle-orm';
import { writeAudit } from '../admin/audit';
import { SYSTEM_ACTOR, writeEvent } from '../events/outbox';
import type { Logger } from '../services';
import { addPeriod, auditState } from './subscriptions';

export interface PlanPeriodsDeps {
  db: Database;
  logger: Logger;
  /** Wakes the event dispatcher (the reminders are events). */
  wakeEvents?: () => void;
}

interface ReminderRow extends Record<string, unknown> {
  id: string;
  user_id: string;
  plan_id: string;
  days: number;
  ends_at: Date | string;
}

/** The end-of-plan reminder's event (not a partner event): the member is told by the bell and e-mail. */
export const PLAN_ENDING_EVENT = 'plan.ending';

/** `data.subscription` of a `plan.ending` event. */
export interface PlanEndingData {
  _id: string;
  planId: string;
  planName: string;
  endsAt: string;
  daysBefore: number;
}

/** What the member is told 7 days and 1 day before a plan ends (events/notices.ts). */
export function planEndingNotice(userId: string, s: PlanEndingData, language: Language = 'en') {
  const day = new Date(s.endsAt).toLocaleDateString(`${LANGUAGE_TAGS[language]}-u-nu-latn`, {
    timeZone: 'Asia/Kolkata',
    dateStyle: 'medium',
  });
  return {
    userId,
    kind: 'plan_changed' as const,
    ...PLAN_ENDING_WORDS[language](s.planName, s.daysBefore === 1, day),
    link: '/settings',
    dedupeKey: `plan:${s._id}:ends:${s.endsAt}:d${s.daysBefore}`,
  };
}

/** The end-of-plan reminder in each language (the plan's name stays as the pricing page writes it). */
const PLAN_ENDING_WORDS: Record<
  Language,
  (plan: string, tomorrow: boolean, day: string) => { title: string; body: string }
> = {
  en: (plan, tomorrow, day) => ({
    title: `Your ${plan} plan ends ${tomorrow ? 'tomorrow' : 'in 7 days'}`,
    body: `Your BarterAds ${plan} plan ends on ${day}. Renew it from your settings to keep its allowances.`,
  }),
  hi: (plan, tomorrow, day) => ({
    title: `आपका ${plan} प्लान ${tomorrow ? 'कल' : '7 दिन में'} ख़त्म हो रहा है`,
    body: `आपका BarterAds ${plan} प्लान ${day} को ख़त्म होगा। इसकी सुविधाएँ बनाए रखने के लिए सेटिंग्स में जाकर इसे रिन्यू करें।`,
  }),
  mr: (plan, tomorrow, day) => ({
    title: `तुमचा ${plan} प्लॅन ${tomorrow ? 'उद्या' : '7 दिवसांत'} संपत आहे`,
    body: `तुमचा BarterAds ${plan} प्लॅन ${day} रोजी संपेल. त्याच्या सुविधा कायम ठेवण्यासाठी सेटिंग्जमधून त्याचे नूतनीकरण करा.`,
  }),
};

/**
 * The plans' timed work, run every minute by the server (apps/server/src/jobs/plan-periods.ts); its state is in
 * the subscription rows, so each step happens once however many instances run it:
 * - a paid downgrade or period change whose current period has ended becomes the plan (audit-logged), its
 *   period starting where the old one ended;
 * - reminders 7 days and 1 day before a plan ends that is not cancelled and has nothing scheduled after it.
 */
export async function runPlanPeriods(
  deps: PlanPeriodsDeps,
  now = new Date(),
): Promise<{ applied: number; reminded: number }> {
  let applied = 0;
  for (;;) {
    const done = await deps.db.transaction(async (tx) => {
      const [row] = await tx
        .select()
        .from(subscriptions)
        .where(and(isNotNull(subscriptions.scheduledPlanId), lte(subscriptions.currentPeriodEnd, now)))
        .limit(1)
        .for('update', { skipLocked: true });
      if (!row?.scheduledPlanId || !row.scheduledPeriod) return false;
      const [changed] = await tx
        .update(subscriptions)
        .set({
          planId: row.scheduledPlanId,
          period: row.scheduledPeriod,
          status: 'active',
          currentPeriodStart: row.currentPeriodEnd,
          currentPeriodEnd: addPeriod(row.currentPeriodEnd, row.scheduledPeriod),
          lastOrderId: row.scheduledOrderId ?? row.lastOrderId,
          scheduledPlanId: null,
          scheduledPeriod: null,
          scheduledOrderId: null,
          cancelAtPeriodEnd: false,
          remindedDaysBefore: null,
          updatedAt: now,
        })
        .where(eq(subscriptions.id, row.id))
        .returning();
      await writeAudit(tx, {
        actorId: row.userId,
        action: 'change_plan',
        targetType: 'subscription',
        targetId: row.id,
        before: auditState(row),
        after: { ...auditState(changed), change: 'scheduled-applied' },
      });
      return true;
    });
    if (!done) break;
    applied += 1;
  }

  // The reminders: marked on the subscription and written to the outbox in one transaction, so a reminder is
  // neither lost (the e-mail channel retries a failed send) nor sent twice.
  const at = now.toISOString();
  const reminders = await deps.db.transaction(async (tx) => {
    const rows = await queryRows<ReminderRow>(
      tx,
      sql`with due as (
            select id, case when current_period_end <= ${at}::timestamptz + interval '1 day' then 1 else 7 end as days
            from subscriptions
            where status = 'active' and not cancel_at_period_end and scheduled_plan_id is null
              and current_period_end > ${at}::timestamptz
              and current_period_end <= ${at}::timestamptz + interval '7 days'
          ), r as (
            update subscriptions s set reminded_days_before = due.days
            from due
            where s.id = due.id and (s.reminded_days_before is null or s.reminded_days_before > due.days)
            returning s.id, s.user_id, s.plan_id, s.current_period_end, due.days
          )
          select r.id::text as id, r.user_id::text as user_id, r.plan_id::text as plan_id, r.days,
                 r.current_period_end as ends_at
          from r join users u on u.id = r.user_id and u.deleted_at is null`,
    );
    for (const row of rows) {
      const endsAt = new Date(row.ends_at).toISOString();
      await writeEvent(tx, {
        type: PLAN_ENDING_EVENT,
        actor: SYSTEM_ACTOR,
        resourceType: 'subscription',
        resourceId: row.id,
        audience: [row.user_id],
        data: {
          subscription: {
            _id: row.id,
            planId: row.plan_id,
            planName: findPlan(row.plan_id)?.name ?? row.plan_id,
            endsAt,
            daysBefore: Number(row.days),
          },
        },
      });
    }
    return rows;
  });
  if (reminders.length > 0) deps.wakeEvents?.();
  return { applied, reminded: reminders.length };
}
