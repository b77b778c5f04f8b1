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

  it('clamps to the last day of a shorter month instead of spilling into the next', () => {
    const monthly = (iso: string) => addPeriod(new Date(iso), 'monthly').toISOString();
    const yearly = (iso: string) => addPeriod(new Date(iso), 'yearly').toISOString();
    expect(monthly('2026-01-31T10:00:00Z')).toBe('2026-02-28T10:00:00.000Z');
    expect(monthly('2028-01-31T10:00:00Z')).toBe('2028-02-29T10:00:00.000Z');
    expect(monthly('2026-03-31T23:59:59Z')).toBe('2026-04-30T23:59:59.000Z');
    expect(monthly('2026-05-31T00:00:00Z')).toBe('2026-06-30T00:00:00.000Z');
    expect(monthly('2026-08-31T12:00:00Z')).toBe('2026-09-30T12:00:00.000Z');
    expect(monthly('2026-12-31T18:30:00Z')).toBe('2027-01-31T18:30:00.000Z');
    expect(monthly('2028-02-29T05:00:00Z')).toBe('2028-03-29T05:00:00.000Z');
    expect(monthly('2026-02-28T05:00:00Z')).toBe('2026-03-28T05:00:00.000Z');
    expect(yearly('2028-02-29T05:00:00Z')).toBe('2029-02-28T05:00:00.000Z');
    expect(yearly('2027-02-28T05:00:00Z')).toBe('2028-02-28T05:00:00.000Z');
  });

  it.each(['UTC', 'Asia/Kolkata', 'America/Los_Angeles'])('counts in UTC with the server in %s', (zone) => {
    const before = process.env.TZ;
    process.env.TZ = zone;
    try {
      // 31 January 20:00 UTC is already 1 February in India, still 31 January in California.
      expect(addPeriod(new Date('2026-01-31T20:00:00Z'), 'monthly').toISOString()).toBe(
        '2026-02-28T20:00:00.000Z',
      );
      expect(addPeriod(new Date('2026-03-31T02:00:00Z'), 'monthly').toISOString()).toBe(
        '2026-04-30T02:00:00.000Z',
      );
      // 30 April 20:00 UTC is 1 May in India: a month later in UTC is 30 May, not 1 June's eve.
      expect(addPeriod(new Date('2026-04-30T20:00:00Z'), 'monthly').toISOString()).toBe(
        '2026-05-30T20:00:00.000Z',
      );
    } finally {
      if (before === undefined) delete process.env.TZ;
      else process.env.TZ = before;
    }
  });
});

describe('checkout script location', () => {
  const config = { keyId: 'k', keySecret: 's', webhookSecret: undefined, timeoutMs: 8_000 };
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
