/**
 * Data rights under India's DPDP Act: a signed-in user downloads everything we hold about them, and erases
 * their account. Erasure archives their listings, keeps their messages for the other party but with the
 * author anonymized (the user row is anonymized and soft-deleted via users.deleted_at), and revokes every session.
 */
import { MESSAGES } from '@barterads/core';
import {
  contactMessages,
  conversations,
  type Database,
  emailChallenges,
  events,
  listings,
  messages,
  paymentOrders,
  sessions,
  subscriptions,
  type UserRow,
  users,
} from '@barterads/db';
import { TRPCError } from '@trpc/server';
import { and, asc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import { revokeUserApiKeys } from '../api-keys/api-keys';
import type { Context } from '../context';
import { EMAIL_CHANGED_EVENT, PASSWORD_CHANGED_EVENT } from './notices';
import { hashPassword, verifyPassword } from './passwords';
import { lockActiveAdmins } from './status';
import { toPublicUser } from './users';

/** The display name that replaces a deleted account's name wherever it still appears (messages). */
export const DELETED_USER_NAME = { firstName: 'Deleted', lastName: 'user' } as const;

export const DATA_RIGHTS_MESSAGES = {
  accountDeleted: 'Your account has been deleted.',
  passwordRequired: 'Please enter your password to confirm.',
  lastAdmin: 'You cannot delete the last admin account.',
} as const;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** Everything stored about the user, as plain JSON. */
export async function exportUserData(db: Database, user: UserRow) {
  const [ownListings, ownConversations, ownOrders, ownSubscriptions, ownSessions, ownContact] =
    await Promise.all([
      db.select().from(listings).where(eq(listings.ownerId, user.id)).orderBy(asc(listings.createdAt)),
      db
        .select()
        .from(conversations)
        .where(or(eq(conversations.initiatorId, user.id), eq(conversations.ownerId, user.id)))
        .orderBy(asc(conversations.createdAt)),
      db
        .select()
        .from(paymentOrders)
        .where(eq(paymentOrders.userId, user.id))
        .orderBy(asc(paymentOrders.createdAt)),
      db.select().from(subscriptions).where(eq(subscriptions.userId, user.id)),
      db.select().from(sessions).where(eq(sessions.userId, user.id)).orderBy(asc(sessions.createdAt)),
      db
        .select()
        .from(contactMessages)
        .where(eq(contactMessages.userId, user.id))
        .orderBy(asc(contactMessages.createdAt)),
    ]);
  const conversationIds = ownConversations.map((c) => c.id);
  const conversationMessages =
    conversationIds.length === 0
      ? []
      : await db
          .select()
          .from(messages)
          .where(inArray(messages.conversationId, conversationIds))
          .orderBy(asc(messages.id));

  return {
    exportedAt: new Date().toISOString(),
    user: {
      ...toPublicUser(user),
      preferences: { emailUpdates: user.prefEmailUpdates, showProfile: user.prefShowProfile },
      updatedAt: user.updatedAt.toISOString(),
    },
    listings: ownListings.map((l) => ({
      _id: l.id,
      title: l.title,
      description: l.description,
      location: l.location,
      category: l.category,
      image: l.image,
      seeking: l.seeking,
      contactPhone: l.contactPhone,
      ownerType: l.ownerType,
      status: l.status,
      verified: l.verified,
      createdAt: l.createdAt.toISOString(),
      archivedAt: iso(l.archivedAt),
    })),
    conversations: ownConversations.map((c) => ({
      _id: c.id,
      listingId: c.listingId,
      role: c.ownerId === user.id ? 'owner' : 'initiator',
      createdAt: c.createdAt.toISOString(),
      messages: conversationMessages
        .filter((m) => m.conversationId === c.id)
        .map((m) => ({
          fromMe: m.senderId === user.id,
          body: m.body,
          createdAt: m.createdAt.toISOString(),
        })),
    })),
    payments: ownOrders.map((o) => ({
      orderId: o.razorpayOrderId,
      planId: o.planId,
      period: o.period,
      amount: o.amount,
      currency: o.currency,
      status: o.status,
      paymentId: o.razorpayPaymentId,
      createdAt: o.createdAt.toISOString(),
      paidAt: iso(o.paidAt),
    })),
    subscriptions: ownSubscriptions.map((s) => ({
      planId: s.planId,
      period: s.period,
      status: s.status,
      currentPeriodStart: s.currentPeriodStart.toISOString(),
      currentPeriodEnd: s.currentPeriodEnd.toISOString(),
    })),
    // Sessions without their ids or secrets: when they began and when they end.
    sessions: ownSessions.map((s) => ({
      createdAt: s.createdAt.toISOString(),
      expiresAt: s.expiresAt.toISOString(),
    })),
    contactMessages: ownContact.map((m) => ({
      fullName: m.fullName,
      emailAddress: m.emailAddress,
      phoneNumber: m.phoneNumber,
      subject: m.subject,
      message: m.message,
      createdAt: m.createdAt.toISOString(),
    })),
  };
}

export type UserDataExport = Awaited<ReturnType<typeof exportUserData>>;

/** What replaces an erased text that cannot be empty. */
export const ERASED = '[erased]';

/** The e-mail a deleted account keeps: unique, unroutable, not personal. */
export function deletedEmail(userId: string): string {
  return `deleted-${userId}@deleted.invalid`;
}

/**
 * Erases the account after re-checking the password: listings archived with their contact fields erased, the
 * personal fields of the account's contact-form messages erased, the user row anonymized and soft-deleted,
 * sessions and pending e-mail codes removed, all in one transaction. Messages stay for the other party, their
 * author now shown as "Deleted user".
 */
export async function deleteAccount(ctx: Context & { user: UserRow }, password: string): Promise<void> {
  if (!(await verifyPassword(ctx.user.passwordHash, password))) {
    throw new TRPCError({ code: 'FORBIDDEN', message: MESSAGES.currentPasswordWrong });
  }
  // A hash of random bytes nobody knows: the old password can never sign in again.
  const unusableHash = await hashPassword(crypto.randomUUID() + crypto.randomUUID());
  const now = new Date();
  const userId = ctx.user.id;
  const email = ctx.user.email;
  await ctx.services.database.db.transaction(async (tx) => {
    if (ctx.user.role === 'admin') {
      // Under the same lock as suspensions: of two admins deleting themselves (or one deleting while the
      // other is suspended) at once, the second waits and then sees whether another active admin remains.
      const activeAdmins = await lockActiveAdmins(tx);
      if (!activeAdmins.some((id) => id !== userId)) {
        throw new TRPCError({ code: 'CONFLICT', message: DATA_RIGHTS_MESSAGES.lastAdmin });
      }
    }
    await tx
      .update(listings)
      .set({ status: 'archived', archivedAt: now, archivedReason: 'Account deleted', updatedAt: now })
      .where(and(eq(listings.ownerId, userId), eq(listings.status, 'active')));
    // Every listing of the account, archived before or now: nothing that reaches the person stays.
    await tx
      .update(listings)
      .set({ contactPhone: null, location: ERASED, description: ERASED, updatedAt: now })
      .where(eq(listings.ownerId, userId));
    await tx
      .update(contactMessages)
      .set({ fullName: ERASED, emailAddress: deletedEmail(userId), phoneNumber: null, message: ERASED })
      .where(eq(contactMessages.userId, userId));
    await tx.delete(sessions).where(eq(sessions.userId, userId));
    await revokeUserApiKeys(tx, userId, now);
    await tx
      .delete(emailChallenges)
      .where(or(eq(emailChallenges.userId, userId), sql`lower(${emailChallenges.email}) = lower(${email})`));
    // The account notices' events hold the addresses they go to: erased (a notice not sent yet is then skipped).
    await tx
      .update(events)
      .set({ data: {} })
      .where(
        and(
          eq(events.resourceType, 'user'),
          eq(events.resourceId, userId),
          inArray(events.type, [PASSWORD_CHANGED_EVENT, EMAIL_CHANGED_EVENT]),
        ),
      );
    await tx
      .update(users)
      .set({
        email: deletedEmail(userId),
        passwordHash: unusableHash,
        firstName: DELETED_USER_NAME.firstName,
        lastName: DELETED_USER_NAME.lastName,
        phoneNumber: null,
        companyName: null,
        description: null,
        addressLine: null,
        addressCity: null,
        addressPin: null,
        addressState: null,
        emailVerified: false,
        prefEmailUpdates: false,
        prefShowProfile: false,
        deletedAt: now,
        updatedAt: now,
      })
      .where(and(eq(users.id, userId), isNull(users.deletedAt)));
  });
  ctx.meta.clearSessionCookie();
}
