import {
  EXCHANGE_FIELD_DESCRIPTION,
  hasControlCharacters,
  LANGUAGES,
  LIMITS,
  LISTING_LOCAL_LANGUAGES,
  LISTING_STATUSES,
  MEDIA_CATEGORY_IDS,
  MESSAGES,
  normalizeCategory,
  normalizePhone,
  parseUserType,
  SEARCH_SORTS,
  USER_TYPES,
} from '@barterads/core';
import {
  cityFromText,
  cityLabel,
  findCity,
  INVENTORY_MESSAGES,
  inventoryFields,
  inventoryIssues,
  isoDate,
  LISTING_FORM_MESSAGES,
  LISTING_UNITS,
  parseAttributes,
} from '@barterads/core/inventory';
import { z } from 'zod';
import { UploadedFileField } from '../storage/uploads';

/** Empty strings and null mean "not given" for the optional listing fields. */
function blankToNull(value: unknown): unknown {
  if (value === undefined || value === null) return null;
  if (typeof value === 'string' && value.trim() === '') return null;
  return value;
}

const required = (max: number) =>
  z
    .string({ error: MESSAGES.listingRequired })
    .trim()
    .min(1, MESSAGES.listingRequired)
    .max(max, `Please keep it under ${max} characters.`);

/** A one-line field: no line breaks or control characters. */
const singleLine = (max: number) =>
  required(max).refine((value) => !hasControlCharacters(value), MESSAGES.controlCharacters);

const optionalText = (max: number) =>
  z.preprocess(blankToNull, z.string().trim().max(max, `Please keep it under ${max} characters.`).nullable());

export const CategoryField = z.preprocess(
  (value) => normalizeCategory(blankToNull(value)),
  z.enum(MEDIA_CATEGORY_IDS, { error: 'Please choose a valid category.' }).nullable(),
);

/** An optional picture address: http or https only. */
export const ImageField = z.preprocess(
  blankToNull,
  z
    .string({ error: MESSAGES.invalidImageUrl })
    .trim()
    .max(LIMITS.listingImageUrlMax, MESSAGES.invalidImageUrl)
    .refine((value) => {
      try {
        const url = new URL(value);
        return url.protocol === 'http:' || url.protocol === 'https:';
      } catch {
        return false;
      }
    }, MESSAGES.invalidImageUrl)
    .nullable(),
);

/** An optional WhatsApp number, normalized like sign-up's. */
export const ContactPhoneField = z.preprocess(
  blankToNull,
  z
    .string({ error: MESSAGES.invalidPhone })
    .max(40, MESSAGES.invalidPhone)
    .transform((value, ctx) => {
      const result = normalizePhone(value);
      if (!result.ok) {
        ctx.addIssue({ code: 'custom', message: result.message });
        return z.NEVER;
      }
      return result.phone;
    })
    .nullable(),
);

/** The language of a listing's second version: `hi` or `mr` (null or empty: none). */
export const LocalLanguageField = z.preprocess(
  blankToNull,
  z.enum(LISTING_LOCAL_LANGUAGES, { error: LISTING_FORM_MESSAGES.localLanguage }).nullable(),
);

/** An optional one-line text: no line breaks or control characters (null or empty: none). */
const optionalLine = (max: number) =>
  z.preprocess(
    blankToNull,
    z
      .string()
      .trim()
      .max(max, `Please keep it under ${max} characters.`)
      .refine((value) => !hasControlCharacters(value), MESSAGES.controlCharacters)
      .nullable(),
  );

/** A listing's Hindi or Marathi version, as far as it is given. */
interface LocalVersion {
  localLanguage?: string | null;
  localTitle?: string | null;
  localDescription?: string | null;
}

/**
 * The rules of a listing's second version, on the listing as it will be: a description needs its title, and a title
 * its language; a language without a title is no version (dropped, so the form may always send its choice).
 */
