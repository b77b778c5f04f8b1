import { queryRows } from '@barterads/db';
import { sql } from 'drizzle-orm';
import type { MemberNotice } from '../events/notices';
import { SYSTEM_ACTOR } from '../events/outbox';
import { dealExpiryUnwrittenSql, dealOpenSql } from '../lifecycle/transition';
import type { NotifyDeps } from '../notifications/notify';
import { writeDealEvent } from './deals';
import type { Deal } from './schemas';

interface Recipient extends Record<string, unknown> {
  deal_id: string;
  user_id: string;
  version: number;
  expires_at: Date | string;
}

/** The reminder that an offer closes within 24 hours (internal: the bell, e-mail and WhatsApp's `barterads_offer_expiring`). */
export const DEAL_EXPIRING_EVENT = 'deal.expiring';

function when(value: Date | string): string {
  return `${new Date(value).toLocaleString('en-IN', { timeZone: 'Asia/Kolkata', dateStyle: 'medium', timeStyle: 'short' })} IST`;
}

/**
 * The deals' timed work, run every minute by the server (apps/server/src/jobs/deal-expiry.ts). Its state is in
 * the rows, so it survives restarts and each step happens once however many instances run it: each is one
 * UPDATE … RETURNING that only matches rows not yet done (a second instance's UPDATE waits for the first's row
 * locks, then finds them done).
 * - Open offers past their period become `expired` (reads already show them so, by the one rule of
 *   effectiveDealStatus in packages/core and its SQL in lifecycle/transition.ts; this writes it), each with its
 *   `deal.expired` event in the same transaction: the outbox's dispatcher tells both parties (bell and e-mail).
 * - The party whose turn it is hears once per version that the offer closes within 24 hours: a `deal.expiring`
 *   event (`to`: that party) written with the mark, which the dispatcher delivers to the bell, e-mail and WhatsApp
 *   (an internal event: not in the partners' list).
 * Plain SQL, so `updated_at` (latest activity) is not touched by a reminder.
 */
export async function runDealExpiry(deps: NotifyDeps): Promise<{ expired: number; reminded: number }> {
  // The expiry and its events in one transaction (the outbox): the dispatcher tells both parties.
  const expired = await deps.db.transaction(async (tx) => {
    const rows = await queryRows<{ id: string }>(
      tx,
      sql`update deals set status = 'expired', turn_user_id = null, closed_at = expires_at, updated_at = now()
          where ${dealExpiryUnwrittenSql}
          returning id::text`,
    );
    for (const row of rows) await writeDealEvent(tx, row.id, 'deal.expired', SYSTEM_ACTOR);
    return rows;
  });
  // The reminders: the mark and each reminder's event in one transaction, so a reminder is neither lost nor told
  // twice; the dispatcher tells the party (bell, e-mail, WhatsApp).
  const reminded = await deps.db.transaction(async (tx) => {
    const rows = await queryRows<Recipient>(
      tx,
      sql`with r as (
            update deals set expiry_reminded_version = version
            where ${dealOpenSql} and expires_at <= now() + interval '24 hours'
              and expiry_reminded_version is distinct from version
            returning id, turn_user_id, version, expires_at
          )
          select r.id::text as deal_id, u.id::text as user_id, r.version, r.expires_at
          from r join users u on u.id = r.turn_user_id and u.deleted_at is null`,
    );
    for (const to of rows) {
      await writeDealEvent(tx, to.deal_id, DEAL_EXPIRING_EVENT, SYSTEM_ACTOR, { to: to.user_id });
    }
    return rows;
  });
  if (expired.length > 0 || reminded.length > 0) deps.wakeEvents?.();
  return { expired: expired.length, reminded: new Set(reminded.map((r) => r.deal_id)).size };
}

/** The notice of a `deal.expiring` event to the party whose answer it awaits (`to`), once per deal version. */
export function expiringNotice(deal: Pick<Deal, '_id' | 'version' | 'expiresAt'>, to: string): MemberNotice {
  return {
    userId: to,
    kind: 'deal_expiring',
    title: 'An offer awaiting your answer closes within 24 hours',
    body: `An offer waits for your answer and closes ${when(deal.expiresAt)}. Accept, counter or decline it before then.`,
    link: `/dashboard/deals/${deal._id}`,
    dedupeKey: `deal:${deal._id}:v${deal.version}:expiring`,
  };
}
