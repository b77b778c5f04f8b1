import {
  SAVED_SEARCH_FREQUENCY_LABELS,
  SAVED_SEARCHES,
  type SavedSearchFrequency,
} from '@barterads/core/saved-searches';
import {
  type Database,
  type EventRow,
  type Executor,
  listings,
  type SavedSearchRow,
  savedSearches,
  users,
} from '@barterads/db';
import { and, asc, eq, lte, ne, sql } from 'drizzle-orm';
import type { MemberNotice } from '../events/notices';
import { SYSTEM_ACTOR, writeEvent } from '../events/outbox';
import { SearchListingsInput } from '../listings/schemas';
import { searchConditions } from '../listings/search';
import type { Mailer } from '../mail/mailer';
import { sendMemberMail } from '../mail/member-mail';
import { type NotifyDeps, wantsEmail } from '../notifications/notify';
import type { Logger } from '../services';
import { SavedSearchQueryOutput } from './schemas';
import { unsubscribeUrl } from './unsubscribe';

/** The alert job's queue name (apps/server/src/jobs): every minute, and woken when a listing is posted. */
export const SAVED_SEARCH_ALERTS_JOB = 'saved-search-alerts';

/** How long after its last look a search is due again; `instant` at every run, `never` not at all. */
const DUE_AFTER: Record<Exclude<SavedSearchFrequency, 'never'>, string> = {
  instant: '0 seconds',
  daily: '24 hours',
  weekly: '7 days',
};

/**
 * The alert's event, its bell entry and e-mail (not a partner event: not listed by GET /api/events, never sent to webhooks): written in
 * the transaction that moves the search's mark, delivered by the dispatcher's e-mail channel (recorded, retried).
 */
export const SAVED_SEARCH_ALERT_EVENT = 'saved_search.alert';

/** What the alert's event carries: the search and its new listings, the e-mail's content. */
export interface AlertEventData {
  savedSearch: { _id: string; name: string; frequency: SavedSearchFrequency };
  listings: { _id: string; title: string; city: string | null }[];
}

export interface SavedSearchAlertDeps {
  db: Database;
  /** The web app's public URL (links to the listings, and to the unsubscribe route served on the same origin). */
  appUrl: string;
  unsubscribeSecret: string;
  logger: Logger;
  notify: NotifyDeps;
}

interface AlertListing {
  id: string;
  title: string;
  city: string | null;
  location: string;
  createdAt: Date;
}

/**
 * Makes the saved-search alerts that are due at `now` (the job passes the clock; tests move it): each search of
 * frequency instant (every run), daily (24 hours after its last look) or weekly (7 days) is looked at once, with
 * its row locked (`FOR UPDATE SKIP LOCKED`, so a woken run and a scheduled one, or two instances, never take the
 * same search). The listings that match its filters (the marketplace's own WHERE, `searchConditions`) and were
 * posted after `last_alerted_at` and by `now` make one e-mail (unless the member turned the kind's e-mail off)
 * and one bell entry; `last_alerted_at` moves to the newest of them, so no listing is sent twice for one search.
 * Both are one event (`saved_search.alert`) written in the transaction that moves the mark: it commits with it or
 * not at all, and the dispatcher's bell and e-mail channels deliver it (recorded, retried with backoff); no mail is
 * sent while the search's row is locked. Nothing new: no mail, only `last_checked_at` moves. Answers how many alert
 * e-mails were queued.
 */
export async function runSavedSearchAlerts(deps: SavedSearchAlertDeps, now = new Date()): Promise<number> {
  let sent = 0;
  let told = 0;
  const done = new Set<string>();
  try {
    for (;;) {
      const outcome = await runOne(deps, now, done).catch((error: unknown) => {
        deps.logger.warn({ err: error }, 'saved-search alert not made');
        return 'failed' as const;
      });
      if (outcome === null) return sent;
      if (outcome === 'mailed') sent += 1;
      if (outcome === 'mailed' || outcome === 'told') told += 1;
    }
  } finally {
    if (told > 0) deps.notify.wakeEvents?.();
  }
}