export function localVersionIssues(value: LocalVersion): Array<{ path: string[]; message: string }> {
  const issues: Array<{ path: string[]; message: string }> = [];
  if (value.localDescription && !value.localTitle)
    issues.push({ path: ['localTitle'], message: LISTING_FORM_MESSAGES.localTitle });
  if (value.localTitle && !value.localLanguage)
    issues.push({ path: ['localLanguage'], message: LISTING_FORM_MESSAGES.localLanguage });
  return issues;
}

function checkLocalVersion(value: LocalVersion, ctx: z.RefinementCtx): void {
  for (const issue of localVersionIssues(value))
    ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
}

const listingFields = {
  title: singleLine(LIMITS.listingTitleMax),
  location: singleLine(LIMITS.listingLocationMax),
  description: required(LIMITS.listingDescriptionMax),
  category: CategoryField.optional(),
  image: ImageField.optional(),
  seeking: optionalText(LIMITS.listingSeekingMax).optional().describe(EXCHANGE_FIELD_DESCRIPTION),
  contactPhone: ContactPhoneField.optional(),
  /** The spec's aliases of the contact phone. */
  contact: ContactPhoneField.optional(),
  phoneNumber: ContactPhoneField.optional(),
  phone: ContactPhoneField.optional(),
  /** The optional Hindi or Marathi version (spec 3, section 5): its language, title and description. */
  localLanguage: LocalLanguageField.optional(),
  localTitle: optionalLine(LIMITS.listingTitleMax).optional(),
  localDescription: optionalText(LIMITS.listingDescriptionMax).optional(),
  ...inventoryFields,
};

type InventoryInput = {
  category?: (typeof MEDIA_CATEGORY_IDS)[number] | null;
  location?: string;
  city?: string | null;
  state?: string | null;
  lat?: number | null;
  lng?: number | null;
  attributes?: Record<string, string | number | boolean> | null;
  unit?: (typeof LISTING_UNITS)[number] | null;
  rateInr?: number | null;
  availableFrom?: string | null;
  availableTo?: string | null;
};

/** The cross-field rules of packages/core, as zod issues of the input. */
function checkInventory(value: InventoryInput, ctx: z.RefinementCtx): void {
  for (const issue of inventoryIssues(value))
    ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
}

/**
 * The listed city by its canonical name and state, with its coordinates when none are given; a free-text
 * `location` alone is mapped onto a listed city where it names one (API callers of part one), else kept as text.
 */
function resolveCity<T extends InventoryInput>(value: T, mode: 'create' | 'update'): T {
  const named = value.city ? findCity(value.city, value.state) : null;
  const city =
    named ?? (mode === 'create' && !value.city && value.location ? cityFromText(value.location) : null);
  const out = { ...value };
  if (value.attributes !== undefined) out.attributes = parseAttributes(value.category, value.attributes);
  if (!city) return out;
  out.city = city.name;
  out.state = city.state;
  if (value.lat == null && value.lng == null) {
    out.lat = city.lat;
    out.lng = city.lng;
  }
  if (!value.location) out.location = cityLabel(city);
  return out;
}

/** The contact phone from the field or the first of its aliases given. */
function mergePhone<
  T extends {
    contactPhone?: string | null;
    contact?: string | null;
    phoneNumber?: string | null;
    phone?: string | null;
  },
>(value: T): Omit<T, 'contact' | 'phoneNumber' | 'phone'> {
  const { contact, phoneNumber, phone, ...rest } = value;
  const contactPhone = value.contactPhone ?? contact ?? phoneNumber ?? phone;
  return contactPhone === undefined ? rest : { ...rest, contactPhone };
}

/** A language chosen without a title is no second version. */
function withoutBareLanguage<T extends LocalVersion>(value: T): T {
  return value.localLanguage && !value.localTitle ? { ...value, localLanguage: null } : value;
}

