import { authedProcedure, router } from '../trpc';
import { createSavedSearch, deleteSavedSearch, listSavedSearches, updateSavedSearch } from './saved-searches';
import {
  CreateSavedSearchInput,
  SavedSearchesResult,
  SavedSearchIdInput,
  SavedSearchResult,
  UpdateSavedSearchInput,
} from './schemas';

/** Saved searches (product-spec-2 section 5): the marketplace's filters kept by name, with e-mail alerts. */
export const savedSearchesRouter = router({
  list: authedProcedure.output(SavedSearchesResult).query(async ({ ctx }) => ({
    savedSearches: await listSavedSearches(ctx.services.database.db, ctx.user.id),
  })),

  create: authedProcedure
    .input(CreateSavedSearchInput)
    .output(SavedSearchResult)
    .mutation(async ({ ctx, input }) => ({
      savedSearch: await createSavedSearch(ctx.services.database.db, ctx.user.id, input),
    })),

  update: authedProcedure
    .input(UpdateSavedSearchInput)
    .output(SavedSearchResult)
    .mutation(async ({ ctx, input }) => ({
      savedSearch: await updateSavedSearch(ctx.services.database.db, ctx.user.id, input),
    })),

  delete: authedProcedure
    .input(SavedSearchIdInput)
    .output(SavedSearchResult)
    .mutation(async ({ ctx, input }) => ({
      savedSearch: await deleteSavedSearch(ctx.services.database.db, ctx.user.id, input.id),
    })),
});
