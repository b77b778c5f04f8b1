import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { checkoutExtraOrigins, checkoutScriptUrl, RAZORPAY_CHECKOUT_SCRIPT } from './gateway';
import { isValidCheckoutSignature, isValidWebhookSignature, signaturesMatch } from './signatures';
import { addPeriod } from './subscriptions';

const hmac = (secret: string, text: string) => createHmac('sha256', secret).update(text).digest('hex');

describe('Razorpay signatures', () => {
  it('accepts checkout signatures over "order_id|payment_id" with the key secret only', () => {
    const good = hmac('key-secret', 'order_A|pay_B');
    expect(isValidCheckoutSignature('key-secret', 'order_A', 'pay_B', good)).toBe(true);
    expect(isValidCheckoutSignature('key-secret', 'order_A', 'pay_B', good.toUpperCase())).toBe(true);
    expect(isValidCheckoutSignature('other-secret', 'order_A', 'pay_B', good)).toBe(false);
    expect(isValidCheckoutSignature('key-secret', 'order_X', 'pay_B', good)).toBe(false);
    expect(isValidCheckoutSignature('key-secret', 'order_A', 'pay_C', good)).toBe(false);
    expect(isValidCheckoutSignature('key-secret', 'order_A', 'pay_B', good.slice(1))).toBe(false);
    expect(isValidCheckoutSignature('key-secret', 'order_A', 'pay_B', `${good.slice(0, 63)}z`)).toBe(false);
    expect(isValidCheckoutSignature('key-secret', 'order_A', 'pay_B', '')).toBe(false);
  });

  it('accepts webhook signatures over the exact raw body with the webhook secret', () => {
    const body = '{"event":"order.paid"}';
    expect(isValidWebhookSignature('hook', body, hmac('hook', body))).toBe(true);
    expect(isValidWebhookSignature('hook', `${body}\n`, hmac('hook', body))).toBe(false);
    expect(isValidWebhookSignature('key', body, hmac('hook', body))).toBe(false);
  });

  it('never throws on malformed signatures', () => {
    expect(signaturesMatch('ab'.repeat(32), 'not hex at all')).toBe(false);
    expect(signaturesMatch('ab'.repeat(32), 'abc')).toBe(false);
  });
});

describe('billing periods', () => {
  it('adds a calendar month or year in UTC', () => {
    expect(addPeriod(new Date('2026-01-15T10:00:00Z'), 'monthly').toISOString()).toBe(
      '2026-02-15T10:00:00.000Z',
    );
    expect(addPeriod(new Date('2026-12-15T10:00:00Z'), 'monthly').toISOString()).toBe(
      '2027-01-15T10:00:00.000Z',
    );
    expect(addPeriod(new Date('2026-03-01T00:00:00Z'), 'yearly').toISOString()).toBe(
      '2027-03-01T00:00:00.000Z',
    );
  });
});

describe('checkout script location', () => {
  const config = { keyId: 'k', keySecret: 's', webhookSecret: undefined };
  it('is Razorpay in real use, and the stand-in with a stand-in API URL', () => {
    expect(checkoutScriptUrl({ ...config, apiUrl: 'https://api.razorpay.com' })).toBe(
      RAZORPAY_CHECKOUT_SCRIPT,
    );
    expect(checkoutExtraOrigins({ ...config, apiUrl: 'https://api.razorpay.com/' })).toEqual([]);
    expect(checkoutScriptUrl({ ...config, apiUrl: 'http://127.0.0.1:9999/' })).toBe(
      'http://127.0.0.1:9999/v1/checkout.js',
    );
    expect(checkoutExtraOrigins({ ...config, apiUrl: 'http://127.0.0.1:9999' })).toEqual([
      'http://127.0.0.1:9999',
    ]);
  });
});