/** A new listing. `rating`, `verified` and the owner type from a client are dropped (unknown keys are stripped). */
export const CreateListingInput = z
  .object({ ...listingFields, location: listingFields.location.optional() })
  .superRefine((value, ctx) => {
    checkInventory(value, ctx);
    checkLocalVersion(value, ctx);
    // A place is required: a listed city, or (API callers of part one) a free-text location.
    if (!value.location && !value.city)
      ctx.addIssue({ code: 'custom', path: ['location'], message: MESSAGES.listingRequired });
  })
  .transform(
    (value) =>
      resolveCity(mergePhone(withoutBareLanguage(value)), 'create') as ReturnType<
        typeof mergePhone<typeof value>
      > & {
        location: string;
      },
  );
export type CreateListingInput = z.output<typeof CreateListingInput>;

export const ListingId = z.uuid({ error: MESSAGES.listingNotFound });

/** Changes to one's own listing: any of the listing fields. */
export const UpdateListingInput = z
  .object({
    ...listingFields,
    id: ListingId,
    title: listingFields.title.optional(),
    location: listingFields.location.optional(),
    description: listingFields.description.optional(),
  })
  .superRefine((value, ctx) => checkInventory(value, ctx))
  // The second version's rules hold for the listing as it will be (updateListing checks them there).
  .transform((value) => resolveCity(mergePhone(value), 'update'));
export type UpdateListingInput = z.output<typeof UpdateListingInput>;

export const ListingIdInput = z.object({ id: ListingId });

/** Empty strings and null mean "no filter". */
function blankToUndefined(value: unknown): unknown {
  if (value === null || (typeof value === 'string' && value.trim() === '')) return undefined;
  return value;
}

const RATE_BOUND_MESSAGE = 'Rates must be whole rupees from 0 to 1,000,000,000.';
const RateBound = z.coerce
  .number({ error: RATE_BOUND_MESSAGE })
  .int(RATE_BOUND_MESSAGE)
  .min(0, RATE_BOUND_MESSAGE)
  .max(1_000_000_000, RATE_BOUND_MESSAGE);

/** `all` and empty strings mean "no filter"; the spec's aliases of the owner type are accepted. */
const OwnerRoleFilter = z.preprocess((value) => {
  if (value === undefined || value === null || value === '' || value === 'all') return undefined;
  return parseUserType(value) ?? value;
}, z.enum(USER_TYPES, { error: 'Unknown owner role.' }).optional());

