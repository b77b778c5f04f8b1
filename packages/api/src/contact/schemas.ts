import { ContactFields } from '@barterads/core/forms';
import { z } from 'zod';

/** The public contact form (spec sections 3 and 5); the schema is the form's own, shared with the web app. */
export const ContactInput = ContactFields;
export type ContactInput = z.input<typeof ContactInput>;
export type ContactMessage = z.output<typeof ContactInput>;

export const ContactResult = z.object({ message: z.string() });
export type ContactResult = z.infer<typeof ContactResult>;
