import { queryRows } from '@barterads/db';
import { sql } from 'drizzle-orm';
import { writeDealEvent } from '../deals/deals';
import type { MemberNotice } from '../events/notices';
import { SYSTEM_ACTOR } from '../events/outbox';
import type { NotifyDeps } from '../notifications/notify';

/** The days after the supply date on which a supplier hears that its leg's tax invoice is not yet issued. */
export const LEG_REMINDER_DAYS = [20, 28] as const;

/** A leg's invoice is due this many days after the supply date (rule 47: 30 days for services). */
const INVOICE_DUE_DAYS = 30;

interface DueLeg extends Record<string, unknown> {
  leg_id: string;
  deal_id: string;
  supplier_id: string;
  supply_day: string;
  days: number;
}

/** The ISO day `days` after `day` (an ISO day). */
function addDays(day: string, days: number): string {
  const at = new Date(`${day}T00:00:00Z`);
  at.setUTCDate(at.getUTCDate() + days);
  return at.toISOString().slice(0, 10);
}

function dayOf(at: Date): string {
  return at.toLocaleDateString('en-CA', { timeZone: 'Asia/Kolkata' });
}

/**
 * The 30-day clock (product-spec-3 section 1), run by the server's job (apps/server/src/jobs/leg-reminders.ts):
 * a supplier whose leg is still a `draft` (not issued) hears on day 20 and on day 28 after its supply date (the
 * Asia/Kolkata day its last deliverable of the deal was accepted). Once per leg and mark however many runs or
 * instances: the event's dedupe key (and the query skips a leg whose notification of the mark exists). Only the highest mark reached is sent, so
 * a leg first seen on day 29 gets the day-28 reminder alone. `now` is the run's clock (tests pass their own).
 */
export async function runLegReminders(
  deps: NotifyDeps,
  now: Date = new Date(),
): Promise<{ reminded: number }> {
  const today = dayOf(now);
  const due = await queryRows<DueLeg>(
    deps.db,
    sql`with supplied as (
          select l.id, l.deal_id, l.supplier_id,
                 (max(d.accepted_at) at time zone 'Asia/Kolkata')::date as supply_day
          from deal_legs l
          join deal_deliverables d on d.deal_id = l.deal_id and d.giver_id = l.supplier_id
          where l.status = 'draft'
          group by l.id, l.deal_id, l.supplier_id
          having count(*) filter (where d.status <> 'accepted') = 0 and max(d.accepted_at) is not null
        )
        select s.id::text as leg_id, s.deal_id::text as deal_id, s.supplier_id::text as supplier_id,
               s.supply_day::text as supply_day, (${today}::date - s.supply_day)::int as days
        from supplied s
        join users u on u.id = s.supplier_id and u.deleted_at is null
        where ${today}::date - s.supply_day >= ${LEG_REMINDER_DAYS[0]}
          and ${today}::date - s.supply_day <= ${INVOICE_DUE_DAYS}
          and not exists (
            select 1 from notifications n
            where n.user_id = s.supplier_id
              and n.dedupe_key = 'leg:' || s.id::text || ':due-'
                || case when ${today}::date - s.supply_day >= ${LEG_REMINDER_DAYS[1]} then ${LEG_REMINDER_DAYS[1]}::text
                        else ${LEG_REMINDER_DAYS[0]}::text end
          )`,
  );
  let reminded = 0;
  for (const leg of due) {
    const mark = leg.days >= LEG_REMINDER_DAYS[1] ? LEG_REMINDER_DAYS[1] : LEG_REMINDER_DAYS[0];
    // `leg.due_soon` (product-spec-3's event list), once per leg and mark (its dedupe key): partners hear it, the
    // dispatcher tells the supplier in the bell, by e-mail and over WhatsApp.
    const written = await deps.db.transaction((tx) =>
      writeDealEvent(
        tx,
        leg.deal_id,
        'leg.due_soon',
        SYSTEM_ACTOR,
        {
          leg: {
            _id: leg.leg_id,
            supplierId: leg.supplier_id,
            supplyDate: leg.supply_day,
            dueDate: addDays(leg.supply_day, INVOICE_DUE_DAYS),
            daysLeft: INVOICE_DUE_DAYS - leg.days,
          },
        },
        { once: `leg.due_soon:${leg.leg_id}:${mark}` },
      ),
    );
    if (written) reminded += 1;
  }
  if (reminded > 0) deps.wakeEvents?.();
  return { reminded };
}

/** A `leg.due_soon` event's `data.leg`. */
export interface LegDueData {
  _id: string;
  supplierId: string;
  supplyDate: string;
  dueDate: string;
  daysLeft: number;
}

/** The supplier's notice of a `leg.due_soon` event (events/notices.ts), once per leg and mark (day 20 or 28). */
export function legDueNotice(dealId: string, leg: LegDueData): MemberNotice {
  const left = leg.daysLeft;
  const mark = INVOICE_DUE_DAYS - left >= LEG_REMINDER_DAYS[1] ? LEG_REMINDER_DAYS[1] : LEG_REMINDER_DAYS[0];
  return {
    userId: leg.supplierId,
    kind: 'leg_invoice_due',
    title: `Issue your barter tax invoice: ${left} ${left === 1 ? 'day' : 'days'} left`,
    body: `You supplied your side of a barter deal on ${leg.supplyDate}. Its tax invoice is due within 30 days of that date; issue it (or record the number you used elsewhere) from the deal's Tax section. Check with your accountant.`,
    link: `/dashboard/deals/${dealId}`,
    dedupeKey: `leg:${leg._id}:due-${mark}`,
  };
}
