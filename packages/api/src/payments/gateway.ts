import Razorpay from 'razorpay';
import type { ApiConfig } from '../services';

export type RazorpayConfig = NonNullable<ApiConfig['razorpay']>;

/** Razorpay's real API; any other RAZORPAY_API_URL is a stand-in (tests, a local fake). */
export const RAZORPAY_DEFAULT_API_URL = 'https://api.razorpay.com';
export const RAZORPAY_CHECKOUT_SCRIPT = 'https://checkout.razorpay.com/v1/checkout.js';

/** What Razorpay answered for a new order (the fields we use). */
export interface GatewayOrder {
  id: string;
  amount: number;
  currency: string;
  receipt: string | undefined;
}

export interface CreateGatewayOrder {
  amount: number;
  currency: string;
  receipt: string;
  notes: Record<string, string>;
}

/** Razorpay did not answer, answered an error, or answered something we cannot use. */
export class GatewayError extends Error {
  constructor(
    message: string,
    readonly status: number | undefined,
  ) {
    super(message);
    this.name = 'GatewayError';
  }
}

/** What Razorpay answered for a refund (the fields we use). */
export interface GatewayRefund {
  id: string;
  amount: number;
  paymentId: string;
  /** Razorpay's refund status: `pending` until processed (its webhook says when), `processed`, `failed`. */
  status: string;
}

export interface PaymentGateway {
  createOrder(input: CreateGatewayOrder): Promise<GatewayOrder>;
  /** Refunds `amount` paise of a captured payment through Razorpay's refund API. */
  refund(paymentId: string, amount: number, notes: Record<string, string>): Promise<GatewayRefund>;
}

function gatewayError(error: unknown): GatewayError {
  // The SDK rethrows HTTP errors as { statusCode, error }; network errors and time-outs surface as
  // a TypeError from its error normalizer or as an axios error.
  const status = isRecord(error) && typeof error.statusCode === 'number' ? error.statusCode : undefined;
  return new GatewayError(status ? `Razorpay answered ${status}` : 'Razorpay unreachable', status);
}

/** The SDK's axios instance: the SDK has no option for its base URL or time-out, so we set them here, once. */
interface SdkHttp {
  defaults: { baseURL?: string; timeout?: number };
}

const gateways = new WeakMap<RazorpayConfig, PaymentGateway>();

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/**
 * The one place the `razorpay` SDK is used: the client is pointed at `apiUrl` (Razorpay, or a fake in
 * tests) with a time-out, and every failure becomes a GatewayError.
 */
export function paymentGateway(config: RazorpayConfig): PaymentGateway {
  const cached = gateways.get(config);
  if (cached) return cached;
  const client = new Razorpay({ key_id: config.keyId, key_secret: config.keySecret });
  const http = (client.api as unknown as { rq: SdkHttp }).rq;
  http.defaults.baseURL = config.apiUrl.replace(/\/+$/, '');
  http.defaults.timeout = config.timeoutMs;

  const gateway: PaymentGateway = {
    async createOrder(input) {
      let answer: unknown;
      try {
        answer = await client.orders.create({
          amount: input.amount,
          currency: input.currency,
          receipt: input.receipt,
          notes: input.notes,
        });
      } catch (error) {
        throw gatewayError(error);
      }
      if (
        !isRecord(answer) ||
        typeof answer.id !== 'string' ||
        typeof answer.amount !== 'number' ||
        typeof answer.currency !== 'string'
      ) {
        throw new GatewayError('Razorpay answered an unexpected order', undefined);
      }
      return {
        id: answer.id,
        amount: answer.amount,
        currency: answer.currency,
        receipt: typeof answer.receipt === 'string' ? answer.receipt : undefined,
      };
    },
    async refund(paymentId, amount, notes) {
      let answer: unknown;
      try {
        answer = await client.payments.refund(paymentId, { amount, notes });
      } catch (error) {
        throw gatewayError(error);
      }
      if (
        !isRecord(answer) ||
        typeof answer.id !== 'string' ||
        typeof answer.amount !== 'number' ||
        answer.amount !== amount
      ) {
        throw new GatewayError('Razorpay answered an unexpected refund', undefined);
      }
      return {
        id: answer.id,
        amount: answer.amount,
        paymentId: typeof answer.payment_id === 'string' ? answer.payment_id : paymentId,
        status: typeof answer.status === 'string' ? answer.status : 'pending',
      };
    },
  };
  gateways.set(config, gateway);
  return gateway;
}

/**
 * Where the browser loads Razorpay's checkout script from. With a stand-in API URL (tests), the stand-in
 * serves its own checkout double at `<apiUrl>/v1/checkout.js`.
 */
export function checkoutScriptUrl(config: RazorpayConfig | undefined): string {
  if (!config) return RAZORPAY_CHECKOUT_SCRIPT;
  const apiUrl = config.apiUrl.replace(/\/+$/, '');
  return apiUrl === RAZORPAY_DEFAULT_API_URL ? RAZORPAY_CHECKOUT_SCRIPT : `${apiUrl}/v1/checkout.js`;
}

/** The origins the content security policy must allow for checkout (empty for real Razorpay: allowed already). */
export function checkoutExtraOrigins(config: RazorpayConfig | undefined): string[] {
  if (!config) return [];
  const apiUrl = config.apiUrl.replace(/\/+$/, '');
  return apiUrl === RAZORPAY_DEFAULT_API_URL ? [] : [new URL(apiUrl).origin];
}
