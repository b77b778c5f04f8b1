import { createHmac, randomBytes } from 'node:crypto';
import {
  type Database,
  type EventDeliveryRow,
  eventDeliveries,
  events,
  type WebhookEndpointRow,
  webhookEndpoints,
} from '@barterads/db';
import { TRPCError } from '@trpc/server';
import { and, count, desc, eq } from 'drizzle-orm';
import { entitlementsOf } from '../entitlements/entitlements';
import { writeEvent } from '../events/outbox';
import type { CreateWebhookInput, UpdateWebhookInput, Webhook, WebhookDelivery } from './schemas';
import { MAX_WEBHOOK_ENDPOINTS } from './schemas';
import { checkWebhookUrl } from './security';

/** How long a rotated-out secret still signs deliveries (both signatures are sent meanwhile). */
export const PREVIOUS_SECRET_LIFETIME_MS = 24 * 60 * 60 * 1000;
/** Deliveries a list shows (newest first). */
const DELIVERIES_SHOWN = 50;
/** The test event's type (not a partner event: never fanned out, never listed by GET /api/events). */
export const WEBHOOK_TEST_EVENT = 'webhook.test';
/** Deliveries are retried with growing delays for this long, then the endpoint is disabled. */
export const WEBHOOK_RETRY_WINDOW_MS = 3 * 24 * 60 * 60 * 1000;

export const WEBHOOK_MESSAGES = {
  planRequired: 'Webhooks come with the Professional and Enterprise plans. Upgrade to add an endpoint.',
  limit: `You can have at most ${MAX_WEBHOOK_ENDPOINTS} webhook endpoints. Delete one first.`,
  notFound: 'No such webhook endpoint.',
  deliveryNotFound: 'No such delivery for this endpoint.',
  disabled: 'This endpoint is disabled: enable it first.',
} as const;

/** `whsec_` and 32 random bytes in hex: what the partner keys its HMAC with. */
function newSecret(): string {
  return `whsec_${randomBytes(32).toString('hex')}`;
}

export function toWebhook(row: WebhookEndpointRow, now: Date = new Date()): Webhook {
  const previousLive = row.previousSecret && row.previousSecretExpiresAt && row.previousSecretExpiresAt > now;
  return {
    _id: row.id,
    url: row.url,
    types: row.types,
    status: row.status,
    disabledReason: row.disabledReason,
    disabledAt: row.disabledAt?.toISOString() ?? null,
    previousSecretExpiresAt: previousLive ? row.previousSecretExpiresAt!.toISOString() : null,
    createdAt: row.createdAt.toISOString(),
  };
}

export function toDelivery(row: EventDeliveryRow, eventType: string): WebhookDelivery {
  return {
    _id: row.id,
    eventId: row.eventId,
    eventType,
    status: row.status,
    attempts: row.attempts,
    lastStatusCode: row.lastStatusCode,
    lastError: row.lastError,
    nextAttemptAt: row.status === 'pending' ? row.nextAttemptAt.toISOString() : null,
    deliveredAt: row.deliveredAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * `BarterAds-Signature` for a delivery: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body">` under the endpoint's
 * secret, and a second `v1` under the rotated-out secret while it is still live (receivers accept either).
 */
export function signatureHeaderFor(
  endpoint: Pick<WebhookEndpointRow, 'secret' | 'previousSecret' | 'previousSecretExpiresAt'>,
  body: string,
  at: Date,
): string {
  const t = Math.floor(at.getTime() / 1000);
  const secrets = [endpoint.secret];
  if (endpoint.previousSecret && endpoint.previousSecretExpiresAt && endpoint.previousSecretExpiresAt > at) {
    secrets.push(endpoint.previousSecret);
  }
  const v1 = secrets.map((s) => `v1=${createHmac('sha256', s).update(`${t}.${body}`).digest('hex')}`);
  return [`t=${t}`, ...v1].join(',');
}

export interface WebhookContext {
  db: Database;
  userId: string;
  isProduction: boolean;
  /** WEBHOOK_ALLOW_LOOPBACK (tests; never in production). */
  allowLoopback: boolean;
  /** Wakes the dispatcher (a test event, a resend). */
  wake: () => void;
  now?: Date;
}

async function requireApiAccess(ctx: WebhookContext): Promise<void> {
  if (!(await entitlementsOf(ctx.db, ctx.userId)).apiAccess) {
    throw new TRPCError({ code: 'FORBIDDEN', message: WEBHOOK_MESSAGES.planRequired });
  }
}

function checkUrl(ctx: WebhookContext, url: string): void {
  const refused = checkWebhookUrl(url, ctx.isProduction, ctx.allowLoopback && !ctx.isProduction);
  if (refused) throw new TRPCError({ code: 'BAD_REQUEST', message: refused });
}

async function ownEndpoint(ctx: WebhookContext, id: string): Promise<WebhookEndpointRow> {
  const [row] = await ctx.db
    .select()
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.userId, ctx.userId)))
    .limit(1);
  if (!row) throw new TRPCError({ code: 'NOT_FOUND', message: WEBHOOK_MESSAGES.notFound });
  return row;
}

