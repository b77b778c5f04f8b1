import { bigserial, index, pgTable, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { listingEventKind } from './enums';
import { listings } from './listings';
import { users } from './users';

/** Views and contact clicks of a listing, for the owner's dashboard figures. */
export const listingEvents = pgTable(
  'listing_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    listingId: uuid('listing_id')
      .notNull()
      .references(() => listings.id, { onDelete: 'cascade' }),
    kind: listingEventKind('kind').notNull(),
    viewerId: uuid('viewer_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('listing_events_listing_kind_created_idx').on(t.listingId, t.kind, t.createdAt)],
);
