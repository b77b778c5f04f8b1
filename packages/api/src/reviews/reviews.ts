import { checkDealAction, DEAL_MESSAGES, REVIEW_LIMITS, REVIEW_MESSAGES } from '@barterads/core';
import {
  type Database,
  deals,
  type Executor,
  type ReviewRow,
  reviewReports,
  reviews,
  type UserRow,
  users,
} from '@barterads/db';
import { TRPCError } from '@trpc/server';
import { and, desc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import { writeAudit } from '../admin/audit';
import { type EventActor, SYSTEM_ACTOR, writeEvent } from '../events/outbox';
import { dealFactsOf } from '../lifecycle/transition';
import { REVIEW_RECEIVED_EVENT } from './notice';
import type {
  BusinessReviewsInput,
  CreateReviewInput,
  DismissReportsInput,
  HideInput,
  ReplyInput,
  ReportInput,
  Review,
} from './schemas';

const DAY_MS = 24 * 60 * 60 * 1000;
const conflict = (message: string) => new TRPCError({ code: 'CONFLICT', message });
const reviewNotFound = () => new TRPCError({ code: 'NOT_FOUND', message: REVIEW_MESSAGES.notFound });

/** A review's public condition, in SQL: published and not hidden by an admin. */
export const publicReview = and(isNotNull(reviews.publishedAt), isNull(reviews.hiddenAt));

const reviewColumns = {
  review: reviews,
  authorFirst: users.firstName,
  authorLast: users.lastName,
  authorCompany: users.companyName,
};

function selectReviews(db: Executor) {
  return db.select(reviewColumns).from(reviews).innerJoin(users, eq(users.id, reviews.authorId));
}

type Joined = { review: ReviewRow; authorFirst: string; authorLast: string; authorCompany: string | null };

function toReview(row: Joined): Review {
  const r = row.review;
  return {
    _id: r.id,
    dealId: r.dealId,
    authorId: r.authorId,
    authorName: row.authorCompany || `${row.authorFirst} ${row.authorLast}`.trim(),
    subjectId: r.subjectId,
    rating: r.rating,
    text: r.text,
    createdAt: r.createdAt.toISOString(),
    publishedAt: r.publishedAt?.toISOString() ?? null,
    reply: r.reply,
    repliedAt: r.repliedAt?.toISOString() ?? null,
    hidden: r.hiddenAt !== null,
    hiddenReason: r.hiddenReason,
  };
}

/** Each business's rating (the mean of its public reviews, or null) and public review count. */
export async function ratingsOf(
  db: Executor,
  userIds: readonly string[],
): Promise<Map<string, { rating: number | null; reviewCount: number }>> {
  const out = new Map<string, { rating: number | null; reviewCount: number }>();
  if (userIds.length === 0) return out;
  const rows = await db
    .select({
      subjectId: reviews.subjectId,
      mean: sql<string>`avg(${reviews.rating})::text`,
      n: sql<number>`count(*)::int`,
    })
    .from(reviews)
    .where(and(inArray(reviews.subjectId, [...userIds]), publicReview))
    .groupBy(reviews.subjectId);
  for (const id of userIds) out.set(id, { rating: null, reviewCount: 0 });
  for (const row of rows)
    out.set(row.subjectId, { rating: roundRating(Number(row.mean)), reviewCount: row.n });
  return out;
}

/** Ratings are shown to one decimal. */
export function roundRating(mean: number): number {
  return Math.round(mean * 10) / 10;
}

/**
 * A party reviews the other after completion, once. The deal's row is locked, so the two parties writing at once
 * see each other: the second review publishes both. A review written 14 days or more after completion is public
 * at once. 404 for a non-party, 409 before completion or for a second review.
 */
export async function createReview(
  db: Database,
  user: UserRow,
  input: CreateReviewInput,
): Promise<{ review: Review; subjectId: string; published: boolean }> {
  const id = await db.transaction(async (tx) => {
    const [deal] = await tx.select().from(deals).where(eq(deals.id, input.id)).for('update');
    if (!deal || (deal.proposerId !== user.id && deal.counterpartyId !== user.id)) {
      throw new TRPCError({ code: 'NOT_FOUND', message: DEAL_MESSAGES.notFound });
    }
    if (deal.status !== 'completed' || !deal.completedAt) throw conflict(REVIEW_MESSAGES.notCompleted);
    const subjectId = deal.proposerId === user.id ? deal.counterpartyId : deal.proposerId;
    const existing = await tx.select().from(reviews).where(eq(reviews.dealId, deal.id));
    if (existing.some((r) => r.authorId === user.id)) throw conflict(REVIEW_MESSAGES.already);
    const now = new Date();
    const late = now.getTime() - deal.completedAt.getTime() >= REVIEW_LIMITS.publishAfterDays * DAY_MS;
    const both = existing.length > 0;
    const [row] = await tx
      .insert(reviews)
      .values({
        dealId: deal.id,
        authorId: user.id,
        subjectId,
        rating: input.rating,
        text: input.text,
        publishedAt: both || late ? now : null,
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing()
      .returning({ id: reviews.id });
    if (!row) throw conflict(REVIEW_MESSAGES.already);
    const published = both || late ? [row.id] : [];
    if (both) {
      const others = await tx
        .update(reviews)
        .set({ publishedAt: now })
        .where(and(eq(reviews.dealId, deal.id), isNull(reviews.publishedAt)))
        .returning({ id: reviews.id });
      published.push(...others.map((r) => r.id).filter((id) => id !== row.id));
    }
    await writeReviewsPublished(tx, published, { kind: 'user', id: user.id });
    if (published.length === 0) {
      // Not public yet: its subject is told by a member-only event (a published one by `review.published`).
      const [written] = await selectReviews(tx).where(eq(reviews.id, row.id)).limit(1);
      const review = toReview(written!);
      await writeEvent(tx, {
        type: REVIEW_RECEIVED_EVENT,
        actor: { kind: 'user', id: user.id },
        resourceType: 'review',
        resourceId: review._id,
        audience: [review.subjectId],
        data: { review },
      });
    }
    return row.id;
  });
  const review = await readReview(db, id);
  return { review, subjectId: review.subjectId, published: review.publishedAt !== null };
}

async function readReview(db: Executor, id: string): Promise<Review> {
  const [row] = await selectReviews(db).where(eq(reviews.id, id)).limit(1);
  if (!row) throw reviewNotFound();
  return toReview(row);
}

/** The deal page's reviews: the caller's own, the other's once public, whether the caller may write one. */
export async function dealReviews(db: Executor, viewer: UserRow, dealId: string) {
  const [deal] = await db.select().from(deals).where(eq(deals.id, dealId)).limit(1);
  const party = deal && (deal.proposerId === viewer.id || deal.counterpartyId === viewer.id);
  if (!deal || (!party && viewer.role !== 'admin')) {
    throw new TRPCError({ code: 'NOT_FOUND', message: DEAL_MESSAGES.notFound });
  }
  const rows = (await selectReviews(db).where(eq(reviews.dealId, dealId))).map(toReview);
  const mine = rows.find((r) => r.authorId === viewer.id) ?? null;
  const theirs = rows.find((r) => r.authorId !== viewer.id && r.publishedAt !== null && !r.hidden) ?? null;
  return {
    mine,
    theirs,
    canReview: checkDealAction(
      dealFactsOf(
        deal,
        rows.map((r) => r.authorId),
      ),
      viewer,
      'review',
      new Date(),
    ).ok,
    publishesAt: deal.completedAt
      ? new Date(deal.completedAt.getTime() + REVIEW_LIMITS.publishAfterDays * DAY_MS).toISOString()
      : null,
  };
}

/** The reviewed business replies once to a public review. */
export async function replyToReview(db: Database, user: UserRow, input: ReplyInput): Promise<Review> {
  await db.transaction(async (tx) => {
    const [row] = await tx.select().from(reviews).where(eq(reviews.id, input.id)).for('update');
    if (!row || (row.publishedAt === null && row.subjectId !== user.id) || row.hiddenAt !== null) {
      throw reviewNotFound();
    }
    if (row.subjectId !== user.id)
      throw new TRPCError({ code: 'FORBIDDEN', message: REVIEW_MESSAGES.replyNotYours });
    if (row.publishedAt === null) throw conflict(REVIEW_MESSAGES.replyNotPublic);
    if (row.reply !== null) throw conflict(REVIEW_MESSAGES.alreadyReplied);
    await tx.update(reviews).set({ reply: input.text, repliedAt: new Date() }).where(eq(reviews.id, row.id));
  });
  return readReview(db, input.id);
}

/** Any member reports a public review once (409 for a second report). */
export async function reportReview(db: Database, user: UserRow, input: ReportInput): Promise<void> {
  const [row] = await db
    .select({ id: reviews.id })
    .from(reviews)
    .where(and(eq(reviews.id, input.id), publicReview))
    .limit(1);
  if (!row) throw reviewNotFound();
  const inserted = await db
    .insert(reviewReports)
    .values({ reviewId: row.id, reporterId: user.id, reason: input.reason })
    .onConflictDoNothing()
    .returning({ id: reviewReports.id });
  if (inserted.length === 0) throw conflict(REVIEW_MESSAGES.alreadyReported);
}

/** An admin hides a review with a reason (audit-logged in the same transaction); it leaves the rating. */
export async function hideReview(db: Database, admin: UserRow, input: HideInput): Promise<Review> {
  await db.transaction(async (tx) => {
    const [row] = await tx.select().from(reviews).where(eq(reviews.id, input.id)).for('update');
    if (!row) throw reviewNotFound();
    if (row.hiddenAt !== null) throw conflict('This review is already hidden.');
    await tx
      .update(reviews)
      .set({ hiddenAt: new Date(), hiddenReason: input.reason, hiddenBy: admin.id })
      .where(eq(reviews.id, row.id));
    await writeAudit(tx, {
      actorId: admin.id,
      action: 'hide_review',
      targetType: 'review',
      targetId: row.id,
      before: { hidden: false, rating: row.rating, subjectId: row.subjectId },
      after: { hidden: true, rating: row.rating, subjectId: row.subjectId },
      reason: input.reason,
    });
  });
  return readReview(db, input.id);
}

/** A business's public reviews, newest first, paged; with its rating and count. */
export async function businessReviews(db: Executor, input: BusinessReviewsInput) {
  const size = REVIEW_LIMITS.pageSize;
  const where = and(eq(reviews.subjectId, input.id), publicReview);
  const [rows, ratings] = await Promise.all([
    selectReviews(db)
      .where(where)
      .orderBy(desc(reviews.publishedAt), desc(reviews.id))
      .limit(size)
      .offset((input.page - 1) * size),
    ratingsOf(db, [input.id]),
  ]);
  const stats = ratings.get(input.id) ?? { rating: null, reviewCount: 0 };
  return {
    reviews: rows.map(toReview),
    rating: stats.rating,
    reviewCount: stats.reviewCount,
    page: input.page,
    pages: Math.max(1, Math.ceil(stats.reviewCount / size)),
  };
}

/**
 * The admin's queue: reviews with reports an admin has not dismissed, not hidden, most reported first; each names
 * the reviewed business and every reporter.
 */
export async function reportedReviews(db: Executor) {
  const reports = await db
    .select({
      report: reviewReports,
      reporterFirst: users.firstName,
      reporterLast: users.lastName,
      reporterCompany: users.companyName,
    })
    .from(reviewReports)
    .innerJoin(reviews, eq(reviews.id, reviewReports.reviewId))
    .innerJoin(users, eq(users.id, reviewReports.reporterId))
    .where(and(isNull(reviews.hiddenAt), isNull(reviewReports.dismissedAt)))
    .orderBy(desc(reviewReports.createdAt))
    .limit(500);
  const ids = [...new Set(reports.map((r) => r.report.reviewId))];
  if (ids.length === 0) return { reviews: [] };
  const rows = await selectReviews(db).where(inArray(reviews.id, ids));
  const subjects = await db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      companyName: users.companyName,
    })
    .from(users)
    .where(inArray(users.id, [...new Set(rows.map((row) => row.review.subjectId))]));
  const nameOf = (u: { firstName: string; lastName: string; companyName: string | null }) =>
    u.companyName || `${u.firstName} ${u.lastName}`.trim();
  const subjectNames = new Map(subjects.map((u) => [u.id, nameOf(u)]));
  return {
    reviews: rows
      .map((row) => ({
        ...toReview(row),
        subjectName: subjectNames.get(row.review.subjectId) ?? '',
        reports: reports
          .filter((r) => r.report.reviewId === row.review.id)
          .map((r) => ({
            reason: r.report.reason,
            createdAt: r.report.createdAt.toISOString(),
            reporterId: r.report.reporterId,
            reporterName: nameOf({
              firstName: r.reporterFirst,
              lastName: r.reporterLast,
              companyName: r.reporterCompany,
            }),
          })),
      }))
      .sort((a, b) => b.reports.length - a.reports.length),
  };
}

/**
 * An admin keeps a reported review: its open reports are dismissed (audit-logged in the same transaction) and it
 * leaves the queue; a later report brings it back. 409 when it has no open report.
 */
export async function dismissReviewReports(
  db: Database,
  admin: UserRow,
  input: DismissReportsInput,
): Promise<Review> {
  await db.transaction(async (tx) => {
    const [row] = await tx.select().from(reviews).where(eq(reviews.id, input.id)).for('update');
    if (!row) throw reviewNotFound();
    const dismissed = await tx
      .update(reviewReports)
      .set({ dismissedAt: new Date(), dismissedBy: admin.id })
      .where(and(eq(reviewReports.reviewId, row.id), isNull(reviewReports.dismissedAt)))
      .returning({ id: reviewReports.id });
    if (dismissed.length === 0) throw conflict(REVIEW_MESSAGES.noOpenReports);
    await writeAudit(tx, {
      actorId: admin.id,
      action: 'dismiss_review_reports',
      targetType: 'review',
      targetId: row.id,
      before: { openReports: dismissed.length, hidden: row.hiddenAt !== null },
      after: { openReports: 0, hidden: row.hiddenAt !== null },
      reason: input.reason ?? null,
    });
  });
  return readReview(db, input.id);
}

/**
 * Publishes the reviews whose deal completed 14 days ago or more (the reviews job, every minute). One UPDATE
 * that matches only unpublished rows: a second instance finds nothing left.
 */
export async function publishDueReviews(db: Database): Promise<{ id: string; subjectId: string }[]> {
  return db.transaction(async (tx) => {
    const published = await tx
      .update(reviews)
      .set({ publishedAt: sql`now()` })
      .where(
        and(
          isNull(reviews.publishedAt),
          sql`${reviews.dealId} in (select ${deals.id} from ${deals} where ${deals.completedAt} <= now() - make_interval(days => ${REVIEW_LIMITS.publishAfterDays}))`,
        ),
      )
      .returning({ id: reviews.id, subjectId: reviews.subjectId });
    // Their events in the same transaction: published and told, or neither.
    await writeReviewsPublished(
      tx,
      published.map((r) => r.id),
      SYSTEM_ACTOR,
    );
    return published;
  });
}

/**
 * `review.published` for each review made public (both of a deal together, or one after the blind window), in the
 * transaction that published it: the review as the API answers it, the deal's two parties as its audience (admins
 * read all).
 */
async function writeReviewsPublished(tx: Executor, ids: readonly string[], actor: EventActor): Promise<void> {
  if (ids.length === 0) return;
  const rows = await selectReviews(tx)
    .where(inArray(reviews.id, [...ids]))
    .orderBy(reviews.createdAt, reviews.id);
  for (const row of rows) {
    const review = toReview(row);
    await writeEvent(tx, {
      type: 'review.published',
      actor,
      resourceType: 'review',
      resourceId: review._id,
      audience: [review.authorId, review.subjectId],
      data: { review },
    });
  }
}
