import { z } from 'zod';
import { DEAL_LIMITS, DEAL_MESSAGES, DEAL_OPEN_DAYS } from '../deals';
import { DEAL_ITEM_UNITS } from '../inventory/units';

const wholeNumber = (label: string, min: number, max: number, tooLarge: string) =>
  z.coerce
    .number({ error: `${label} must be a whole number.` })
    .int(`${label} must be a whole number.`)
    .min(min, `${label} must be at least ${min}.`)
    .max(max, tooLarge);

const optionalDate = z.union([z.literal(''), z.iso.date({ error: 'Dates are YYYY-MM-DD.' })]);

/** One item row of the deal form (the giver comes from the side it is on). */
export const DealItemFormSchema = z
  .object({
    /** One of the giver's listings, or '' for a free description. */
    listingId: z.string(),
    title: z
      .string()
      .trim()
      .min(1, 'Describe the item.')
      .max(DEAL_LIMITS.titleMax, `Please keep it under ${DEAL_LIMITS.titleMax} characters.`),
    quantity: wholeNumber('The quantity', 1, DEAL_LIMITS.quantityMax, 'The quantity is too large.'),
    unit: z.enum(DEAL_ITEM_UNITS, { error: 'Choose a unit.' }),
    startDate: optionalDate,
    endDate: optionalDate,
    valueInr: wholeNumber(
      'The value',
      DEAL_LIMITS.valueMinInr,
      DEAL_LIMITS.valueMaxInr,
      'Each value is at most ₹10,00,00,000.',
    ),
  })
  .refine((item) => !item.startDate || !item.endDate || item.endDate >= item.startDate, {
    message: DEAL_MESSAGES.endBeforeStart,
    path: ['endDate'],
  });
export type DealItemFormValues = z.input<typeof DealItemFormSchema>;

/** Propose or counter: what you get, what you give (at least one item each), how long it stays open, a message. */
export const DealOfferFormSchema = z.object({
  get: z.array(DealItemFormSchema).min(1, DEAL_MESSAGES.bothSides),
  give: z.array(DealItemFormSchema).min(1, DEAL_MESSAGES.bothSides),
  openDays: z.enum(DEAL_OPEN_DAYS.map(String) as [string, ...string[]], {
    error: `An offer stays open ${DEAL_OPEN_DAYS.join(', ')} days.`,
  }),
  message: z
    .string()
    .max(DEAL_LIMITS.messageMax, `Please keep the message under ${DEAL_LIMITS.messageMax} characters.`),
});
export type DealOfferFormValues = z.input<typeof DealOfferFormSchema>;