export async function listWebhooks(
  ctx: WebhookContext,
): Promise<{ webhooks: Webhook[]; apiAccess: boolean }> {
  const [rows, entitlements] = await Promise.all([
    ctx.db
      .select()
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.userId, ctx.userId))
      .orderBy(desc(webhookEndpoints.createdAt)),
    entitlementsOf(ctx.db, ctx.userId),
  ]);
  return { webhooks: rows.map((r) => toWebhook(r, ctx.now)), apiAccess: entitlements.apiAccess };
}

export async function createWebhook(
  ctx: WebhookContext,
  input: CreateWebhookInput,
): Promise<{ webhook: Webhook; secret: string }> {
  await requireApiAccess(ctx);
  checkUrl(ctx, input.url);
  const secret = newSecret();
  const row = await ctx.db.transaction(async (tx) => {
    const [mine] = await tx
      .select({ n: count() })
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.userId, ctx.userId));
    if ((mine?.n ?? 0) >= MAX_WEBHOOK_ENDPOINTS) {
      throw new TRPCError({ code: 'FORBIDDEN', message: WEBHOOK_MESSAGES.limit });
    }
    const [created] = await tx
      .insert(webhookEndpoints)
      .values({ userId: ctx.userId, url: input.url, types: input.types, secret })
      .returning();
    return created!;
  });
  return { webhook: toWebhook(row, ctx.now), secret };
}

export async function updateWebhook(ctx: WebhookContext, input: UpdateWebhookInput): Promise<Webhook> {
  await ownEndpoint(ctx, input.id);
  if (input.enabled !== false) await requireApiAccess(ctx);
  if (input.url !== undefined) checkUrl(ctx, input.url);
  const [row] = await ctx.db
    .update(webhookEndpoints)
    .set({
      ...(input.url !== undefined ? { url: input.url } : {}),
      ...(input.types !== undefined ? { types: input.types } : {}),
      ...(input.enabled === true
        ? { status: 'active' as const, disabledAt: null, disabledReason: null }
        : {}),
      ...(input.enabled === false
        ? {
            status: 'disabled' as const,
            disabledAt: ctx.now ?? new Date(),
            disabledReason: 'Turned off by you.',
          }
        : {}),
    })
    .where(and(eq(webhookEndpoints.id, input.id), eq(webhookEndpoints.userId, ctx.userId)))
    .returning();
  return toWebhook(row!, ctx.now);
}

export async function deleteWebhook(ctx: WebhookContext, id: string): Promise<void> {
  await ownEndpoint(ctx, id);
  // Its deliveries' rows stay with their events (the target is the endpoint's id); they are skipped when due.
  await ctx.db
    .delete(webhookEndpoints)
    .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.userId, ctx.userId)));
}

/** A new secret, shown once; the old one keeps signing (as a second `v1`) for 24 hours. */
export async function rotateWebhookSecret(
  ctx: WebhookContext,
  id: string,
): Promise<{ secret: string; webhook: Webhook }> {
  await requireApiAccess(ctx);
  const current = await ownEndpoint(ctx, id);
  const now = ctx.now ?? new Date();
  const secret = newSecret();
  const [row] = await ctx.db
    .update(webhookEndpoints)
    .set({
      secret,
      previousSecret: current.secret,
      previousSecretExpiresAt: new Date(now.getTime() + PREVIOUS_SECRET_LIFETIME_MS),
    })
    .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.secret, current.secret)))
    .returning();
  // A rotation raced by another: the other's answer holds the secret that signs now.
  if (!row)
    throw new TRPCError({ code: 'CONFLICT', message: 'The secret was rotated meanwhile: try again.' });
  return { secret, webhook: toWebhook(row, now) };
}