/** Looks at one due search (not in `done`): null when none is left. */
async function runOne(
  deps: SavedSearchAlertDeps,
  now: Date,
  done: Set<string>,
): Promise<'mailed' | 'told' | 'looked' | null> {
  const at = now.toISOString();
  // Everything on the transaction's own connection (the embedded PGlite has only one): the row stays locked while
  // it is looked at, so a concurrent run skips it; the mail is an event committed with the mark.
  const outcome = await deps.db.transaction(async (tx) => {
    const [search] = await tx
      .select()
      .from(savedSearches)
      .where(
        and(
          ne(savedSearches.frequency, 'never'),
          sql`${savedSearches.lastCheckedAt} <= ${at}::timestamptz - (case ${savedSearches.frequency}
              when 'instant' then ${DUE_AFTER.instant} when 'daily' then ${DUE_AFTER.daily}
              else ${DUE_AFTER.weekly} end)::interval`,
          done.size > 0
            ? sql`${savedSearches.id} not in (${sql.join(
                [...done].map((id) => sql`${id}::uuid`),
                sql`, `,
              )})`
            : undefined,
        ),
      )
      .orderBy(asc(savedSearches.lastCheckedAt))
      .limit(1)
      .for('update', { skipLocked: true });
    if (!search) return null;
    done.add(search.id);
    const found = await newListings(tx, search, now);
    const mailed = found.length > 0 && (await queueAlert(tx, search, found));
    // The newest listing's own created_at, read in SQL: a JS Date would drop its microseconds, and the listing
    // would then count as newer than the mark at the next run.
    const newest = found.at(-1);
    await tx
      .update(savedSearches)
      .set({
        lastCheckedAt: now,
        ...(newest
          ? {
              lastAlertedAt: sql`(select ${listings.createdAt} from ${listings} where ${listings.id} = ${newest.id})`,
            }
          : {}),
      })
      .where(eq(savedSearches.id, search.id));
    return { found, mailed };
  });
  if (!outcome) return null;
  return outcome.mailed ? 'mailed' : outcome.found.length > 0 ? 'told' : 'looked';
}

/** Listings posted after the search's last alert and by `now` that match it (not the member's own), oldest first. */
async function newListings(db: Executor, search: SavedSearchRow, now: Date): Promise<AlertListing[]> {
  const filters = SearchListingsInput.parse(SavedSearchQueryOutput.parse(search.query));
  return db
    .select({
      id: listings.id,
      title: listings.title,
      city: listings.city,
      location: listings.location,
      createdAt: listings.createdAt,
    })
    .from(listings)
    .innerJoin(users, eq(users.id, listings.ownerId))
    .where(
      and(
        searchConditions(filters),
        // The mark as stored (microseconds), not as read into a Date.
        sql`${listings.createdAt} > (select ${savedSearches.lastAlertedAt} from ${savedSearches} where ${savedSearches.id} = ${search.id})`,
        lte(listings.createdAt, now),
        ne(listings.ownerId, search.userId),
      ),
    )
    .orderBy(asc(listings.createdAt), asc(listings.id))
    .limit(SAVED_SEARCHES.alertListingsMax);
}

function alertSubject(name: string, n: number): string {
  return `${n} new listing${n === 1 ? '' : 's'} for "${name}"`;
}

/**
 * The bell entry of an alert's event (events/notices.ts); its e-mail is the alert mail with the unsubscribe headers
 * (`deliverAlertMail`), so the notice sends none.
 */
export function alertBellNotice(userId: string, data: AlertEventData): MemberNotice {
  return {
    userId,
    kind: 'saved_search_hits',
    title: alertSubject(data.savedSearch.name, data.listings.length),
    body: data.listings.map((l) => l.title).join('; '),
    link: '/dashboard/saved-searches',
    dedupeKey: `saved-search:${data.savedSearch._id}:${data.listings.at(-1)?._id ?? ''}`,
    email: false,
  };
}

/**
 * The alert, as an event in the search's transaction: the bell's entry and, unless the member turned the kind's
 * e-mail off, the alert e-mail (the dispatcher's e-mail channel sends it, `deliverAlertMail`, and checks the choice
 * again then). Answers whether the e-mail is wanted; nothing for a member who is gone.
 */
