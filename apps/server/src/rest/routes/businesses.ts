import { DOCUMENT_TYPES } from '@barterads/api';
import { VERIFICATION_LIMITS } from '@barterads/core';
import { defineRoutes, type RestRequest } from '../route';

/** The body's fields plus the `:id` of the path. */
function bodyWithId(request: RestRequest): unknown {
  const body = request.body && typeof request.body === 'object' ? request.body : {};
  return { ...body, id: request.params.id };
}

/** Business verification (product-spec-2 section 4; contract, part two paths). */
export const businessRoutes = defineRoutes([
  {
    method: 'POST',
    path: '/api/auth/me/verification',
    procedure: 'businesses.submitVerification',
    summary:
      "Verify your business: multipart gstin, legalName, pan (optional; characters 3-12 of the GSTIN), udyam (optional, UDYAM-XX-00-0000000) and certificate (the GST registration certificate: PDF, JPEG, PNG or WebP up to 10 MB, checked by content; 415 otherwise, 413 when too large). The GSTIN is checked offline first (400 with the failing check's message). The business becomes pending; a pending submission is replaced",
    tag: 'Businesses',
    auth: 'bearer',
    status: 201,
    multipart: {
      fileFields: ['certificate'],
      maxFiles: 1,
      accept: DOCUMENT_TYPES,
      maxBytes: VERIFICATION_LIMITS.certificateMaxBytes,
      textFields: ['gstin', 'legalName', 'pan', 'udyam'],
    },
    input: (request) => ({ ...(request.body as object), certificate: request.files[0] }),
  },
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
