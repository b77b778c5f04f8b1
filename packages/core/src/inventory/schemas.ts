import { z } from 'zod';
import { MEDIA_CATEGORY_IDS, type MediaCategoryId } from '../categories';
import { LISTING_LOCAL_LANGUAGES } from '../listing-languages';
import { findCity, isAmbiguousCity } from './cities';
import { LISTING_UNITS, type ListingUnit } from './units';

export const INVENTORY_MESSAGES = {
  unit: 'Please choose what the rate is per.',
  rate: 'Please enter the rate in whole rupees, more than 0.',
  rateAndUnit: 'Please give both the rate and what it is per.',
  minUnits: 'Minimum units must be a whole number from 1.',
  date: 'Please enter a date as YYYY-MM-DD.',
  dateOrder: 'The end date must be on or after the start date.',
  city: 'Please choose a city from the list.',
  cityState: 'Two states have a city of that name: please choose the state too.',
  coordinates:
    'Map coordinates must be a latitude from -90 to 90 and a longitude from -180 to 180, both or neither.',
  reach: 'Monthly reach must be a whole number from 0.',
  attributes: 'These details do not fit the chosen category.',
} as const;

const RATE_MAX = 1_000_000_000;

const blank = (value: unknown) =>
  value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
/** Empty strings and null mean "not given". */
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (blank(value) ? null : value), schema.nullable()).optional();

const wholeNumber = (message: string, min: number, max = RATE_MAX) =>
  z.coerce.number({ error: message }).int(message).min(min, message).max(max, message);

/** A calendar date as `YYYY-MM-DD` that exists (no 2026-02-30). */
export const isoDate = z
  .string({ error: INVENTORY_MESSAGES.date })
  .regex(/^\d{4}-\d{2}-\d{2}$/, INVENTORY_MESSAGES.date)
  .refine(
    (v) =>
      !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v),
    INVENTORY_MESSAGES.date,
  );

const text = (max: number) => z.string().trim().min(1).max(max, `Please keep it under ${max} characters.`);
const count = (label: string) => wholeNumber(`${label} must be a whole number from 0.`, 0, 10_000_000_000);

/** The details each category carries (contract: camelCase keys); every key optional, unknown keys refused. */
export const CATEGORY_ATTRIBUTE_SCHEMAS = {
  outdoor: z.strictObject({
    widthFt: z.coerce
      .number({ error: 'Width must be a number of feet.' })
      .positive('Width must be more than 0 feet.')
      .max(1000)
      .optional(),
    heightFt: z.coerce
      .number({ error: 'Height must be a number of feet.' })
      .positive('Height must be more than 0 feet.')
      .max(1000)
      .optional(),
    illuminated: z.boolean().optional(),
    facing: text(120).optional(),
  }),
  print: z.strictObject({
    publication: text(120).optional(),
    edition: text(120).optional(),
    circulation: count('Circulation').optional(),
  }),
  audio: z.strictObject({
    station: text(120).optional(),
    daypart: z.enum(['morning', 'afternoon', 'evening', 'night', 'all_day']).optional(),
    spotSeconds: wholeNumber('Spot length must be 1 to 600 seconds.', 1, 600).optional(),
  }),
  influencer: z.strictObject({
    platform: z
      .enum(['instagram', 'youtube', 'facebook', 'x', 'linkedin', 'sharechat', 'moj', 'other'])
      .optional(),
    handle: text(80).optional(),
    followers: count('Followers').optional(),
  }),
  digital: z.strictObject({
    placement: text(120).optional(),
    monthlyImpressions: count('Monthly impressions').optional(),
  }),
  app: z.strictObject({
    placement: text(120).optional(),
    monthlyImpressions: count('Monthly impressions').optional(),
  }),
  transit: z.strictObject({ route: text(160).optional() }),
  event: z.strictObject({ eventDate: isoDate.optional(), footfall: count('Footfall').optional() }),
  direct: z.strictObject({ format: text(120).optional(), quantity: count('Quantity').optional() }),
} satisfies Record<MediaCategoryId, z.ZodType>;

