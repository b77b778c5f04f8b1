import { API_KEY_SCOPES } from '@barterads/core';
import { z } from 'zod';

export const ApiKey = z.object({
  id: z.string(),
  name: z.string(),
  /** The key's first characters, shown to tell keys apart (the secret is never shown again). */
  prefix: z.string(),
  scope: z.enum(API_KEY_SCOPES),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
});
export type ApiKey = z.infer<typeof ApiKey>;

export const CreateApiKeyInput = z.object({
  name: z
    .string({ error: 'Give the key a name.' })
    .trim()
    .min(1, 'Give the key a name.')
    .max(60, 'The name can be at most 60 characters.'),
  scope: z.enum(API_KEY_SCOPES, { error: 'scope must be read or read_write.' }),
});
export type CreateApiKeyInput = z.infer<typeof CreateApiKeyInput>;

export const CreateApiKeyResult = z.object({
  apiKey: ApiKey,
  /** The whole key, shown once: only its hash is stored. */
  secret: z.string(),
});

export const ApiKeysResult = z.object({ apiKeys: z.array(ApiKey), apiAccess: z.boolean() });

export const RevokeApiKeyInput = z.object({ id: z.string().min(1).max(64) });
