import { index, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns';
import { contactRole } from './enums';

/** Messages sent through the public contact form. */
export const contactMessages = pgTable(
  'contact_messages',
  {
    id: id(),
    fullName: text('full_name').notNull(),
    emailAddress: text('email_address').notNull(),
    phoneNumber: text('phone_number'),
    role: contactRole('role').notNull().default('other'),
    subject: text('subject').notNull(),
    message: text('message').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('contact_messages_created_idx').on(t.createdAt)],
);
