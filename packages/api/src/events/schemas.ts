import { EVENT_TYPES } from '@barterads/core';
import type { EventRow } from '@barterads/db';
import { z } from 'zod';

export { EVENT_TYPES };

const TYPES_MESSAGE = `types is a comma-separated list of: ${EVENT_TYPES.join(', ')}.`;

export const ListEventsInput = z
  .object({
    /** Events after this sequence (0: from the start). */
    after: z.coerce.number({ error: 'after must be a sequence number.' }).int().min(0).default(0),
    types: z
      .union([z.string(), z.array(z.string())])
      .optional()
      .transform((value) =>
        (Array.isArray(value) ? value : (value ?? '').split(','))
          .map((t) => t.trim())
          .filter((t) => t !== ''),
      )
      .pipe(z.array(z.enum(EVENT_TYPES, { error: TYPES_MESSAGE }))),
    limit: z.coerce.number().int().min(1).max(100).default(100),
  })
  .prefault({});
export type ListEventsInput = z.infer<typeof ListEventsInput>;

export const EventView = z.object({
  id: z.string(),
  type: z.string(),
  sequence: z.number().int(),
  createdAt: z.string(),
  actor: z.object({ kind: z.enum(['user', 'admin', 'api_key', 'system']), id: z.string().nullable() }),
  data: z.record(z.string(), z.unknown()),
});
export type EventView = z.infer<typeof EventView>;

export const ListEventsResult = z.object({
  events: z.array(EventView),
  /** Pass as `after` for the next page (the last event's sequence; `after` again when there was none). */
  nextAfter: z.number().int(),
});

/** An event as the API (and a webhook's body) shows it. */
export function toEventView(row: EventRow): EventView {
  return {
    id: row.id,
    type: row.type,
    sequence: row.sequence,
    createdAt: row.createdAt.toISOString(),
    actor: { kind: row.actorKind, id: row.actorId },
    data: row.data as Record<string, unknown>,
  };
}
