import { z } from 'zod';
import { router, sessionOnlyProcedure } from '../trpc';
import { createApiKey, hasApiAccess, listApiKeys, revokeApiKey, toApiKey } from './api-keys';
import { ApiKeysResult, CreateApiKeyInput, CreateApiKeyResult, RevokeApiKeyInput } from './schemas';

/** The account's REST API keys: managed with a signed-in session only, never with a key. */
export const apiKeysRouter = router({
  list: sessionOnlyProcedure.output(ApiKeysResult).query(async ({ ctx }) => {
    const db = ctx.services.database.db;
    const [rows, apiAccess] = await Promise.all([
      listApiKeys(db, ctx.user.id),
      hasApiAccess(db, ctx.user.id),
    ]);
    return { apiKeys: rows.map(toApiKey), apiAccess };
  }),
  create: sessionOnlyProcedure
    .input(CreateApiKeyInput)
    .output(CreateApiKeyResult)
    .mutation(async ({ ctx, input }) => {
      const { row, secret } = await createApiKey(ctx.services.database.db, ctx.user.id, input);
      return { apiKey: toApiKey(row), secret };
    }),
  revoke: sessionOnlyProcedure
    .input(RevokeApiKeyInput)
    .output(z.void())
    .mutation(async ({ ctx, input }) => {
      await revokeApiKey(ctx.services.database.db, ctx.user.id, input.id);
    }),
});
