/**
 * A local stand-in for Razorpay: the Orders API the `razorpay` SDK calls (point RAZORPAY_API_URL at `url`),
 * a checkout.js double for browsers, and helpers that sign payments and webhooks exactly as Razorpay does.
 * It never talks to the internet.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** How the Orders API behaves: answer, fail with 500, never answer, or answer a different amount. */
export type FakeRazorpayMode = 'ok' | 'error' | 'hang' | 'wrong-amount';
/** What the checkout double does when opened. */
export type FakeCheckoutOutcome = 'success' | 'failure';

export interface FakeOrder {
  id: string;
  entity: 'order';
  amount: number;
  amount_paid: number;
  amount_due: number;
  currency: string;
  receipt: string | null;
  status: 'created' | 'attempted' | 'paid';
  attempts: number;
  notes: Record<string, string>;
  created_at: number;
}

export interface FakeRefund {
  id: string;
  entity: 'refund';
  amount: number;
  currency: string;
  payment_id: string;
  notes: Record<string, string>;
  status: 'pending' | 'processed' | 'failed';
  created_at: number;
}

export interface SignedPayment {
  razorpay_order_id: string;
  razorpay_payment_id: string;
  razorpay_signature: string;
}

export interface FakeWebhook {
  /** The raw JSON body to POST. */
  body: string;
  /** content-type, X-Razorpay-Signature and X-Razorpay-Event-Id. */
  headers: Record<string, string>;
  eventId: string;
}

export interface FakeRazorpayOptions {
  keyId?: string;
  keySecret?: string;
  webhookSecret?: string;
  port?: number;
}

export interface FakeRazorpay {
  url: string;
  keyId: string;
  keySecret: string;
  webhookSecret: string;
  orders: Map<string, FakeOrder>;
  /** Refunds made through the refund API (POST /v1/payments/{id}/refund), by refund id. */
  refunds: Map<string, FakeRefund>;
  /** Every request the Orders API received (method and path). */
  requests: Array<{ method: string; path: string }>;
  mode: FakeRazorpayMode;
  checkoutOutcome: FakeCheckoutOutcome;
  /** A successful checkout response for an order, signed with the key secret. */
  signPayment(orderId: string, paymentId?: string): SignedPayment;
  /** HMAC-SHA256 hex of a raw webhook body with the webhook secret. */
  signWebhook(rawBody: string): string;
  /** A signed Razorpay webhook delivery for an order. */
  webhook(
    event: 'order.paid' | 'payment.captured' | 'payment.failed',
    orderId: string,
    options?: { paymentId?: string; amount?: number; eventId?: string },
  ): FakeWebhook;
  /** A signed refund webhook (`refund.processed` or `refund.failed`) for a refund the fake made. */
  refundWebhook(
    event: 'refund.processed' | 'refund.failed',
    refundId: string,
    options?: { eventId?: string },
  ): FakeWebhook;
  close(): Promise<void>;
}

export const FAKE_RAZORPAY_DEFAULTS = {
  keyId: 'rzp_test_fake000000000',
  keySecret: 'fake-razorpay-key-secret',
  webhookSecret: 'fake-razorpay-webhook-secret',
} as const;

function hmac(secret: string, message: string): string {
  return createHmac('sha256', secret).update(message).digest('hex');
}

function randomId(prefix: string): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  const bytes = randomBytes(14);
  let id = '';
  for (const byte of bytes) id += alphabet[byte % alphabet.length];
  return `${prefix}_${id}`;
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

function send(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
}

function razorpayError(response: ServerResponse, status: number, description: string): void {
  send(response, status, { error: { code: 'BAD_REQUEST_ERROR', description, source: 'NA', step: 'NA' } });
}

/** The checkout.js double: `new Razorpay(options).open()` asks the fake to pay the order, then calls back. */
function checkoutScript(url: string): string {
  return `(function () {
  function FakeRazorpay(options) { this.options = options || {}; this.listeners = {}; }
  FakeRazorpay.prototype.on = function (name, cb) { (this.listeners[name] = this.listeners[name] || []).push(cb); };
  FakeRazorpay.prototype.open = function () {
    var self = this;
    fetch(${JSON.stringify(`${url}/_fake/checkout/pay`)}, {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: JSON.stringify({ order_id: self.options.order_id, key: self.options.key, amount: self.options.amount })
    }).then(function (r) { return r.json(); }).then(function (answer) {
      if (answer.ok) { if (self.options.handler) self.options.handler(answer.response); return; }
      (self.listeners['payment.failed'] || []).forEach(function (cb) { cb({ error: answer.error }); });
    }).catch(function () {
      var modal = self.options.modal || {};
      if (modal.ondismiss) modal.ondismiss();
    });
  };
  window.Razorpay = FakeRazorpay;
})();
`;
}

