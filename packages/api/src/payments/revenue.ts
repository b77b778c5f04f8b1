import { BILLING_PERIODS, chargeAmount, kolkataMonth, PLAN_IDS, PLANS, type PlanId } from '@barterads/core';
import type { DatabaseHandle } from '@barterads/db';
import type { RevenueMonth } from './schemas';

export const REVENUE_MONTHS = 12;

/** `YYYY-MM` of the Asia/Kolkata month holding `at`. */
export function kolkataMonthKey(at: Date): string {
  const start = kolkataMonth(at).start;
  // The month's first instant is 00:00 IST on its first day: 18:30 UTC the day before.
  const local = new Date(start.getTime() + 5.5 * 60 * 60 * 1000);
  return `${local.getUTCFullYear()}-${String(local.getUTCMonth() + 1).padStart(2, '0')}`;
}

function addMonthsToKey(key: string, months: number): string {
  const [y, m] = key.split('-').map(Number) as [number, number];
  const total = y * 12 + (m - 1) + months;
  return `${Math.floor(total / 12)}-${String((total % 12) + 1).padStart(2, '0')}`;
}

/** A period's start: when its order was paid, or the end of the segment before when it stacks onto it. */
const START = `case when c.end_at > o.paid_at
      and (o.change_kind = 'scheduled' or (o.change_kind in ('renewal', 'purchase') and o.plan_id = c.plan_id))
    then c.end_at else o.paid_at end`;
/** One billing period after a start, in UTC with month ends clamped (as `addPeriod` does). */
const addPeriod = (start: string, period: string) =>
  `((${start} at time zone 'UTC') + case when ${period} = 'yearly' then interval '1 year' else interval '1 month' end) at time zone 'UTC'`;

/**
 * Monthly recurring revenue and plan mix for the 12 Asia/Kolkata months ending with `endMonth` (default: this
 * month), oldest first, computed in PostgreSQL from the paid plan orders (refunded ones left out). Each member's
 * orders are chained into subscription periods as the payments module applies them: a renewal (or a scheduled
 * change) starts where the running period ends, an upgrade or a new purchase at its payment and cuts the period
 * before it short. A month's figures are the subscriptions active at its close (for the running month, now): MRR
 * is the sum of their plans' monthly price (a yearly plan's yearly price / 12), in paise rounded to the paisa, and
 * the plan mix is the active subscribers per plan.
 */
export async function revenueFigures(
  database: Pick<DatabaseHandle, 'executeSql'>,
  input: { endMonth?: string | undefined },
  now = new Date(),
): Promise<{ months: RevenueMonth[] }> {
  const current = kolkataMonthKey(now);
  const last = input.endMonth && input.endMonth < current ? input.endMonth : current;
  const first = addMonthsToKey(last, -(REVENUE_MONTHS - 1));
  const prices = PLANS.flatMap((plan) =>
    BILLING_PERIODS.map((period) => ({
      planId: plan.id,
      period,
      monthly: period === 'yearly' ? chargeAmount(plan, period) / 12 : chargeAmount(plan, period),
    })),
  );
  const values: unknown[] = [`${first}-01`, `${last}-01`, now.toISOString(), JSON.stringify(prices)];
  const { rows } = await database.executeSql(
    `with recursive
     prices as (
       select t."planId" as plan_id, t.period, t.monthly as monthly_paise
         from json_to_recordset($4::text::json) as t("planId" text, period text, monthly numeric)
     ),
     months as (
       select to_char(m, 'YYYY-MM') as month,
              least((m + interval '1 month') at time zone 'Asia/Kolkata', $3::timestamptz) as close_at
         from generate_series($1::timestamp, $2::timestamp, interval '1 month') m
     ),
     o as (
       select po.user_id, po.plan_id::text as plan_id, po.period::text as period,
              po.change_kind::text as change_kind, po.paid_at,
              row_number() over (partition by po.user_id order by po.paid_at, po.id) as rn
         from payment_orders po
        where po.status = 'paid' and po.paid_at is not null
          and po.paid_at < (select max(close_at) from months)
          and not exists (select 1 from refunds r
                           where r.order_id = po.id and r.status in ('processing', 'processed'))
     ),
     chain as (
       select o.user_id, o.rn, o.plan_id, o.period, o.paid_at as start_at,
              ${addPeriod('o.paid_at', 'o.period')} as end_at
         from o where o.rn = 1
       union all
       select o.user_id, o.rn, o.plan_id, o.period, ${START}, ${addPeriod(START, 'o.period')}
         from chain c join o on o.user_id = c.user_id and o.rn = c.rn + 1
     ),
     segments as (
       select c.user_id, c.plan_id, c.period, c.start_at,
              least(c.end_at, lead(c.start_at) over (partition by c.user_id order by c.rn)) as until_at
         from chain c
     )
     select m.month, s.plan_id, count(distinct s.user_id)::int as subscribers,
            coalesce(sum(p.monthly_paise), 0)::text as mrr
       from months m
       join segments s on s.start_at < m.close_at and s.until_at >= m.close_at
       join prices p on p.plan_id = s.plan_id and p.period = s.period
      group by m.month, s.plan_id`,
    values,
  );
  const months: RevenueMonth[] = [];
  for (let i = 0; i < REVENUE_MONTHS; i += 1) {
    const month = addMonthsToKey(first, i);
    const plans = Object.fromEntries(PLAN_IDS.map((id) => [id, 0])) as Record<PlanId, number>;
    let mrr = 0;
    for (const row of rows.filter((r) => r.month === month)) {
      plans[row.plan_id as PlanId] = Number(row.subscribers);
      mrr += Number(row.mrr);
    }
    months.push({
      month,
      mrr: Math.round(mrr),
      subscribers: Object.values(plans).reduce((a, b) => a + b, 0),
      plans,
    });
  }
  return { months };
}
