import { z } from 'zod';
import { MEDIA_CATEGORY_IDS } from '../categories';
import { CIRCLES } from '../circles';

/** A date as YYYY-MM-DD, or empty/absent for none (stored as null). */
const optionalDate = z
  .union([z.literal(''), z.iso.date({ error: 'Dates are YYYY-MM-DD.' })])
  .nullish()
  .transform((v) => v || null);

const rupees = (label: string) =>
  z.coerce
    .number({ error: `${label} must be a whole number of rupees.` })
    .int(`${label} must be a whole number of rupees.`)
    .min(0, `${label} cannot be negative.`)
    .max(100_000_000, `${label} is too large.`);

/**
 * A member's "I'd accept" list (PUT /api/auth/me/accepts and the /dashboard editor): categories and cities it
 * would take (empty: any), a value range in rupees, and dates (optional).
 */
export const AcceptsFormSchema = z
  .object({
    categories: z
      .array(z.enum(MEDIA_CATEGORY_IDS, { error: 'Choose categories from the list.' }))
      .max(CIRCLES.maxCategories, `Choose at most ${CIRCLES.maxCategories} categories.`)
      .default([]),
    cities: z
      .array(
        z.string().trim().min(2, 'A city needs at least 2 letters.').max(60, 'That city name is too long.'),
      )
      .max(CIRCLES.maxCities, `Name at most ${CIRCLES.maxCities} cities.`)
      .default([]),
    minValueInr: rupees('The smallest value'),
    maxValueInr: rupees('The largest value').refine((v) => v >= 1, 'The largest value must be at least ₹1.'),
    availableFrom: optionalDate,
    availableTo: optionalDate,
  })
  .refine((v) => v.maxValueInr >= v.minValueInr, {
    error: 'The largest value must be at least the smallest.',
    path: ['maxValueInr'],
  })
  .refine((v) => !v.availableFrom || !v.availableTo || v.availableTo >= v.availableFrom, {
    error: 'The end date must be on or after the start date.',
    path: ['availableTo'],
  });
export type AcceptsFormInput = z.input<typeof AcceptsFormSchema>;