export const SearchListingsInput = z
  .object({
    q: z.preprocess(
      (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
      z.string().trim().max(LIMITS.searchQueryMax, 'Search text is too long.').optional(),
    ),
    ownerRole: OwnerRoleFilter,
    /** The web app's URL calls the owner filter `view` (spec section 2). */
    view: OwnerRoleFilter,
    category: z.preprocess((value) => {
      const category = normalizeCategory(value);
      return category === '' || category === 'all' || category === null ? undefined : category;
    }, z.enum(MEDIA_CATEGORY_IDS, { error: 'Please choose a valid category.' }).optional()),
    /** Only listings of GST-verified businesses ("Verified businesses only"); `true`/`1` in a query string. */
    verifiedOnly: z
      .union([z.boolean(), z.enum(['true', 'false', '1', '0', ''])], {
        error: 'verifiedOnly must be true or false.',
      })
      .optional()
      .transform((v) => v === true || v === 'true' || v === '1'),
    /** A city of the checked-in list, by its name or another name of it ("Bangalore"); answered canonical. */
    city: z.preprocess(
      blankToUndefined,
      z
        .string()
        .max(80, INVENTORY_MESSAGES.city)
        .transform((value, ctx) => {
          const city = findCity(value);
          if (!city) {
            ctx.addIssue({ code: 'custom', message: INVENTORY_MESSAGES.city });
            return z.NEVER;
          }
          return city.name;
        })
        .optional(),
    ),
    /** The cash rate card per unit, in whole rupees, from and up to (both inclusive). */
    rateMin: z.preprocess(blankToUndefined, RateBound.optional()),
    rateMax: z.preprocess(blankToUndefined, RateBound.optional()),
    /** Listings available at some time between these dates (their availability overlaps them). */
    availableFrom: z.preprocess(blankToUndefined, isoDate.optional()),
    availableTo: z.preprocess(blankToUndefined, isoDate.optional()),
    /** newest (the default), relevance (best match for the words), rate_asc, rate_desc. */
    sort: z.preprocess(
      blankToUndefined,
      z.enum(SEARCH_SORTS, { error: `sort must be one of ${SEARCH_SORTS.join(', ')}.` }).optional(),
    ),
    cursor: z.preprocess(
      (value) => (value === '' || value === null ? undefined : value),
      z.string().max(200, 'Invalid cursor.').optional(),
    ),
    limit: z.coerce
      .number({ error: `limit must be a number from 1 to ${LIMITS.listingsPageMax}.` })
      .int(`limit must be a number from 1 to ${LIMITS.listingsPageMax}.`)
      .min(1, `limit must be a number from 1 to ${LIMITS.listingsPageMax}.`)
      .max(LIMITS.listingsPageMax, `limit must be a number from 1 to ${LIMITS.listingsPageMax}.`)
      .default(LIMITS.listingsPageDefault),
  })
  .superRefine((value, ctx) => {
    if (value.rateMin !== undefined && value.rateMax !== undefined && value.rateMin > value.rateMax)
      ctx.addIssue({ code: 'custom', path: ['rateMax'], message: 'rateMax must be at least rateMin.' });
    if (value.availableFrom && value.availableTo && value.availableTo < value.availableFrom)
      ctx.addIssue({ code: 'custom', path: ['availableTo'], message: INVENTORY_MESSAGES.dateOrder });
  })
  .transform(({ view, ...rest }) => ({
    ...rest,
    ownerRole: rest.ownerRole ?? view,
    sort: rest.sort ?? 'newest',
  }));
export type SearchListingsInput = z.output<typeof SearchListingsInput>;

export const RecordViewsInput = z.object({
  ids: z.array(ListingId).min(1).max(LIMITS.listingViewsBatchMax),
});

/** A listing photo: its largest WebP variant's URL and size, and every variant (smallest first) for `srcset`. */
export const PhotoOutput = z.object({
  url: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  variants: z.array(z.object({ url: z.string(), width: z.number().int(), height: z.number().int() })),
});
export type PhotoOutput = z.infer<typeof PhotoOutput>;

export const AddPhotoInput = z.object({ id: ListingId, file: UploadedFileField });
export const RemovePhotoInput = z.object({
  id: ListingId,
  index: z.coerce
    .number({ error: 'index must be a whole number from 0.' })
    .int('index must be a whole number from 0.')
    .min(0, 'index must be a whole number from 0.')
    .max(100, 'index must be a whole number from 0.'),
});

/** The barter object of the contract: what every listing answer carries (public and admin). */
export const BarterFields = z.object({
  _id: z.string(),
  title: z.string(),
  description: z.string(),
  location: z.string(),
  category: z.enum(MEDIA_CATEGORY_IDS).nullable(),
  image: z.string().nullable(),
  /** Uploaded photos, the first is the cover (`image` is then its URL). */
  photos: z.array(PhotoOutput),
  /**
   * The optional second version in Hindi or Marathi (spec 3, section 5): its language (`hi` | `mr`, null without
   * one), title and description (null when only the title was written). Pages in that language show it.
   */
  localLanguage: z.enum(LISTING_LOCAL_LANGUAGES).nullable(),
  localTitle: z.string().nullable(),
  localDescription: z.string().nullable(),
  /** The mean of the owner's public reviews, or null before any (the UI shows "New"). */
  rating: z.number().nullable(),
  reviewCount: z.number().int(),
  verified: z.boolean(),
  unit: z.enum(LISTING_UNITS).nullable(),
  /** Cash rate card per unit in whole rupees (for a need: its budget per unit). */
  rateInr: z.number().int().nullable(),
  minUnits: z.number().int(),
  availableFrom: z.string().nullable(),
  availableTo: z.string().nullable(),
  /** A city of the checked-in list ("Pune") and its state ("Maharashtra"), or null when none was given. */
  city: z.string().nullable(),
  state: z.string().nullable(),
  lat: z.number().nullable(),
  lng: z.number().nullable(),
  monthlyReach: z.number().int().nullable(),
  attributes: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])),
  seeking: z.string().nullable().describe(EXCHANGE_FIELD_DESCRIPTION),
  contactPhone: z.string().nullable(),
  ownerRole: z.enum(USER_TYPES),
  ownerType: z.enum(USER_TYPES),
  status: z.enum(LISTING_STATUSES),
  createdAt: z.string(),
});
export type BarterFields = z.infer<typeof BarterFields>;

