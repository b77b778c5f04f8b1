import { MEDIA_CATEGORY_IDS, USER_TYPES } from '@barterads/core';
import {
  SAVED_SEARCH_FREQUENCIES,
  SAVED_SEARCH_MESSAGES,
  SAVED_SEARCHES,
} from '@barterads/core/saved-searches';
import { z } from 'zod';
import { SearchListingsInput } from '../listings/schemas';

/** The filters a saved search keeps: the marketplace's own, without paging or sort. */
export const SavedSearchQueryOutput = z.object({
  q: z.string().optional(),
  category: z.enum(MEDIA_CATEGORY_IDS).optional(),
  ownerRole: z.enum(USER_TYPES).optional(),
  city: z.string().optional(),
  verifiedOnly: z.boolean().optional(),
  rateMin: z.number().optional(),
  rateMax: z.number().optional(),
  availableFrom: z.string().optional(),
  availableTo: z.string().optional(),
});
export type SavedSearchQuery = z.infer<typeof SavedSearchQueryOutput>;

/**
 * A saved search's `query`, validated by the marketplace's SearchListingsInput (the same messages, the same city
 * names, `view` as ownerRole) and reduced to its filters.
 */
export const SavedSearchQuery = z.unknown().transform((value, ctx): SavedSearchQuery => {
  const source = value === undefined || value === null ? {} : value;
  if (typeof source !== 'object' || Array.isArray(source)) {
    ctx.addIssue({ code: 'custom', message: 'query must be an object of marketplace filters.' });
    return z.NEVER;
  }
  const parsed = SearchListingsInput.safeParse(source);
  if (!parsed.success) {
    for (const issue of parsed.error.issues)
      ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path.map(String) });
    return z.NEVER;
  }
  const d = parsed.data;
  const query: SavedSearchQuery = {};
  if (d.q) query.q = d.q;
  if (d.category) query.category = d.category;
  if (d.ownerRole) query.ownerRole = d.ownerRole;
  if (d.city) query.city = d.city;
  if (d.verifiedOnly) query.verifiedOnly = true;
  if (d.rateMin !== undefined) query.rateMin = d.rateMin;
  if (d.rateMax !== undefined) query.rateMax = d.rateMax;
  if (d.availableFrom) query.availableFrom = d.availableFrom;
  if (d.availableTo) query.availableTo = d.availableTo;
  return query;
});

const Name = z
  .string({ error: SAVED_SEARCH_MESSAGES.name })
  .trim()
  .min(1, SAVED_SEARCH_MESSAGES.name)
  .max(SAVED_SEARCHES.nameMax, `The name can be at most ${SAVED_SEARCHES.nameMax} characters.`);
const Frequency = z.enum(SAVED_SEARCH_FREQUENCIES, {
  error: `frequency must be one of ${SAVED_SEARCH_FREQUENCIES.join(', ')}.`,
});
const SavedSearchId = z.uuid({ error: SAVED_SEARCH_MESSAGES.notFound });

export const CreateSavedSearchInput = z.object({
  name: Name,
  query: SavedSearchQuery,
  frequency: Frequency.default('daily'),
});
export type CreateSavedSearchInput = z.output<typeof CreateSavedSearchInput>;

export const UpdateSavedSearchInput = z.object({
  id: SavedSearchId,
  name: Name.optional(),
  query: SavedSearchQuery.optional(),
  frequency: Frequency.optional(),
});
export type UpdateSavedSearchInput = z.output<typeof UpdateSavedSearchInput>;

export const SavedSearchIdInput = z.object({ id: SavedSearchId });

export const SavedSearchOutput = z.object({
  id: z.string(),
  name: z.string(),
  query: SavedSearchQueryOutput,
  frequency: Frequency,
  lastAlertedAt: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type SavedSearchOutput = z.infer<typeof SavedSearchOutput>;

export const SavedSearchResult = z.object({ savedSearch: SavedSearchOutput });
export const SavedSearchesResult = z.object({ savedSearches: z.array(SavedSearchOutput) });