/**
 * A test event to this endpoint alone: a `webhook.test` event (not a partner event: never fanned out, not listed by
 * GET /api/events) and its one delivery, tried once by the dispatcher, woken now.
 */
export async function sendTestEvent(ctx: WebhookContext, id: string): Promise<WebhookDelivery> {
  await requireApiAccess(ctx);
  const endpoint = await ownEndpoint(ctx, id);
  if (endpoint.status !== 'active')
    throw new TRPCError({ code: 'CONFLICT', message: WEBHOOK_MESSAGES.disabled });
  const now = ctx.now ?? new Date();
  const delivery = await ctx.db.transaction(async (tx) => {
    const event = await writeEvent(tx, {
      type: WEBHOOK_TEST_EVENT,
      actor: { kind: 'user', id: ctx.userId },
      resourceType: 'webhook',
      resourceId: endpoint.id,
      audience: [ctx.userId],
      data: {
        webhook: toWebhook(endpoint, now),
        message: 'A test event from BarterAds: your endpoint is reachable and checks signatures.',
      },
    });
    await tx.update(events).set({ dispatchedAt: now }).where(eq(events.id, event.id));
    const [row] = await tx
      .insert(eventDeliveries)
      .values({
        eventId: event.id,
        channel: 'webhook',
        target: endpoint.id,
        nextAttemptAt: now,
        retryUntil: now,
      })
      .returning();
    return row!;
  });
  ctx.wake();
  return toDelivery(delivery, WEBHOOK_TEST_EVENT);
}

export async function listDeliveries(ctx: WebhookContext, id: string): Promise<WebhookDelivery[]> {
  await ownEndpoint(ctx, id);
  const rows = await ctx.db
    .select({ delivery: eventDeliveries, type: events.type })
    .from(eventDeliveries)
    .innerJoin(events, eq(events.id, eventDeliveries.eventId))
    .where(and(eq(eventDeliveries.channel, 'webhook'), eq(eventDeliveries.target, id)))
    .orderBy(desc(eventDeliveries.createdAt), desc(events.sequence))
    .limit(DELIVERIES_SHOWN);
  return rows.map((r) => toDelivery(r.delivery, r.type));
}

/** Sends a delivery again now (with a fresh retry window; a test event's once). */
export async function resendDelivery(
  ctx: WebhookContext,
  id: string,
  deliveryId: string,
): Promise<WebhookDelivery> {
  await requireApiAccess(ctx);
  const endpoint = await ownEndpoint(ctx, id);
  if (endpoint.status !== 'active')
    throw new TRPCError({ code: 'CONFLICT', message: WEBHOOK_MESSAGES.disabled });
  const now = ctx.now ?? new Date();
  const [found] = await ctx.db
    .select({ type: events.type })
    .from(eventDeliveries)
    .innerJoin(events, eq(events.id, eventDeliveries.eventId))
    .where(
      and(
        eq(eventDeliveries.id, deliveryId),
        eq(eventDeliveries.channel, 'webhook'),
        eq(eventDeliveries.target, endpoint.id),
      ),
    )
    .limit(1);
  if (!found) throw new TRPCError({ code: 'NOT_FOUND', message: WEBHOOK_MESSAGES.deliveryNotFound });
  const [row] = await ctx.db
    .update(eventDeliveries)
    .set({
      status: 'pending',
      nextAttemptAt: now,
      retryUntil: new Date(now.getTime() + (found.type === WEBHOOK_TEST_EVENT ? 0 : WEBHOOK_RETRY_WINDOW_MS)),
      deliveredAt: null,
    })
    .where(eq(eventDeliveries.id, deliveryId))
    .returning();
  ctx.wake();
  return toDelivery(row!, found.type);
}