async function queueAlert(tx: Executor, search: SavedSearchRow, found: AlertListing[]): Promise<boolean> {
  const [member] = await tx
    .select({ deletedAt: users.deletedAt })
    .from(users)
    .where(eq(users.id, search.userId));
  if (!member || member.deletedAt) return false;
  const data: AlertEventData = {
    savedSearch: { _id: search.id, name: search.name, frequency: search.frequency },
    listings: found.map((l) => ({ _id: l.id, title: l.title, city: l.city })),
  };
  await writeEvent(tx, {
    type: SAVED_SEARCH_ALERT_EVENT,
    actor: SYSTEM_ACTOR,
    resourceType: 'saved_search',
    resourceId: search.id,
    audience: [search.userId],
    data: { ...data },
  });
  return wantsEmail(tx, search.userId, 'saved_search_hits');
}

/**
 * The e-mail channel's delivery of a `saved_search.alert` event: the alert with its one-click unsubscribe
 * (RFC 8058 headers and the signed link in the body), unless the member has since turned the kind off, turned the
 * search's alerts off or is gone.
 */
export async function deliverAlertMail(
  tx: Executor,
  mailer: Mailer,
  settings: { appUrl: string; unsubscribeSecret: string | undefined },
  event: Pick<EventRow, 'data'>,
  userId: string,
): Promise<'delivered' | 'skipped'> {
  const data = event.data as AlertEventData;
  if (!settings.unsubscribeSecret) throw new Error('no UNSUBSCRIBE_SECRET to sign the alert with');
  const [member] = await tx
    .select({ email: users.email, firstName: users.firstName, deletedAt: users.deletedAt })
    .from(users)
    .where(eq(users.id, userId));
  if (!member || member.deletedAt) return 'skipped';
  if (!(await wantsEmail(tx, userId, 'saved_search_hits'))) return 'skipped';
  const [search] = await tx
    .select({ frequency: savedSearches.frequency })
    .from(savedSearches)
    .where(eq(savedSearches.id, data.savedSearch._id));
  // Unsubscribed (or deleted) since the alert was made: not sent.
  if (!search || search.frequency === 'never') return 'skipped';
  const base = settings.appUrl.replace(/\/+$/, '');
  const unsubscribe = unsubscribeUrl(base, settings.unsubscribeSecret, data.savedSearch._id);
  await sendMemberMail(
    mailer,
    member.email,
    {
      appUrl: base,
      subject: alertSubject(data.savedSearch.name, data.listings.length),
      firstName: member.firstName,
      paragraphs: [
        `New on BarterAds for your saved search "${data.savedSearch.name}" (${SAVED_SEARCH_FREQUENCY_LABELS[data.savedSearch.frequency].toLowerCase()}):`,
      ],
      items: data.listings.map((l) => ({
        label: `${l.title}${l.city ? ` (${l.city})` : ''}`,
        path: `/listings/${l._id}`,
      })),
      action: { label: 'Manage your saved searches', path: '/dashboard/saved-searches' },
      unsubscribeUrl: unsubscribe,
    },
    {
      headers: {
        'List-Unsubscribe': `<${unsubscribe}>`,
        'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      },
    },
  );
  return 'delivered';
}

/**
 * The signed one-click unsubscribe: the search's alerts are turned off (frequency `never`; the search stays in
 * the member's list). Answers the search's name, or null when there is no such search.
 */
export async function unsubscribeSavedSearch(db: Database, id: string): Promise<{ name: string } | null> {
  const [row] = await db
    .update(savedSearches)
    .set({ frequency: 'never', updatedAt: new Date() })
    .where(eq(savedSearches.id, id))
    .returning({ name: savedSearches.name });
  return row ?? null;
}

/** The search's name for the unsubscribe page (null when gone). */
export async function savedSearchName(db: Database, id: string): Promise<string | null> {
  const [row] = await db
    .select({ name: savedSearches.name })
    .from(savedSearches)
    .where(eq(savedSearches.id, id));
  return row?.name ?? null;
}
