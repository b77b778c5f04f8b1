import { matchReasonWords } from '@barterads/core';
import { type Executor, queryRows, sql } from '@barterads/db';
import { onPlanWhere } from '../entitlements/entitlements';
import { type NotifyDeps, notify } from '../notifications/notify';

interface DigestRow extends Record<string, unknown> {
  user_id: string;
  my_title: string;
  title: string;
  matched_id: string;
  reasons: string[];
}

/**
 * The daily match e-mail of Professional and Enterprise members (their plans' 'AI matching'): the pairs first
 * matched in the last 24 hours on their active listings, best first, as one `new_matches` notification per
 * member and day (its event key makes a second run, or a second instance, send nothing more; the member's e-mail
 * choice for the kind is respected by notify). Answers how many members were told.
 */
export async function runMatchDigest(deps: NotifyDeps & { db: Executor }, now = new Date()): Promise<number> {
  const rows = await queryRows<DigestRow>(
    deps.db,
    sql`select mine.owner_id::text as user_id, mine.title as my_title, other.title, m.matched_id::text, m.reasons
        from listing_matches m
        join listings mine on mine.id = m.listing_id
        join listings other on other.id = m.matched_id
        where m.created_at > ${now.toISOString()}::timestamptz - interval '24 hours'
          and m.created_at <= ${now.toISOString()}::timestamptz
          and mine.status = 'active' and other.status = 'active' and not other.owner_suspended
          and ${onPlanWhere(sql`mine.owner_id`, (plan) => plan.seesAllMatches, now)}
        order by mine.owner_id, m.score desc`,
  );
  const byUser = new Map<string, DigestRow[]>();
  for (const row of rows) byUser.set(row.user_id, [...(byUser.get(row.user_id) ?? []), row]);
  const day = now.toISOString().slice(0, 10);
  let told = 0;
  for (const [userId, list] of byUser) {
    const lines = list
      .slice(0, 10)
      .map((r) => `- "${r.title}" for your "${r.my_title}": ${matchReasonWords(r.reasons)}`);
    const made = await notify(deps, {
      userId,
      kind: 'new_matches',
      title: `Your matches today: ${list.length} new`,
      body: `${lines.join('\n')}${list.length > 10 ? `\n…and ${list.length - 10} more.` : ''}`,
      link: '/dashboard',
      dedupeKey: `match-digest:${day}`,
    });
    if (made) told += 1;
  }
  return told;
}
