import { defineRoutes, type RestRequest } from '../route';

/** The body's fields plus the `:id` of the path. */
function bodyWithId(request: RestRequest): unknown {
  const body = request.body && typeof request.body === 'object' ? request.body : {};
  return { ...body, id: request.params.id };
}

/** Business verification (product-spec-2 section 4; contract, part two paths). */
export const businessRoutes = defineRoutes([
  {
    method: 'GET',
    path: '/api/auth/me/verification',
    procedure: 'businesses.myVerification',
    summary:
      "The signed-in user's business verification: status (unverified, pending, verified, rejected), the latest submission with the reason when rejected, and every submission",
    tag: 'Businesses',
    auth: 'bearer',
  },
  {
    method: 'GET',
    path: '/api/admin/verifications',
    procedure: 'businesses.verifications',
    summary:
      'Verification submissions, pending first (oldest first), then the rest newest first; query status, businessId (one business history), limit, offset',
    tag: 'Admin',
    auth: 'admin',
  },
  {
    method: 'POST',
    path: '/api/admin/verifications/:id/decide',
    procedure: 'businesses.decideVerification',
    summary:
      'Approve a pending submission, or reject it with a reason (required); audit-logged, and the business is told by e-mail',
    tag: 'Admin',
    auth: 'admin',
    input: bodyWithId,
  },
]);
