import { ACCOUNT_MANAGER_MESSAGES, MESSAGES } from '@barterads/core';
import { type Database, type Executor, subscriptions, type UserRow, users } from '@barterads/db';
import { TRPCError } from '@trpc/server';
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import { displayName } from '../accounts/users';
import { plansWhere, runningPlan } from '../entitlements/entitlements';
import { writeAudit } from './audit';
import type { EnterpriseMember, Person, SetAccountManagerInput } from './schemas';

function person(user: Pick<UserRow, 'id' | 'firstName' | 'lastName' | 'email'>): Person {
  return { _id: user.id, name: displayName(user) || user.email, email: user.email };
}

/** A running plan that comes with an account manager (Enterprise). */
function enterpriseNow(now: Date) {
  return and(
    inArray(
      subscriptions.planId,
      plansWhere((plan) => plan.accountManager),
    ),
    runningPlan(now),
  );
}

async function managersById(db: Executor, ids: string[]): Promise<Map<string, Person>> {
  if (ids.length === 0) return new Map();
  const rows = await db.select().from(users).where(inArray(users.id, ids));
  return new Map(rows.map((row) => [row.id, person(row)]));
}

/** The members on a running Enterprise plan with their account manager, and the admins who can be assigned. */
export async function enterpriseMembers(
  db: Executor,
  now = new Date(),
): Promise<{ members: EnterpriseMember[]; managers: Person[] }> {
  const [rows, admins] = await Promise.all([
    db
      .select({ user: users, subscription: subscriptions })
      .from(subscriptions)
      .innerJoin(users, eq(users.id, subscriptions.userId))
      .where(and(enterpriseNow(now), isNull(users.deletedAt)))
      .orderBy(asc(users.email))
      .limit(500),
    db
      .select()
      .from(users)
      .where(and(eq(users.role, 'admin'), eq(users.status, 'active'), isNull(users.deletedAt)))
      .orderBy(asc(users.firstName), asc(users.email))
      .limit(200),
  ]);
  const managers = await managersById(
    db,
    rows.flatMap((r) => (r.user.accountManagerId ? [r.user.accountManagerId] : [])),
  );
  return {
    members: rows.map((r) => ({
      ...person(r.user),
      companyName: r.user.companyName,
      period: r.subscription.period,
      endsAt: r.subscription.currentPeriodEnd.toISOString(),
      accountManager: r.user.accountManagerId ? (managers.get(r.user.accountManagerId) ?? null) : null,
    })),
    managers: admins.map(person),
  };
}

/**
 * Assigns an active admin as an Enterprise member's account manager (or removes the assignment with null), in one
 * transaction with its audit row. Only a member on a running Enterprise plan gets one (409 otherwise); removing
 * is always allowed. Assigning the manager the member already has changes and records nothing.
 */
export async function setAccountManager(
  db: Database,
  adminId: string,
  input: SetAccountManagerInput,
  now = new Date(),
): Promise<EnterpriseMember> {
  return db.transaction(async (tx) => {
    const [member] = await tx.select().from(users).where(eq(users.id, input.userId)).for('no key update');
    if (!member || member.deletedAt)
      throw new TRPCError({ code: 'NOT_FOUND', message: MESSAGES.adminUserNotFound });
    const [plan] = await tx
      .select()
      .from(subscriptions)
      .where(and(eq(subscriptions.userId, member.id), enterpriseNow(now)));
    if (input.managerId !== null) {
      if (!plan) throw new TRPCError({ code: 'CONFLICT', message: ACCOUNT_MANAGER_MESSAGES.enterpriseOnly });
      const [manager] = await tx.select().from(users).where(eq(users.id, input.managerId));
      if (manager?.role !== 'admin' || manager.status !== 'active' || manager.deletedAt) {
        throw new TRPCError({ code: 'BAD_REQUEST', message: ACCOUNT_MANAGER_MESSAGES.notAdmin });
      }
    }
    if (member.accountManagerId !== input.managerId) {
      await tx
        .update(users)
        .set({ accountManagerId: input.managerId, updatedAt: now })
        .where(eq(users.id, member.id));
      await writeAudit(tx, {
        actorId: adminId,
        action: 'assign_account_manager',
        targetType: 'user',
        targetId: member.id,
        before: { accountManagerId: member.accountManagerId },
        after: { accountManagerId: input.managerId },
      });
    }
    const managers = await managersById(tx, input.managerId ? [input.managerId] : []);
    return {
      ...person(member),
      companyName: member.companyName,
      period: plan?.period ?? 'monthly',
      endsAt: (plan?.currentPeriodEnd ?? now).toISOString(),
      accountManager: input.managerId ? (managers.get(input.managerId) ?? null) : null,
    };
  });
}

/** The member's own account manager, shown on the dashboard while the member is on a running Enterprise plan. */
export async function myAccountManager(
  db: Executor,
  userId: string,
  now = new Date(),
): Promise<Person | null> {
  const [row] = await db
    .select({ managerId: users.accountManagerId })
    .from(users)
    .innerJoin(subscriptions, eq(subscriptions.userId, users.id))
    .where(and(eq(users.id, userId), enterpriseNow(now)));
  if (!row?.managerId) return null;
  const [manager] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, row.managerId), eq(users.status, 'active'), isNull(users.deletedAt)));
  return manager ? person(manager) : null;
}
