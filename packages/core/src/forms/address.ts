/** The business address a tax invoice names (rule 46): line, city, a PIN of the state's postal circle, a state. */
import { z } from 'zod';
import { ADDRESS_MESSAGES, ADDRESS_STATES, PIN_PATTERN, pinStateProblem } from '../tax/address';

const line = (label: string, max: number) =>
  z
    .string({ error: `${label} is required.` })
    .trim()
    .min(1, `${label} is required.`)
    .max(max, `${label} has at most ${max} characters.`)
    .refine((v) => !/[\r\n]/.test(v), `${label} is one line.`);

/** The business address's fields as the profile takes them (the form and the server check the same way). */
export const BusinessAddressFields = z
  .object({
    line: line('Address', 200),
    city: line('City', 80),
    pin: z.string({ error: ADDRESS_MESSAGES.pin }).trim().regex(PIN_PATTERN, ADDRESS_MESSAGES.pin),
    state: z
      .string({ error: ADDRESS_MESSAGES.state })
      .refine((s) => ADDRESS_STATES.includes(s), ADDRESS_MESSAGES.state),
  })
  .superRefine((value, ctx) => {
    if (!PIN_PATTERN.test(value.pin) || !ADDRESS_STATES.includes(value.state)) return;
    const problem = pinStateProblem(value.pin, value.state);
    if (problem) ctx.addIssue({ code: 'custom', path: ['pin'], message: problem });
  });
export type BusinessAddressFields = z.input<typeof BusinessAddressFields>;
