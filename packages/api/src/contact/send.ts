import { CONTACT_ROLE_LABELS, MESSAGES } from '@barterads/core';
import { contactMessages } from '@barterads/db';
import type { Context } from '../context';
import type { ContactMessage, ContactResult } from './schemas';

/**
 * Stores a contact-form message and mails it to the company address. The message is kept even when
 * the mail cannot be delivered (the team reads the table too), so the visitor still gets the spec's answer.
 */
export async function sendContactMessage(
  ctx: Pick<Context, 'services' | 'meta' | 'session'>,
  input: ContactMessage,
): Promise<ContactResult> {
  const [row] = await ctx.services.database.db
    .insert(contactMessages)
    .values({
      // Signed in: the message is the account's (by id, never by the address typed in the form).
      userId: ctx.session?.user.status === 'active' ? ctx.session.user.id : null,
      fullName: input.fullName,
      emailAddress: input.emailAddress,
      phoneNumber: input.phoneNumber,
      role: input.role,
      subject: input.subject,
      message: input.message,
    })
    .returning({ id: contactMessages.id });
  try {
    await ctx.services.mailer.send({
      to: ctx.services.config.supportEmail,
      subject: `Contact form: ${input.subject}`,
      text: [
        `New message through the BarterAds contact form (${row?.id ?? 'unsaved'}).`,
        '',
        `Name: ${input.fullName}`,
        `E-mail: ${input.emailAddress}`,
        `Phone: ${input.phoneNumber ?? '-'}`,
        `I am: ${CONTACT_ROLE_LABELS[input.role]}`,
        `Subject: ${input.subject}`,
        '',
        input.message,
      ].join('\n'),
    });
  } catch (error) {
    ctx.services.logger.error(
      { err: error instanceof Error ? error.message : String(error), contactMessageId: row?.id },
      'contact message stored but not mailed',
    );
  }
  return { message: MESSAGES.contactSent };
}