export type CategoryAttributes = { [K in MediaCategoryId]: z.infer<(typeof CATEGORY_ATTRIBUTE_SCHEMAS)[K]> };
export type ListingAttributes = Record<string, string | number | boolean>;

/** The inventory fields every listing has (the server's input and the post form's schema both use these). */
export const inventoryFields = {
  unit: optional(z.enum(LISTING_UNITS, { error: INVENTORY_MESSAGES.unit })),
  rateInr: optional(wholeNumber(INVENTORY_MESSAGES.rate, 1)),
  minUnits: optional(wholeNumber(INVENTORY_MESSAGES.minUnits, 1, 100_000)),
  availableFrom: optional(isoDate),
  availableTo: optional(isoDate),
  city: optional(z.string().trim().max(80, INVENTORY_MESSAGES.city)),
  state: optional(z.string().trim().max(80, INVENTORY_MESSAGES.city)),
  lat: optional(
    z.coerce
      .number({ error: INVENTORY_MESSAGES.coordinates })
      .min(-90, INVENTORY_MESSAGES.coordinates)
      .max(90, INVENTORY_MESSAGES.coordinates),
  ),
  lng: optional(
    z.coerce
      .number({ error: INVENTORY_MESSAGES.coordinates })
      .min(-180, INVENTORY_MESSAGES.coordinates)
      .max(180, INVENTORY_MESSAGES.coordinates),
  ),
  monthlyReach: optional(wholeNumber(INVENTORY_MESSAGES.reach, 0, 10_000_000_000)),
  attributes: optional(z.record(z.string(), z.union([z.string(), z.number(), z.boolean()]))),
};

export interface InventoryValues {
  category?: MediaCategoryId | null;
  unit?: ListingUnit | null;
  rateInr?: number | null;
  availableFrom?: string | null;
  availableTo?: string | null;
  city?: string | null;
  state?: string | null;
  lat?: number | null;
  lng?: number | null;
  attributes?: Record<string, unknown> | null;
}

type Issue = { path: (string | number)[]; message: string };

/**
 * The rules across inventory fields: rate and unit together, dates in order, a listed city (its state when two
 * share the name), coordinates both or neither, attributes that fit the category. Returns the issues; the
 * server's input and the form call it alike (in a `superRefine`).
 */
export function inventoryIssues(values: InventoryValues): Issue[] {
  const issues: Issue[] = [];
  if ((values.rateInr == null) !== (values.unit == null))
    issues.push({
      path: [values.unit == null ? 'unit' : 'rateInr'],
      message: INVENTORY_MESSAGES.rateAndUnit,
    });
  if (values.availableFrom && values.availableTo && values.availableTo < values.availableFrom)
    issues.push({ path: ['availableTo'], message: INVENTORY_MESSAGES.dateOrder });
  if (values.city) {
    if (!findCity(values.city, values.state))
      issues.push({ path: ['city'], message: INVENTORY_MESSAGES.city });
    else if (!values.state && isAmbiguousCity(values.city))
      issues.push({ path: ['state'], message: INVENTORY_MESSAGES.cityState });
  }
  if ((values.lat == null) !== (values.lng == null))
    issues.push({ path: [values.lat == null ? 'lat' : 'lng'], message: INVENTORY_MESSAGES.coordinates });
  const attributes = values.attributes ?? {};
  if (Object.keys(attributes).length > 0) {
    const schema = values.category ? CATEGORY_ATTRIBUTE_SCHEMAS[values.category] : undefined;
    if (!schema) issues.push({ path: ['attributes'], message: INVENTORY_MESSAGES.attributes });
    else {
      const parsed = schema.safeParse(attributes);
      if (!parsed.success)
        for (const issue of parsed.error.issues)
          issues.push({
            path: ['attributes', ...issue.path.map((p) => (typeof p === 'symbol' ? String(p) : p))],
            message: issue.code === 'unrecognized_keys' ? INVENTORY_MESSAGES.attributes : issue.message,
          });
    }
  }
  return issues;
}

