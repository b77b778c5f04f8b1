import { DOCUMENT_TYPES } from '@barterads/api';
import { DELIVERY_LIMITS } from '@barterads/core';
import { defineRoutes, type RestRequest } from '../route';

/** The body's fields plus the `:id` of the path. */
function bodyWithId(request: RestRequest): unknown {
  const body = request.body && typeof request.body === 'object' ? request.body : {};
  return { ...body, id: request.params.id };
}

/** The body's fields plus the `:id` and `:itemId` of the path. */
function bodyWithItem(request: RestRequest): unknown {
  const body = request.body && typeof request.body === 'object' ? request.body : {};
  return { ...body, id: request.params.id, itemId: request.params.itemId };
}

/** Deals (product-spec-2 section 2; contract, part two paths). The letter PDF is served by deal-letter-route.ts. */
/** A deliverable's files, for its proof and for a dispute's evidence: up to 10 photos or PDFs, 10 MB each. */
const PROOF_FILES = {
  fileFields: ['files'],
  maxFiles: DELIVERY_LIMITS.maxProofFiles,
  accept: DOCUMENT_TYPES,
  maxBytes: DELIVERY_LIMITS.proofMaxBytes,
};
const withFiles = (request: RestRequest) => ({
  ...(bodyWithItem(request) as object),
  files: request.files,
});

