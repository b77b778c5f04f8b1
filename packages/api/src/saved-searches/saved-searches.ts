import { SAVED_SEARCH_MESSAGES, SAVED_SEARCHES } from '@barterads/core/saved-searches';
import { type Database, type SavedSearchRow, savedSearches, users } from '@barterads/db';
import { TRPCError } from '@trpc/server';
import { and, asc, count, eq } from 'drizzle-orm';
import {
  type CreateSavedSearchInput,
  type SavedSearchOutput,
  SavedSearchQueryOutput,
  type UpdateSavedSearchInput,
} from './schemas';

export function toSavedSearchOutput(row: SavedSearchRow): SavedSearchOutput {
  return {
    id: row.id,
    name: row.name,
    query: SavedSearchQueryOutput.parse(row.query),
    frequency: row.frequency,
    lastAlertedAt: row.lastAlertedAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The caller's saved searches, oldest first (the order they were saved). */
export async function listSavedSearches(db: Database, userId: string): Promise<SavedSearchOutput[]> {
  const rows = await db
    .select()
    .from(savedSearches)
    .where(eq(savedSearches.userId, userId))
    .orderBy(asc(savedSearches.createdAt), asc(savedSearches.id));
  return rows.map(toSavedSearchOutput);
}

/**
 * Saves a search; at most SAVED_SEARCHES.maxPerUser per member. The member's row is locked first, so concurrent
 * saves count one after another and cannot pass the limit together.
 */
export async function createSavedSearch(
  db: Database,
  userId: string,
  input: CreateSavedSearchInput,
): Promise<SavedSearchOutput> {
  return db.transaction(async (tx) => {
    const [owner] = await tx
      .select({ id: users.id })
      .from(users)
      .where(eq(users.id, userId))
      .for('no key update');
    if (!owner) throw new TRPCError({ code: 'UNAUTHORIZED', message: 'Please sign in.' });
    const [held] = await tx
      .select({ n: count() })
      .from(savedSearches)
      .where(eq(savedSearches.userId, userId));
    if ((held?.n ?? 0) >= SAVED_SEARCHES.maxPerUser)
      throw new TRPCError({ code: 'CONFLICT', message: SAVED_SEARCH_MESSAGES.limit });
    const [row] = await tx
      .insert(savedSearches)
      .values({ userId, name: input.name, query: input.query, frequency: input.frequency })
      .returning();
    if (!row) throw new Error('saved search insert returned no row');
    return toSavedSearchOutput(row);
  });
}

/** Renames, re-filters or changes the frequency of one of the caller's saved searches (404 for anyone else's). */
export async function updateSavedSearch(
  db: Database,
  userId: string,
  input: UpdateSavedSearchInput,
): Promise<SavedSearchOutput> {
  const changes: Partial<Pick<SavedSearchRow, 'name' | 'query' | 'frequency' | 'lastAlertedAt'>> = {};
  if (input.name !== undefined) changes.name = input.name;
  if (input.query !== undefined) {
    changes.query = input.query;
    // New filters: only listings posted from now on are new to them.
    changes.lastAlertedAt = new Date();
  }
  if (input.frequency !== undefined) changes.frequency = input.frequency;
  const where = and(eq(savedSearches.id, input.id), eq(savedSearches.userId, userId));
  const [row] =
    Object.keys(changes).length === 0
      ? await db.select().from(savedSearches).where(where)
      : await db
          .update(savedSearches)
          .set({ ...changes, updatedAt: new Date() })
          .where(where)
          .returning();
  if (!row) throw new TRPCError({ code: 'NOT_FOUND', message: SAVED_SEARCH_MESSAGES.notFound });
  return toSavedSearchOutput(row);
}

export async function deleteSavedSearch(
  db: Database,
  userId: string,
  id: string,
): Promise<SavedSearchOutput> {
  const [row] = await db
    .delete(savedSearches)
    .where(and(eq(savedSearches.id, id), eq(savedSearches.userId, userId)))
    .returning();
  if (!row) throw new TRPCError({ code: 'NOT_FOUND', message: SAVED_SEARCH_MESSAGES.notFound });
  return toSavedSearchOutput(row);
}
