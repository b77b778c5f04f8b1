import { matchReasonWords } from '@barterads/core';
import { type Executor, queryRows, sql } from '@barterads/db';
import { onPlanWhere } from '../entitlements/entitlements';
import type { MemberNotice } from '../events/notices';
import { SYSTEM_ACTOR, writeEventOnce } from '../events/outbox';
import type { NotifyDeps } from '../notifications/notify';

/**
 * A member's daily match digest (member-only, not a partner event), written once per member and day; the
 * dispatcher puts it in the bell and e-mails it (unless the member turned `new_matches` e-mail off).
 */
export const MATCH_DIGEST_EVENT = 'match.digest';

/** A `match.digest` event's data. */
export interface MatchDigestData {
  userId: string;
  day: string;
  count: number;
  /** The ten best pairs, one line each. */
  lines: string[];
}

/** The member's notice of a digest (events/notices.ts). */
export function matchDigestNotice(d: MatchDigestData): MemberNotice {
  return {
    userId: d.userId,
    kind: 'new_matches',
    title: `Your matches today: ${d.count} new`,
    body: `${d.lines.join('\n')}${d.count > d.lines.length ? `\n…and ${d.count - d.lines.length} more.` : ''}`,
    link: '/dashboard',
    dedupeKey: `match-digest:${d.day}`,
  };
}

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
 * member and day: a `match.digest` event, written once per member and day (a second run, or a second instance,
 * writes nothing more), which the dispatcher's bell and e-mail channels deliver (the e-mail respects the member's
 * choice for the kind). Answers how many members were told.
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
    const data: MatchDigestData = { userId, day, count: list.length, lines };
    // Once per member and day (a second run, or a second instance, writes nothing more).
    const made = await deps.db.transaction((tx) =>
      writeEventOnce(tx, `match-digest:${userId}:${day}`, {
        type: MATCH_DIGEST_EVENT,
        actor: SYSTEM_ACTOR,
        resourceType: 'user',
        resourceId: userId,
        audience: [userId],
        data: { ...data },
      }),
    );
    if (made) told += 1;
  }
  if (told > 0) deps.wakeEvents?.();
  return told;
}
