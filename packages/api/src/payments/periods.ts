import { findPlan } from '@barterads/core';
import { type Database, queryRows, subscriptions } from '@barterads/db';
import { and, eq, isNotNull, lte, sql } from 'drizzle-orm';
import { writeAudit } from '../admin/audit';
import type { Mailer } from '../mail/mailer';
import { sendMemberMail } from '../mail/member-mail';
import type { Logger } from '../services';
import { addPeriod, auditState } from './subscriptions';

export interface PlanPeriodsDeps {
  db: Database;
  mailer: Mailer;
  appUrl: string;
  logger: Logger;
}

interface ReminderRow extends Record<string, unknown> {
  email: string;
  first_name: string;
  plan_id: string;
  days: number;
  ends_at: Date | string;
}

function day(value: Date | string): string {
  return new Date(value).toLocaleDateString('en-IN', { timeZone: 'Asia/Kolkata', dateStyle: 'medium' });
}

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

  const at = now.toISOString();
  const reminders = await queryRows<ReminderRow>(
    deps.db,
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
          returning s.user_id, s.plan_id, s.current_period_end, due.days
        )
        select u.email, u.first_name, r.plan_id::text as plan_id, r.days, r.current_period_end as ends_at
        from r join users u on u.id = r.user_id and u.deleted_at is null`,
  );
  const base = deps.appUrl.replace(/\/+$/, '');
  for (const to of reminders) {
    const plan = findPlan(to.plan_id)?.name ?? to.plan_id;
    const when = Number(to.days) === 1 ? 'tomorrow' : 'in 7 days';
    try {
      await sendMemberMail(deps.mailer, to.email, {
        appUrl: base,
        subject: `Your ${plan} plan ends ${when}`,
        firstName: to.first_name,
        paragraphs: [
          `Your BarterAds ${plan} plan ends on ${day(to.ends_at)}. Renew it from your settings to keep its allowances.`,
        ],
        action: { label: 'Renew in your settings', path: '/settings' },
      });
    } catch (error) {
      deps.logger.warn({ err: error }, 'plan reminder e-mail not sent');
    }
  }
  return { applied, reminded: reminders.length };
}
