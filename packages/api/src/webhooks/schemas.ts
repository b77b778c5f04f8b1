import { z } from 'zod';
import { EVENT_TYPES } from '../events/schemas';

/** Endpoints a member may register. */
export const MAX_WEBHOOK_ENDPOINTS = 10;

export const Webhook = z.object({
  _id: z.string(),
  url: z.string(),
  types: z.array(z.string()),
  /** `disabled` after 3 days of failed deliveries (or by its owner); PATCH `enabled: true` turns it back on. */
  status: z.enum(['active', 'disabled']),
  disabledReason: z.string().nullable(),
  disabledAt: z.string().nullable(),
  /** While a rotated-out secret still signs (24 hours after a rotation): deliveries carry both signatures. */
  previousSecretExpiresAt: z.string().nullable(),
  createdAt: z.string(),
});
export type Webhook = z.infer<typeof Webhook>;

const TYPES_MESSAGE = `Choose at least one event type: ${EVENT_TYPES.join(', ')}.`;
const types = z
  .array(z.enum(EVENT_TYPES, { error: TYPES_MESSAGE }), { error: TYPES_MESSAGE })
  .min(1, TYPES_MESSAGE)
  .transform((list) => [...new Set(list)]);
const url = z
  .string({ error: 'Enter the full address of your endpoint, starting with https://.' })
  .trim()
  .min(1, 'Enter the full address of your endpoint, starting with https://.')
  .max(2000, 'The address can be at most 2,000 characters.');

export const CreateWebhookInput = z.object({ url, types });
export type CreateWebhookInput = z.infer<typeof CreateWebhookInput>;

export const WebhookIdInput = z.object({ id: z.uuid({ error: 'No such webhook endpoint.' }) });

export const UpdateWebhookInput = WebhookIdInput.extend({
  url: url.optional(),
  types: types.optional(),
  /** true turns a disabled endpoint back on; false turns it off (its pending deliveries are skipped). */
  enabled: z.boolean({ error: 'enabled must be true or false.' }).optional(),
});
export type UpdateWebhookInput = z.infer<typeof UpdateWebhookInput>;

export const ResendInput = WebhookIdInput.extend({
  deliveryId: z.uuid({ error: 'No such delivery.' }),
});

export const WebhookDelivery = z.object({
  _id: z.string(),
  eventId: z.string(),
  eventType: z.string(),
  /** `pending` (waiting for its next attempt), `delivered`, `skipped` (endpoint off) or `failed` (gave up). */
  status: z.enum(['pending', 'delivered', 'skipped', 'failed']),
  attempts: z.number().int(),
  lastStatusCode: z.number().int().nullable(),
  lastError: z.string().nullable(),
  /** When it is tried next (null unless pending). */
  nextAttemptAt: z.string().nullable(),
  deliveredAt: z.string().nullable(),
  createdAt: z.string(),
});
export type WebhookDelivery = z.infer<typeof WebhookDelivery>;

export const WebhooksResult = z.object({ webhooks: z.array(Webhook), apiAccess: z.boolean() });
export const CreateWebhookResult = z.object({
  webhook: Webhook,
  /** Shown once: keep it to check the BarterAds-Signature of each delivery. */
  secret: z.string(),
});
export const WebhookResult = z.object({ webhook: Webhook });
export const SecretResult = z.object({ secret: z.string(), webhook: Webhook });
export const DeliveryResult = z.object({ delivery: WebhookDelivery });
export const DeliveriesResult = z.object({ deliveries: z.array(WebhookDelivery) });