export async function startFakeRazorpay(options: FakeRazorpayOptions = {}): Promise<FakeRazorpay> {
  const keyId = options.keyId ?? FAKE_RAZORPAY_DEFAULTS.keyId;
  const keySecret = options.keySecret ?? FAKE_RAZORPAY_DEFAULTS.keySecret;
  const webhookSecret = options.webhookSecret ?? FAKE_RAZORPAY_DEFAULTS.webhookSecret;
  const expectedAuth = `Basic ${Buffer.from(`${keyId}:${keySecret}`).toString('base64')}`;
  const orders = new Map<string, FakeOrder>();
  const refunds = new Map<string, FakeRefund>();
  const requests: Array<{ method: string; path: string }> = [];
  const hanging = new Set<ServerResponse>();

  const signPayment = (orderId: string, paymentId = randomId('pay')): SignedPayment => ({
    razorpay_order_id: orderId,
    razorpay_payment_id: paymentId,
    razorpay_signature: hmac(keySecret, `${orderId}|${paymentId}`),
  });

  const server = createServer(async (request, response) => {
    const path = (request.url ?? '/').split('?')[0] ?? '/';
    response.setHeader('access-control-allow-origin', '*');
    response.setHeader('access-control-allow-headers', 'content-type, authorization');
    if (request.method === 'OPTIONS') {
      response.writeHead(204);
      response.end();
      return;
    }
    try {
      if (request.method === 'GET' && path === '/v1/checkout.js') {
        response.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8' });
        response.end(checkoutScript(fake.url));
        return;
      }
      if (request.method === 'POST' && path === '/_fake/checkout/pay') {
        const { order_id: orderId } = JSON.parse(await readBody(request)) as { order_id?: string };
        const order = orderId ? orders.get(orderId) : undefined;
        if (!order) return send(response, 200, { ok: false, error: { description: 'Unknown order' } });
        order.attempts += 1;
        order.status = 'attempted';
        if (fake.checkoutOutcome === 'failure') {
          return send(response, 200, {
            ok: false,
            error: { code: 'BAD_REQUEST_ERROR', description: 'Payment declined by the test double' },
          });
        }
        return send(response, 200, { ok: true, response: signPayment(order.id) });
      }
      if (request.method === 'POST' && path === '/_fake/refunds/settle') {
        // Razorpay processing the refunds still pending (of `paymentIds`, when given): each one's signed
        // refund.processed webhook to `webhookUrl`.
        const { webhookUrl, paymentIds } = JSON.parse(await readBody(request)) as {
          webhookUrl?: string;
          paymentIds?: string[];
        };
        if (!webhookUrl) return send(response, 400, { error: 'webhookUrl is required' });
        let settled = 0;
        const due = [...refunds.values()].filter(
          (r) => r.status === 'pending' && (!paymentIds || paymentIds.includes(r.payment_id)),
        );
        for (const refund of due) {
          const hook = fake.refundWebhook('refund.processed', refund.id);
          const answer = await fetch(webhookUrl, { method: 'POST', headers: hook.headers, body: hook.body });
          if (answer.ok) settled += 1;
        }
        return send(response, 200, { settled });
      }
      if (request.method === 'POST' && path === '/_fake/control') {
        const control = JSON.parse(await readBody(request)) as {
          mode?: FakeRazorpayMode;
          checkoutOutcome?: FakeCheckoutOutcome;
        };
        if (control.mode) fake.mode = control.mode;
        if (control.checkoutOutcome) fake.checkoutOutcome = control.checkoutOutcome;
        return send(response, 200, { mode: fake.mode, checkoutOutcome: fake.checkoutOutcome });
      }

      if (!path.startsWith('/v1/')) return razorpayError(response, 404, 'The requested URL was not found');
      requests.push({ method: request.method ?? 'GET', path });
      if (fake.mode === 'hang') {
        hanging.add(response);
        response.on('close', () => hanging.delete(response));
        return;
      }
      if (fake.mode === 'error') return razorpayError(response, 500, 'Internal server error');
      if (request.headers.authorization !== expectedAuth) {
        return razorpayError(response, 401, 'Authentication failed');
      }

      if (request.method === 'POST' && path === '/v1/orders') {
        const body = JSON.parse(await readBody(request)) as Partial<{
          amount: number;
          currency: string;
          receipt: string;
          notes: Record<string, string>;
        }>;
        if (typeof body.amount !== 'number' || !Number.isInteger(body.amount) || body.amount < 100) {
          return razorpayError(response, 400, 'The amount must be atleast INR 1.00.');
        }
        if (body.currency !== 'INR') return razorpayError(response, 400, 'Currency is not supported');
        if (body.receipt !== undefined && body.receipt.length > 40) {
          return razorpayError(response, 400, 'receipt: the length must be no more than 40.');
        }
        const amount = fake.mode === 'wrong-amount' ? body.amount + 100 : body.amount;
        const order: FakeOrder = {
          id: randomId('order'),
          entity: 'order',
          amount,
          amount_paid: 0,
          amount_due: amount,
          currency: body.currency,
          receipt: body.receipt ?? null,
          status: 'created',
          attempts: 0,
          notes: body.notes ?? {},
          created_at: Math.floor(Date.now() / 1000),
        };
        orders.set(order.id, order);
        return send(response, 200, order);
      }
      const refundPath = /^\/v1\/payments\/(pay_[^/]+)\/refund$/.exec(path);
      if (request.method === 'POST' && refundPath) {
        const body = JSON.parse((await readBody(request)) || '{}') as Partial<{
          amount: number;
          notes: Record<string, string>;
        }>;
        if (typeof body.amount !== 'number' || !Number.isInteger(body.amount) || body.amount < 100) {
          return razorpayError(response, 400, 'The amount must be atleast INR 1.00.');
        }
        const paymentId = refundPath[1] ?? '';
        const refunded = [...refunds.values()]
          .filter((r) => r.payment_id === paymentId && r.status !== 'failed')
          .reduce((sum, r) => sum + r.amount, 0);
        if (refunded > 0) return razorpayError(response, 400, 'The payment has been fully refunded already');
        const refund: FakeRefund = {
          id: randomId('rfnd'),
          entity: 'refund',
          amount: body.amount,
          currency: 'INR',
          payment_id: paymentId,
          notes: body.notes ?? {},
          status: 'pending',
          created_at: Math.floor(Date.now() / 1000),
        };
        refunds.set(refund.id, refund);
        return send(response, 200, refund);
      }
      const match = /^\/v1\/orders\/([^/]+)$/.exec(path);
      if (request.method === 'GET' && match) {
        const order = orders.get(match[1] ?? '');
        return order
          ? send(response, 200, order)
          : razorpayError(response, 400, 'The id provided does not exist');
      }
      return razorpayError(response, 404, 'The requested URL was not found');
    } catch {
      return razorpayError(response, 400, 'Malformed request');
    }
  });

  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  const fake: FakeRazorpay = {
    url: `http://127.0.0.1:${port}`,
    keyId,
    keySecret,
    webhookSecret,
    orders,
    refunds,
    requests,
    mode: 'ok',
    checkoutOutcome: 'success',
    signPayment,
    signWebhook: (rawBody) => hmac(webhookSecret, rawBody),
    webhook(event, orderId, opts = {}) {
      const order = orders.get(orderId);
      const amount = opts.amount ?? order?.amount ?? 0;
      const paymentId = opts.paymentId ?? randomId('pay');
      const failed = event === 'payment.failed';
      const payment = {
        id: paymentId,
        entity: 'payment',
        amount,
        currency: 'INR',
        status: failed ? 'failed' : 'captured',
        order_id: orderId,
        method: 'card',
        captured: !failed,
        error_code: failed ? 'BAD_REQUEST_ERROR' : null,
        error_description: failed ? 'Payment declined by the test double' : null,
        created_at: Math.floor(Date.now() / 1000),
      };
      const payload: Record<string, unknown> = { payment: { entity: payment } };
      if (event === 'order.paid') {
        payload.order = {
          entity: {
            ...(order ?? {}),
            id: orderId,
            amount,
            amount_paid: amount,
            amount_due: 0,
            status: 'paid',
          },
        };
      }
      const body = JSON.stringify({
        entity: 'event',
        account_id: 'acc_FakeAccount0001',
        event,
        contains: Object.keys(payload),
        payload,
        created_at: Math.floor(Date.now() / 1000),
      });
      const eventId = opts.eventId ?? randomId('evt');
      return {
        body,
        eventId,
        headers: {
          'content-type': 'application/json',
          'x-razorpay-signature': hmac(webhookSecret, body),
          'x-razorpay-event-id': eventId,
        },
      };
    },
    refundWebhook(event, refundId, opts = {}) {
      const refund = refunds.get(refundId);
      if (!refund) throw new Error(`The fake made no refund ${refundId}`);
      refund.status = event === 'refund.processed' ? 'processed' : 'failed';
      const body = JSON.stringify({
        entity: 'event',
        account_id: 'acc_FakeAccount0001',
        event,
        contains: ['refund'],
        payload: { refund: { entity: { ...refund } } },
        created_at: Math.floor(Date.now() / 1000),
      });
      const eventId = opts.eventId ?? randomId('evt');
      return {
        body,
        eventId,
        headers: {
          'content-type': 'application/json',
          'x-razorpay-signature': hmac(webhookSecret, body),
          'x-razorpay-event-id': eventId,
        },
      };
    },
    async close() {
      for (const response of hanging) response.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  return fake;
}
