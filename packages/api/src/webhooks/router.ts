import { z } from 'zod';
import type { Context } from '../context';
import { EVENT_DISPATCH_JOB } from '../events/outbox';
import { router, sessionOnlyProcedure } from '../trpc';
import {
  CreateWebhookInput,
  CreateWebhookResult,
  DeliveriesResult,
  DeliveryResult,
  ResendInput,
  SecretResult,
  UpdateWebhookInput,
  WebhookIdInput,
  WebhookResult,
  WebhooksResult,
} from './schemas';
import {
  createWebhook,
  deleteWebhook,
  listDeliveries,
  listWebhooks,
  resendDelivery,
  rotateWebhookSecret,
  sendTestEvent,
  updateWebhook,
  type WebhookContext,
} from './webhooks';

function webhookContext(ctx: Context & { user: { id: string } }): WebhookContext {
  const { services } = ctx;
  return {
    db: services.database.db,
    userId: ctx.user.id,
    isProduction: services.config.isProduction,
    allowLoopback: services.config.webhooks.allowLoopback,
    wake: () => services.jobs?.wake(EVENT_DISPATCH_JOB),
  };
}

/**
 * Partner webhook endpoints (product-spec-3 section 2): managed with a signed-in session only (never an API key),
 * by members on a plan with API access; delivered by the event dispatcher's `webhook` channel (channel.ts).
 */
export const webhooksRouter = router({
  list: sessionOnlyProcedure.output(WebhooksResult).query(({ ctx }) => listWebhooks(webhookContext(ctx))),
  create: sessionOnlyProcedure
    .input(CreateWebhookInput)
    .output(CreateWebhookResult)
    .mutation(({ ctx, input }) => createWebhook(webhookContext(ctx), input)),
  update: sessionOnlyProcedure
    .input(UpdateWebhookInput)
    .output(WebhookResult)
    .mutation(async ({ ctx, input }) => ({ webhook: await updateWebhook(webhookContext(ctx), input) })),
  delete: sessionOnlyProcedure
    .input(WebhookIdInput)
    .output(z.void())
    .mutation(({ ctx, input }) => deleteWebhook(webhookContext(ctx), input.id)),
  rotateSecret: sessionOnlyProcedure
    .input(WebhookIdInput)
    .output(SecretResult)
    .mutation(({ ctx, input }) => rotateWebhookSecret(webhookContext(ctx), input.id)),
  test: sessionOnlyProcedure
    .input(WebhookIdInput)
    .output(DeliveryResult)
    .mutation(async ({ ctx, input }) => ({ delivery: await sendTestEvent(webhookContext(ctx), input.id) })),
  deliveries: sessionOnlyProcedure
    .input(WebhookIdInput)
    .output(DeliveriesResult)
    .query(async ({ ctx, input }) => ({ deliveries: await listDeliveries(webhookContext(ctx), input.id) })),
  resend: sessionOnlyProcedure
    .input(ResendInput)
    .output(DeliveryResult)
    .mutation(async ({ ctx, input }) => ({
      delivery: await resendDelivery(webhookContext(ctx), input.id, input.deliveryId),
    })),
});
