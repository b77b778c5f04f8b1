import { MEDIA_CATEGORY_IDS, SEARCH_SORTS, USER_TYPES } from '@barterads/core';
import * as z from 'zod/mini';

const rupees = z.number().check(z.int(), z.minimum(0), z.maximum(1_000_000_000));
const isoDate = z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/));

/** The marketplace's URL state: search text, owner view (spec: `view`), category, verified businesses only,
 * city, rate range, availability dates and the order: every filter, so a link or a reload shows the same results. */
export const MarketplaceSearch = z.object({
  q: z.catch(z.optional(z.string().check(z.trim(), z.maxLength(200))), undefined),
  view: z.catch(z.optional(z.enum(USER_TYPES)), undefined),
  category: z.catch(z.optional(z.enum(MEDIA_CATEGORY_IDS)), undefined),
  /** "Verified businesses only": listings of GST-verified businesses. */
  verifiedOnly: z.catch(z.optional(z.boolean()), undefined),
  /** A city of the checked-in list by its name ("Pune"); the server refuses others. */
  city: z.catch(z.optional(z.string().check(z.trim(), z.minLength(1), z.maxLength(80))), undefined),
  /** The cash rate card per unit, in whole rupees, from and up to. */
  rateMin: z.catch(z.optional(rupees), undefined),
  rateMax: z.catch(z.optional(rupees), undefined),
  /** Available at some time between these dates (YYYY-MM-DD). */
  availableFrom: z.catch(z.optional(isoDate), undefined),
  availableTo: z.catch(z.optional(isoDate), undefined),
  /** newest, relevance (best match for the words), rate_asc, rate_desc. */
  sort: z.catch(z.optional(z.enum(SEARCH_SORTS)), undefined),
  /** The results as cards (the default) or pins on a map. */
  display: z.catch(z.optional(z.enum(['list', 'map'])), undefined),
});
export type MarketplaceSearch = z.infer<typeof MarketplaceSearch>;

/** Where to go after signing in: only same-site paths are followed. */
export const RedirectSearch = z.object({ redirect: z.catch(z.optional(z.string()), undefined) });
