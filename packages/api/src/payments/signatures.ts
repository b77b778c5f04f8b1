import { createHmac, timingSafeEqual } from 'node:crypto';

function hmacHex(secret: string, message: string): string {
  return createHmac('sha256', secret).update(message, 'utf8').digest('hex');
}

/** Constant-time comparison of two hex signatures (false for any malformed input). */
export function signaturesMatch(expected: string, given: string): boolean {
  if (!/^[0-9a-f]+$/i.test(given) || given.length !== expected.length) return false;
  return timingSafeEqual(Buffer.from(expected, 'hex'), Buffer.from(given.toLowerCase(), 'hex'));
}

/** Checkout: HMAC-SHA256 of `order_id|payment_id` with the key secret (Razorpay's documented scheme). */
export function isValidCheckoutSignature(
  keySecret: string,
  orderId: string,
  paymentId: string,
  signature: string,
): boolean {
  return signaturesMatch(hmacHex(keySecret, `${orderId}|${paymentId}`), signature);
}

/** Webhook: HMAC-SHA256 of the raw request body with the webhook secret. */
export function isValidWebhookSignature(webhookSecret: string, rawBody: string, signature: string): boolean {
  return signaturesMatch(hmacHex(webhookSecret, rawBody), signature);
}
