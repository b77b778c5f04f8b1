import { createHash } from 'node:crypto';
import { MESSAGES } from '@barterads/core';
import { paymentEvents } from '@barterads/db';
import { TRPCError } from '@trpc/server';
import type { Context } from '../context';
import { payCommissionOrder } from '../deals/commission';
import { applyRefundEvent } from './refunds';
import type { WebhookInput } from './schemas';
import { isValidWebhookSignature } from './signatures';
import { activatePaidOrder, recordFailedPayment } from './subscriptions';

type Json = Record<string, unknown>;

function obj(value: unknown): Json | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Json) : undefined;
}

function str(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}

function num(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}

/** The entity of `payload.<name>.entity` in a Razorpay event. */
function entity(event: Json, name: string): Json | undefined {
  return obj(obj(obj(event.payload)?.[name])?.entity);
}

export type WebhookStatus = 'processed' | 'duplicate' | 'ignored';

/**
 * Razorpay's webhook: the signature is checked on the raw body with the webhook secret; each event id is
 * applied once (recorded in the same transaction as its effect); `order.paid` and `payment.captured`
 * activate, `payment.failed` records, `refund.processed` and `refund.failed` settle a refund we made. Repeated and reordered deliveries leave the same state.
 */
export async function handleWebhook(
  ctx: Pick<Context, 'services'>,
  input: WebhookInput,
): Promise<{ status: WebhookStatus }> {
  const secret = ctx.services.config.razorpay?.webhookSecret;
  if (!secret) throw new TRPCError({ code: 'SERVICE_UNAVAILABLE', message: MESSAGES.paymentsNotConfigured });
  if (!input.signature || !isValidWebhookSignature(secret, input.rawBody, input.signature)) {
    throw new TRPCError({ code: 'BAD_REQUEST', message: MESSAGES.webhookSignatureInvalid });
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(input.rawBody);
  } catch {
    throw new TRPCError({ code: 'BAD_REQUEST', message: 'Malformed JSON body.' });
  }
  const event = obj(parsed);
  const type = str(event?.event);
  if (!event || !type) throw new TRPCError({ code: 'BAD_REQUEST', message: 'Not a Razorpay event.' });

  const payment = entity(event, 'payment');
  const order = entity(event, 'order');
  const razorpayOrderId = str(order?.id) ?? str(payment?.order_id);
  // Razorpay names each event in the X-Razorpay-Event-Id header; without it the body itself identifies it.
  const eventId = input.eventId ?? `sha256:${createHash('sha256').update(input.rawBody).digest('hex')}`;
  const logger = ctx.services.logger;

  return ctx.services.database.db.transaction(async (tx) => {
    const inserted = await tx
      .insert(paymentEvents)
      .values({ eventId, type, razorpayOrderId: razorpayOrderId ?? null, payload: event })
      .onConflictDoNothing()
      .returning({ eventId: paymentEvents.eventId });
    if (inserted.length === 0) return { status: 'duplicate' as const };
    if (type === 'refund.processed' || type === 'refund.failed') {
      const refundId = str(entity(event, 'refund')?.id);
      if (!refundId) return { status: 'ignored' as const };
      const applied = await applyRefundEvent(
        tx,
        refundId,
        type === 'refund.processed' ? 'processed' : 'failed',
      );
      if (applied) logger.info({ refundId, eventId, type }, 'refund updated');
      return { status: applied ? ('processed' as const) : ('ignored' as const) };
    }
    if (!razorpayOrderId) return { status: 'ignored' as const };

    if (type === 'order.paid' || type === 'payment.captured') {
      const paymentId = str(payment?.id);
      if (!paymentId) return { status: 'ignored' as const };
      const paidAmount = num(payment?.amount) ?? num(order?.amount_paid);
      const outcome = await activatePaidOrder(
        tx,
        razorpayOrderId,
        paymentId,
        paidAmount,
        ctx.services.config.seller,
      );
      if (outcome.kind === 'amount-mismatch') {
        logger.error(
          { orderId: razorpayOrderId, eventId, paidAmount },
          'webhook amount does not match order',
        );
        return { status: 'ignored' as const };
      }
      if (outcome.kind === 'unknown-order') {
        // Not a plan's order: perhaps a deal's commission (deals/commission.ts), paid once the same way.
        const commission = await payCommissionOrder(
          tx,
          ctx.services.config.seller,
          razorpayOrderId,
          paymentId,
          paidAmount,
        );
        if (commission === 'paid')
          logger.info({ orderId: razorpayOrderId, via: 'webhook', eventId }, 'commission paid');
        return {
          status:
            commission === 'paid' || commission === 'already-paid'
              ? ('processed' as const)
              : ('ignored' as const),
        };
      }
      if (outcome.kind === 'activated') {
        logger.info({ orderId: razorpayOrderId, via: 'webhook', eventId }, 'subscription activated');
      }
      return { status: 'processed' as const };
    }
    if (type === 'payment.failed') {
      const recorded = await recordFailedPayment(
        tx,
        razorpayOrderId,
        str(payment?.id),
        str(payment?.error_description),
      );
      return { status: recorded ? ('processed' as const) : ('ignored' as const) };
    }
    return { status: 'ignored' as const };
  });
}
