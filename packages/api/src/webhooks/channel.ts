import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { LookupFunction } from 'node:net';
import { type Executor, events, type WebhookEndpointRow, webhookEndpoints } from '@barterads/db';
import { and, eq, sql } from 'drizzle-orm';
import { entitlementsOf, onPlanWhere } from '../entitlements/entitlements';
import type { Channel, DispatchDeps } from '../events/dispatcher';
import { ChannelRefused } from '../events/dispatcher';
import { SYSTEM_ACTOR, writeEvent } from '../events/outbox';
import { EVENT_TYPES, toEventView } from '../events/schemas';
import { checkWebhookUrl, type Lookup, resolveDeliveryAddress } from './security';
import { signatureHeaderFor, toWebhook, WEBHOOK_RETRY_WINDOW_MS, WEBHOOK_TEST_EVENT } from './webhooks';

/** How partner webhooks are delivered (ApiConfig.webhooks, plus the DNS a test replaces). */
export interface WebhookDeliverySettings {
  isProduction: boolean;
  /** WEBHOOK_ALLOW_LOOPBACK: tests may register and deliver to 127.0.0.1 / ::1 (refused in production). */
  allowLoopback: boolean;
  /** The DNS lookup (the system's when not given). */
  lookup?: Lookup;
  /** A delivery's time limit (10 s when not given). */
  timeoutMs?: number;
}

/** A 2xx within this long is a success (product-spec-3 section 2). */
export const WEBHOOK_TIMEOUT_MS = 10_000;
/** Written when an endpoint is disabled: tells its owner (bell and e-mail, through the outbox). */
export const WEBHOOK_DISABLED_EVENT = 'webhook.disabled';

const PARTNER_TYPES: ReadonlySet<string> = new Set(EVENT_TYPES);
const SAFE_DEFAULTS: WebhookDeliverySettings = { isProduction: true, allowLoopback: false };

