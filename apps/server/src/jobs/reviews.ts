import { type ApiServices, EVENT_DISPATCH_JOB, publishDueReviews, type RecurringJob } from '@barterads/api';

export const REVIEWS_JOB = 'reviews';

/**
 * Publishes reviews whose deal was completed 14 days ago or more (the other party never wrote theirs), every
 * minute on the job queue. The state is the reviews' `published_at`: one UPDATE matching only unpublished rows.
 */
export function reviewsJob(services: ApiServices): RecurringJob {
  return {
    name: REVIEWS_JOB,
    async run() {
      const published = await publishDueReviews(services.database.db);
      if (published.length > 0) {
        services.logger.info({ published: published.length }, 'reviews job');
        // Their `review.published` events committed with them: deliver now, not at the dispatcher's minute.
        services.jobs?.wake(EVENT_DISPATCH_JOB);
      }
    },
  };
}
