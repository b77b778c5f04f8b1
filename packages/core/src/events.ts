/**
 * The partner event types (product-spec-3 section 2): what GET /api/events filters by and a webhook endpoint
 * subscribes to; the API and the /settings form both read this list.
 */
export const EVENT_TYPES = [
  'deal.proposed',
  'deal.countered',
  'deal.accepted',
  'deal.declined',
  'deal.withdrawn',
  'deal.expired',
  'deal.cancelled',
  'deliverable.delivered',
  'deliverable.accepted',
  'deliverable.disputed',
  'dispute.resolved',
  'leg.draft_ready',
  'leg.issued',
  'leg.due_soon',
  'circle.proposed',
  'circle.accepted',
  'circle.lapsed',
  'review.published',
  'listing.created',
  'listing.updated',
  'listing.archived',
  'verification.decided',
  'match.found',
] as const;
export type EventType = (typeof EVENT_TYPES)[number];
