import { index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns';
import { contactRole } from './enums';
import { users } from './users';

/**
 * Messages sent through the public contact form. A message sent while signed in belongs to that account by id
 * (its export shows it, its deletion erases the sender's fields); the typed address never ties it to anyone.
 */
export const contactMessages = pgTable(
  'contact_messages',
  {
    id: id(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    fullName: text('full_name').notNull(),
    emailAddress: text('email_address').notNull(),
    phoneNumber: text('phone_number'),
    role: contactRole('role').notNull().default('other'),
    subject: text('subject').notNull(),
    message: text('message').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('contact_messages_created_idx').on(t.createdAt),
    index('contact_messages_user_idx').on(t.userId),
  ],
);