export const dealRoutes = defineRoutes([
  {
    method: 'POST',
    path: '/api/deals',
    procedure: 'deals.propose',
    summary:
      "Propose a deal from an active listing that is not yours: listingId, items [{ giverId, listingId?, title, quantity, unit, startDate?, endDate?, valueInr }] with at least one item per side, message?, openDays (3, 7, 14 or 30; default 7). The listing's owner answers. 400 for a deal with yourself, 409 for an archived listing or an owner who cannot take offers, 403 at your plan's monthly deal limit",
    tag: 'Deals',
    auth: 'bearer',
    status: 201,
  },
  {
    method: 'GET',
    path: '/api/deals',
    procedure: 'deals.list',
    summary:
      'Your deals, latest activity first: query status (a deal state, or awaiting: the open offers waiting for your answer), cursor, limit. Also counts per state and awaitingMe. An open offer past its period reads as expired',
    tag: 'Deals',
    auth: 'bearer',
  },
  {
    method: 'GET',
    path: '/api/deals/:id',
    procedure: 'deals.get',
    summary: 'A deal and every version with its items; the two parties and admins only (404 otherwise)',
    tag: 'Deals',
    auth: 'bearer',
    input: (request) => ({ id: request.params.id }),
  },
  {
    method: 'POST',
    path: '/api/deals/:id/counter',
    procedure: 'deals.counter',
    summary:
      'Counter with new items, message?, openDays: a new numbered version, and the turn passes. 409 out of turn, after the 10th version, or when the deal is no longer open or expired',
    tag: 'Deals',
    auth: 'bearer',
    input: bodyWithId,
  },
  {
    method: 'POST',
    path: '/api/deals/:id/accept',
    procedure: 'deals.accept',
    summary:
      'Accept the version named (version): 409 "The terms changed. Review the latest version." when a newer one exists, 409 out of turn; 403 at your plan\'s monthly deal limit (naming plan, limit and reset date). The deal gets its number BA-YYYY-NNNNNN and each party\'s commission',
    tag: 'Deals',
    auth: 'bearer',
    input: bodyWithId,
  },
  {
    method: 'POST',
    path: '/api/deals/:id/decline',
    procedure: 'deals.decline',
    summary: 'Decline the offer whose turn is yours, with an optional reason',
    tag: 'Deals',
    auth: 'bearer',
    input: bodyWithId,
  },
  {
    method: 'POST',
    path: '/api/deals/:id/withdraw',
    procedure: 'deals.withdraw',
    summary: "Withdraw your latest offer while it is the other side's turn",
    tag: 'Deals',
    auth: 'bearer',
    input: (request) => ({ id: request.params.id }),
  },
  {
    method: 'POST',
    path: '/api/deals/:id/commission/order',
    procedure: 'deals.commissionOrder',
    summary:
      "A Razorpay order for your commission on an accepted deal: the amount is the commission fixed at acceptance (your plan's rate of the value you receive, in paise), never the client's. 409 before acceptance or when paid; 503 when payments are not configured",
    tag: 'Deals',
    auth: 'bearer',
    input: (request) => ({ id: request.params.id }),
  },
  {
    method: 'POST',
    path: '/api/deals/:id/commission/verify',
    procedure: 'deals.verifyCommission',
    summary:
      "Checkout's success answer for a commission order (razorpay_order_id, razorpay_payment_id, razorpay_signature): the signature is checked and the commission marked paid once; the webhook does the same",
    tag: 'Deals',
    auth: 'bearer',
    input: bodyWithId,
  },
  {
    method: 'GET',
    path: '/api/admin/deals',
    procedure: 'deals.adminList',
    summary:
      'Every deal, latest activity first: query status (a deal state), cursor, limit (default 50, max 100)',
    tag: 'Admin',
    auth: 'admin',
  },
  {
    method: 'POST',
    path: '/api/admin/deals/:id/cancel',
    procedure: 'deals.adminCancel',
    summary:
      'Cancel an open, accepted or disputed deal with a reason (required); audit-logged in the same transaction. 409 for a deal already closed',
    tag: 'Admin',
    auth: 'admin',
    input: bodyWithId,
  },
  {
    method: 'POST',
    path: '/api/deals/:id/items/:itemId/deliver',
    procedure: 'deals.deliver',
    summary:
      'The giver marks a pending item of an accepted deal delivered with proof: multipart files (up to 10 photos or PDFs, 10 MB each, checked by content: 415 otherwise, 413 when too large or too many), note?, link?; at least one file or a link (400). Photos are stored without their metadata (EXIF, GPS). 403 for the receiver, 404 for a non-party, 409 when the item is not pending',
    tag: 'Deals',
    auth: 'bearer',
    multipart: { ...PROOF_FILES, textFields: ['note', 'link'] },
    input: withFiles,
  },
  {
    method: 'POST',
    path: '/api/deals/:id/items/:itemId/accept',
    procedure: 'deals.acceptDelivery',
    summary:
      "The receiver accepts a delivered item; the deal is completed when every item is accepted. 403 for the giver, 404 for a non-party, 409 when the item is not awaiting the receiver's answer",
    tag: 'Deals',
    auth: 'bearer',
    input: bodyWithItem,
  },
  {
    method: 'POST',
    path: '/api/deals/:id/items/:itemId/dispute',
    procedure: 'deals.dispute',
    summary:
      'The receiver disputes a delivered item within 7 days of its delivery: reason (not_delivered, partly_delivered, not_as_agreed) and details; the deal becomes disputed. 409 after the 7 days or when the item is not delivered',
    tag: 'Deals',
    auth: 'bearer',
    input: bodyWithItem,
  },
  {
    method: 'POST',
    path: '/api/deals/:id/items/:itemId/dispute-evidence',
    procedure: 'deals.disputeEvidence',
    summary:
      'The receiver adds evidence to its open dispute of an item: multipart files (photos or PDFs, up to 10 a dispute, 10 MB each, checked by content: 415 otherwise, 413 when too large or too many). Photos are stored without their metadata. Parties and admins see them on the deal (`evidence` of the deliverable). 403 for the giver, 404 for a non-party, 409 when the item is not in dispute',
    tag: 'Deals',
    auth: 'bearer',
    multipart: { ...PROOF_FILES, textFields: [] },
    input: withFiles,
  },
  {
    method: 'POST',
    path: '/api/admin/deals/:id/resolve',
    procedure: 'deals.adminResolve',
    summary:
      'Decide a disputed item: itemId, outcome (redeliver: back to pending; accept; cancel_deal), note (required); audit-logged, both parties told. 409 when the item is not in dispute',
    tag: 'Admin',
    auth: 'admin',
    input: bodyWithId,
  },
  {
    method: 'GET',
    path: '/api/admin/deals/:id/record',
    procedure: 'deals.adminRecord',
    summary:
      "A deal's whole record for deciding a dispute: the deal with its items, deliverables and proof, every version, the delivery timeline and the deal's thread",
    tag: 'Admin',
    auth: 'admin',
    input: (request) => ({ id: request.params.id }),
  },
  {
    method: 'POST',
    path: '/api/deals/:id/reviews',
    procedure: 'reviews.create',
    summary:
      'Review the other party of a completed deal: rating (1 to 5) and text (up to 2,000 characters). Hidden until both parties have written or 14 days after completion. 404 for a non-party, 409 before completion or for a second review',
    tag: 'Deals',
    auth: 'bearer',
    status: 201,
    input: bodyWithId,
  },
]);
