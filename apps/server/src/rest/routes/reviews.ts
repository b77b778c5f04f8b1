import { defineRoutes, type RestRequest } from '../route';

/** The body's fields plus the `:id` of the path. */
function bodyWithId(request: RestRequest): unknown {
  const body = request.body && typeof request.body === 'object' ? request.body : {};
  return { ...body, id: request.params.id };
}

/**
 * Reviews beyond their creation (`POST /api/deals/:id/reviews` is with the deal rows): the reviewed business's one
 * reply, a member's report, and the admin's queue of reported reviews and hiding with a reason.
 */
export const reviewRoutes = defineRoutes([
  {
    method: 'POST',
    path: '/api/reviews/:id/reply',
    procedure: 'reviews.reply',
    summary:
      'The reviewed business replies once to a public review: text (up to the reply limit). 403 for anyone else, 409 for a second reply or a review not yet public, 404 for an unknown or hidden review',
    tag: 'Reviews',
    auth: 'bearer',
    input: bodyWithId,
  },
  {
    method: 'POST',
    path: '/api/reviews/:id/report',
    procedure: 'reviews.report',
    summary:
      'Report a public review to the admins: reason. Answers { reported: true }; 409 when you already reported it, 404 for a review that is not public',
    tag: 'Reviews',
    auth: 'bearer',
    input: bodyWithId,
  },
  {
    method: 'GET',
    path: '/api/admin/reviews/reported',
    procedure: 'reviews.adminReported',
    summary:
      'Reported reviews not yet hidden and whose reports an admin has not dismissed, most reported first, each naming the reviewed business (subjectName) and its reports (reason, time, reporter and reporterName)',
    tag: 'Admin',
    auth: 'admin',
  },
  {
    method: 'POST',
    path: '/api/admin/reviews/:id/hide',
    procedure: 'reviews.adminHide',
    summary:
      'Hide a review with a reason (required): it leaves the business page and its rating; audit-logged. 409 when it is already hidden',
    tag: 'Admin',
    auth: 'admin',
    input: bodyWithId,
  },
  {
    method: 'POST',
    path: '/api/admin/reviews/:id/dismiss-reports',
    procedure: 'reviews.adminDismissReports',
    summary:
      'Keep a reported review: its open reports are dismissed (reason optional, for the audit log) and it leaves the queue until reported again; audit-logged. 409 when it has no open report',
    tag: 'Admin',
    auth: 'admin',
    input: bodyWithId,
  },
]);