/** The barter object, plus the owner's id and display name (for messaging) and whether it is GST verified. */
export const ListingOutput = BarterFields.extend({
  ownerId: z.string(),
  /** Featured by its owner (plan allowance): shown first with a badge until featuredUntil. */
  featured: z.boolean(),
  featuredUntil: z.string().nullable(),
  ownerName: z.string(),
  /** The owner's company, or null when they hide their business page (or have none). */
  ownerCompany: z.string().nullable(),
  /** The owner's business is GST verified (contract, part two). */
  ownerVerified: z.boolean(),
});
export type ListingOutput = z.infer<typeof ListingOutput>;

/** A row of My Listings: the listing and its contact-click counts. */
export const MyListingOutput = ListingOutput.extend({
  totalClicks: z.number().int(),
  clicks7d: z.number().int(),
  views: z.number().int(),
});
export type MyListingOutput = z.infer<typeof MyListingOutput>;

export const SearchListingsResult = z.object({
  barters: z.array(ListingOutput),
  nextCursor: z.string().nullable(),
  /** Matching listings, exact up to LIMITS.searchTotalCap; past it the cap itself (a lower bound). */
  total: z.number().int(),
  /** True when more listings match than `total` says (more than LIMITS.searchTotalCap). */
  totalCapped: z.boolean(),
  /** "Did you mean": the search words with misspelt ones corrected ("radoi" → "radio"), or null. */
  suggestion: z.string().nullable(),
});
export const ListingResult = z.object({ barter: ListingOutput });
export const MyListingsResult = z.object({ barters: z.array(MyListingOutput) });
/**
 * The landing page's language (issue 33): a listing with a Hindi or Marathi version is given in it on that
 * language's landing page (its `title` and `description` are the local ones), as the marketplace's cards show it,
 * and each listing's category is named in that language. The data carries them, so the landing page's code stays
 * within its JS budget (no translation table in it).
 */
export const FeaturedListingsInput = z.object({ language: z.enum(LANGUAGES).optional() }).prefault({});
export type FeaturedListingsInput = z.infer<typeof FeaturedListingsInput>;

export const FeaturedListingsResult = z.object({
  barters: z.array(
    ListingOutput.extend({
      /** The category's name in the asked language ("डिजिटल विज्ञापन"), for the card's badge. */
      categoryTitle: z.string(),
    }),
  ),
});

export const DashboardStats = z.object({
  totalListings: z.number().int(),
  activeListings: z.number().int(),
  archivedListings: z.number().int(),
  totalClicks: z.number().int(),
  clicks7d: z.number().int(),
  totalViews: z.number().int(),
  /** Total, active and archived listings and total clicks as they stood 7 days ago (the overview's change). */
  previous: z.object({
    totalListings: z.number().int(),
    activeListings: z.number().int(),
    archivedListings: z.number().int(),
    totalClicks: z.number().int(),
  }),
  topCategories: z.array(
    z.object({ category: z.enum(MEDIA_CATEGORY_IDS).nullable(), label: z.string(), count: z.number().int() }),
  ),
});
export type DashboardStats = z.infer<typeof DashboardStats>;