/** The attributes parsed by the category's schema (numbers from form strings, blanks dropped). */
export function parseAttributes(
  category: MediaCategoryId | null | undefined,
  attributes: Record<string, unknown> | null | undefined,
): ListingAttributes {
  const entries = Object.entries(attributes ?? {}).filter(([, v]) => !blank(v));
  if (!category || entries.length === 0) return {};
  const parsed = CATEGORY_ATTRIBUTE_SCHEMAS[category].safeParse(Object.fromEntries(entries));
  return parsed.success ? (parsed.data as ListingAttributes) : {};
}

export { MEDIA_CATEGORY_IDS };

export const LISTING_FORM_MESSAGES = {
  title: 'Please enter a title.',
  description: 'Please enter a description.',
  city: 'Please choose a city from the list.',
  localLanguage: 'Please choose Hindi or Marathi for the second version.',
  localTitle: 'Please write the title in Hindi or Marathi too.',
} as const;

/** "Pune, Maharashtra" (the city field's option) back to its city, or null when it is none of the list. */
export function cityFromLabel(label: string): { name: string; state: string } | null {
  const comma = label.lastIndexOf(',');
  const city = comma > 0 ? findCity(label.slice(0, comma), label.slice(comma + 1).trim()) : findCity(label);
  return city && (comma > 0 || !isAmbiguousCity(label)) ? { name: city.name, state: city.state } : null;
}

/**
 * The post/edit form's values (strings as inputs hold them) and their rules: the same field schemas and cross-field
 * rules as the server's input (`inventoryFields`, `inventoryIssues`), each message on its own field.
 */
export const ListingFormSchema = z
  .object({
    title: z
      .string()
      .trim()
      .min(1, LISTING_FORM_MESSAGES.title)
      .max(120, 'Please keep it under 120 characters.'),
    description: z
      .string()
      .trim()
      .min(1, LISTING_FORM_MESSAGES.description)
      .max(2000, 'Please keep it under 2000 characters.'),
    city: z.string().refine((v) => cityFromLabel(v) !== null, LISTING_FORM_MESSAGES.city),
    category: z.enum(MEDIA_CATEGORY_IDS).nullable(),
    seeking: z.string().max(300, 'Please keep it under 300 characters.'),
    image: z
      .string()
      .trim()
      .refine(
        (v) => v === '' || /^https?:\/\/\S+$/i.test(v),
        'Image URL must start with http:// or https://.',
      ),
    contactPhone: z.string().max(40),
    unit: inventoryFields.unit,
    rateInr: inventoryFields.rateInr,
    minUnits: inventoryFields.minUnits,
    availableFrom: inventoryFields.availableFrom,
    availableTo: inventoryFields.availableTo,
    monthlyReach: inventoryFields.monthlyReach,
    attributes: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])),
    /** The optional Hindi or Marathi version: its language (chosen in the form), title and description. */
    localLanguage: z.enum(LISTING_LOCAL_LANGUAGES),
    localTitle: z.string().trim().max(120, 'Please keep it under 120 characters.'),
    localDescription: z.string().trim().max(2000, 'Please keep it under 2000 characters.'),
  })
  .superRefine((value, ctx) => {
    if (value.localDescription.trim() && !value.localTitle.trim())
      ctx.addIssue({ code: 'custom', path: ['localTitle'], message: LISTING_FORM_MESSAGES.localTitle });
    const city = cityFromLabel(value.city);
    const attributes = Object.fromEntries(
      Object.entries(value.attributes).filter(([, v]) => !blank(v) && v !== false),
    );
    for (const issue of inventoryIssues({
      ...value,
      city: city?.name ?? null,
      state: city?.state ?? null,
      attributes,
    }))
      if (issue.path[0] !== 'city' && issue.path[0] !== 'state')
        ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
  });
export type ListingFormInput = z.input<typeof ListingFormSchema>;
