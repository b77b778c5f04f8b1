import {
  addressGstinProblem,
  countryFromPhone,
  MESSAGES,
  type UserType,
  VERIFICATION_MESSAGES,
} from '@barterads/core';
import { type UserRow, users } from '@barterads/db';
import { TRPCError } from '@trpc/server';
import { eq } from 'drizzle-orm';
import { type CompanyNameReview, reviewCompanyName, verifiedBusiness } from '../businesses/verification';
import type { Context } from '../context';
import { hashPassword, verifyPassword } from './passwords';
import type { UpdateProfileInput } from './schemas';
import { revokeUserSessions } from './sessions';
import { toPublicUser } from './users';

type SignedIn = Context & { user: UserRow; session: NonNullable<Context['session']> };

/** Profile update (names, phone, company, description, business address); the e-mail has its own flow (email-change.ts). */
export async function updateProfile(ctx: SignedIn, input: UpdateProfileInput) {
  const db = ctx.services.database.db;
  const changes: Partial<typeof users.$inferInsert> = {};
  if (input.firstName !== undefined) changes.firstName = input.firstName;
  if (input.lastName !== undefined) changes.lastName = input.lastName;
  if (input.companyName !== undefined) changes.companyName = input.companyName;
  if (input.description !== undefined) changes.description = input.description;
  if (input.showBusinessPage !== undefined) changes.prefShowProfile = input.showBusinessPage;
  if (input.language !== undefined) changes.language = input.language;
  if (input.einvoicing !== undefined) changes.einvoicing = input.einvoicing;
  if (input.businessAddress !== undefined) {
    const address = input.businessAddress;
    if (address) {
      const problem = addressGstinProblem(address, (await verifiedBusiness(db, ctx.user.id))?.gstin ?? null);
      if (problem) throw new TRPCError({ code: 'BAD_REQUEST', message: problem });
    }
    changes.addressLine = address?.line ?? null;
    changes.addressCity = address?.city ?? null;
    changes.addressPin = address?.pin ?? null;
    changes.addressState = address?.state ?? null;
  }
  if (input.phoneNumber !== undefined) {
    changes.phoneNumber = input.phoneNumber;
    if (input.phoneNumber) changes.country = countryFromPhone(input.phoneNumber);
  }
  // The address changes only through requestEmailChange (password, then a code to the new address); the same
  // address is accepted as no change, so clients that send the whole profile keep working.
  if (input.email !== undefined && input.email !== ctx.user.email.toLowerCase()) {
    throw new TRPCError({ code: 'BAD_REQUEST', message: MESSAGES.emailChangeUseFlow });
  }
  let user = ctx.user;
  let review = 'unaffected' as CompanyNameReview;
  if (Object.keys(changes).length > 0) {
    user = await db.transaction(async (tx) => {
      const [before] = await tx.select().from(users).where(eq(users.id, ctx.user.id)).for('no key update');
      const [row] = await tx.update(users).set(changes).where(eq(users.id, ctx.user.id)).returning();
      // A new company name and the GST verified badge: the badge only ever stands beside an approved name.
      if (before && changes.companyName !== undefined && changes.companyName !== before.companyName) {
        review = await reviewCompanyName(tx, before, changes.companyName);
        if (review !== 'unaffected') {
          const [reviewed] = await tx.select().from(users).where(eq(users.id, ctx.user.id));
          return reviewed!;
        }
      }
      return row!;
    });
  }
  const message =
    review === 'in-review' && ctx.user.gstVerification === 'verified'
      ? VERIFICATION_MESSAGES.renameInReview
      : review === 'restored'
        ? VERIFICATION_MESSAGES.renameRestored
        : MESSAGES.profileUpdated;
  return { user: toPublicUser(user), message };
}

/** Checks the current password, stores the new one and revokes every other session of the user. */
export async function changePassword(ctx: SignedIn, input: { currentPassword: string; newPassword: string }) {
  if (!(await verifyPassword(ctx.user.passwordHash, input.currentPassword))) {
    throw new TRPCError({ code: 'BAD_REQUEST', message: MESSAGES.currentPasswordWrong });
  }
  const db = ctx.services.database.db;
  const passwordHash = await hashPassword(input.newPassword);
  await db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash }).where(eq(users.id, ctx.user.id));
    await revokeUserSessions(tx, ctx.user.id, ctx.session.session.id);
  });
  return { message: MESSAGES.passwordUpdated };
}

/** Changes the business type of the signed-in user only. */
export async function switchRole(ctx: SignedIn, role: UserType) {
  const [user] = await ctx.services.database.db
    .update(users)
    .set({ userType: role })
    .where(eq(users.id, ctx.user.id))
    .returning();
  return { user: toPublicUser(user!) };
}

export interface Preferences {
  emailUpdates: boolean;
  showProfile: boolean;
  showBusinessPage: boolean;
}

function preferencesOf(user: UserRow): Preferences {
  return {
    emailUpdates: user.prefEmailUpdates,
    showProfile: user.prefShowProfile,
    showBusinessPage: user.prefShowProfile,
  };
}

export function getPreferences(ctx: SignedIn): Preferences {
  return preferencesOf(ctx.user);
}

export async function updatePreferences(ctx: SignedIn, input: Partial<Preferences>): Promise<Preferences> {
  const changes: Partial<typeof users.$inferInsert> = {};
  if (input.emailUpdates !== undefined) changes.prefEmailUpdates = input.emailUpdates;
  const showBusinessPage = input.showBusinessPage ?? input.showProfile;
  if (showBusinessPage !== undefined) changes.prefShowProfile = showBusinessPage;
  if (Object.keys(changes).length === 0) return preferencesOf(ctx.user);
  const [user] = await ctx.services.database.db
    .update(users)
    .set(changes)
    .where(eq(users.id, ctx.user.id))
    .returning();
  return preferencesOf(user!);
}
