import { MEDIA_CATEGORY_IDS, USER_TYPES } from '@barterads/core';
import * as z from 'zod/mini';

/** The marketplace's URL state: search text, owner view (spec: `view`), category, verified businesses only. */
export const MarketplaceSearch = z.object({
  q: z.catch(z.optional(z.string().check(z.trim(), z.maxLength(200))), undefined),
  view: z.catch(z.optional(z.enum(USER_TYPES)), undefined),
  category: z.catch(z.optional(z.enum(MEDIA_CATEGORY_IDS)), undefined),
  /** "Verified businesses only": listings of GST-verified businesses. */
  verifiedOnly: z.catch(z.optional(z.boolean()), undefined),
});
export type MarketplaceSearch = z.infer<typeof MarketplaceSearch>;

/** Where to go after signing in: only same-site paths are followed. */
export const RedirectSearch = z.object({ redirect: z.catch(z.optional(z.string()), undefined) });