/** What a POST came to: the receiver's status code (the body is read and dropped, at most 64 KB kept). */
async function post(
  url: URL,
  pinned: { address: string; family: number },
  headers: Record<string, string>,
  body: string,
  timeoutMs: number,
): Promise<number> {
  // The connection goes to the address checked, whatever a second lookup would say (DNS rebinding); the URL's
  // host name still names the host (Host header, TLS server name and certificate check).
  const lookup: LookupFunction = (_hostname, options, callback) => {
    if (options.all) callback(null, [{ address: pinned.address, family: pinned.family }]);
    else callback(null, pinned.address, pinned.family);
  };
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise<number>((resolve, reject) => {
    const req = send(
      url,
      {
        method: 'POST',
        lookup,
        headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
        signal: AbortSignal.timeout(timeoutMs),
        agent: false,
      },
      (res) => {
        let kept = 0;
        res.on('data', (chunk: Buffer) => {
          kept += chunk.length;
          if (kept > 65_536) res.destroy();
        });
        res.on('end', () => resolve(res.statusCode ?? 0));
        res.on('close', () => resolve(res.statusCode ?? 0));
        res.on('error', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', (error) =>
      reject(error.name === 'AbortError' ? new Error(`no answer within ${timeoutMs / 1000} s`) : error),
    );
    req.end(body);
  });
}

/**
 * The partner webhooks channel: an event goes to every active endpoint of a member in its audience that wants its
 * type (the member still on a plan with API access); each delivery POSTs the event as JSON, signed, to the address
 * the URL's host resolves to now, checked again (no SSRF); a 2xx within 10 s delivers it, anything else is retried
 * with growing delays for 3 days, after which the endpoint is disabled and its owner told.
 */
export function webhookChannel(deps: Pick<DispatchDeps, 'webhooks' | 'now'>): Channel {
  const settings = deps.webhooks ?? SAFE_DEFAULTS;
  const allowLoopback = settings.allowLoopback && !settings.isProduction;
  return {
    name: 'webhook',
    // The window decides (3 days of doubling delays, capped at 6 hours, is about 20 attempts).
    maxAttempts: 1_000,
    retryWindowMs: WEBHOOK_RETRY_WINDOW_MS,
    async targets(event, tx) {
      if (!PARTNER_TYPES.has(event.type) || event.audience.length === 0) return [];
      const rows = await tx
        .select({ id: webhookEndpoints.id })
        .from(webhookEndpoints)
        .where(
          and(
            eq(webhookEndpoints.status, 'active'),
            sql`${webhookEndpoints.userId} = any(${sql`array[${sql.join(
              event.audience.map((id) => sql`${id}::uuid`),
              sql`, `,
            )}]`})`,
            sql`${event.type} = any(${webhookEndpoints.types})`,
            onPlanWhere(webhookEndpoints.userId, (e) => e.apiAccess, deps.now?.()),
          ),
        );
      return rows.map((r) => r.id);
    },
    async deliver(tx, event, target) {
      const [endpoint] = await tx
        .select()
        .from(webhookEndpoints)
        .where(eq(webhookEndpoints.id, target))
        .limit(1);
      if (endpoint?.status !== 'active') return 'skipped';
      if (!(await entitlementsOf(tx, endpoint.userId, deps.now?.())).apiAccess) return 'skipped';
      const timeoutMs = settings.timeoutMs ?? WEBHOOK_TIMEOUT_MS;
      // The endpoint read in the delivery's transaction; the DNS lookup and the POST after it committed, holding
      // no database connection (a slow partner must not hold the pool).
      return {
        timeoutMs,
        async call() {
          const refused = checkWebhookUrl(endpoint.url, settings.isProduction, allowLoopback);
          if (refused) throw new Error(refused);
          const url = new URL(endpoint.url);
          const pinned = await resolveDeliveryAddress(endpoint.url, settings.lookup, allowLoopback);
          const body = JSON.stringify(toEventView(event));
          // Signed by the wall clock: the receiver checks the timestamp against its own.
          const signature = signatureHeaderFor(endpoint, body, new Date());
          const status = await post(
            url,
            pinned,
            {
              'content-type': 'application/json',
              'user-agent': 'BarterAds-Webhooks/1',
              'barterads-signature': signature,
              'barterads-event-id': event.id,
              'barterads-event-type': event.type,
            },
            body,
            timeoutMs,
          );
          if (status < 200 || status >= 300)
            throw new ChannelRefused(`the endpoint answered ${status}`, status);
          return { status: 'delivered', statusCode: status };
        },
      };
    },
    async onGiveUp(tx, delivery, now) {
      const [event] = await tx
        .select({ type: events.type })
        .from(events)
        .where(eq(events.id, delivery.eventId))
        .limit(1);
      // A test event that failed says so in the list; it does not disable the endpoint.
      if (!event || event.type === WEBHOOK_TEST_EVENT) return;
      await disableEndpoint(tx, delivery.target, now, 'Deliveries failed for 3 days.');
    },
  };
}

/** Disables an active endpoint (its pending deliveries are skipped when due) and tells its owner, once. */
export async function disableEndpoint(
  tx: Executor,
  endpointId: string,
  now: Date,
  reason: string,
): Promise<WebhookEndpointRow | undefined> {
  const [row] = await tx
    .update(webhookEndpoints)
    .set({ status: 'disabled', disabledAt: now, disabledReason: reason })
    .where(and(eq(webhookEndpoints.id, endpointId), eq(webhookEndpoints.status, 'active')))
    .returning();
  if (!row) return undefined;
  await writeEvent(tx, {
    type: WEBHOOK_DISABLED_EVENT,
    actor: SYSTEM_ACTOR,
    resourceType: 'webhook',
    resourceId: row.id,
    audience: [row.userId],
    data: { webhook: toWebhook(row, now) },
  });
  return row;
}
