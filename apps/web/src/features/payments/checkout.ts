/**
 * The one module that talks to Razorpay's checkout.js. The script URL comes from the server
 * (`payments.config`): Razorpay's in production, the fake Razorpay's test double in browser tests.
 */

export interface CheckoutSuccess {
  razorpay_order_id: string;
  razorpay_payment_id: string;
  razorpay_signature: string;
}

export interface CheckoutOptions {
  key: string;
  amount: number;
  currency: string;
  name: string;
  description: string;
  order_id: string;
  prefill: { name?: string; email?: string; contact?: string };
  theme?: { color?: string };
  handler: (response: CheckoutSuccess) => void;
  modal?: { ondismiss?: () => void };
}

interface CheckoutFailure {
  error?: { description?: string; reason?: string };
}

interface RazorpayCheckout {
  open(): void;
  on(event: 'payment.failed', callback: (response: CheckoutFailure) => void): void;
}

type RazorpayConstructor = new (options: CheckoutOptions) => RazorpayCheckout;

declare global {
  interface Window {
    Razorpay?: RazorpayConstructor;
  }
}

/** Checkout's script did not load (no connection to Razorpay, a blocker): no window opened, nothing was charged. */
export class CheckoutUnavailableError extends Error {
  constructor() {
    super('The payment window did not open.');
    this.name = 'CheckoutUnavailableError';
  }
}

const loads = new Map<string, Promise<RazorpayConstructor>>();

/** Loads the checkout script once per URL. */
export function loadCheckoutScript(url: string): Promise<RazorpayConstructor> {
  const existing = loads.get(url);
  if (existing) return existing;
  const promise = new Promise<RazorpayConstructor>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = url;
    script.async = true;
    script.onload = () => {
      if (window.Razorpay) resolve(window.Razorpay);
      else reject(new CheckoutUnavailableError());
    };
    script.onerror = () => {
      script.remove();
      loads.delete(url);
      reject(new CheckoutUnavailableError());
    };
    document.head.appendChild(script);
  });
  loads.set(url, promise);
  return promise;
}

export type CheckoutOutcome =
  | { kind: 'paid'; response: CheckoutSuccess }
  | { kind: 'failed'; reason: string | undefined }
  | { kind: 'dismissed' };

/** Opens checkout for an order and settles with what the payer did. */
export async function openCheckout(
  scriptUrl: string,
  options: Omit<CheckoutOptions, 'handler' | 'modal'>,
): Promise<CheckoutOutcome> {
  const Razorpay = await loadCheckoutScript(scriptUrl);
  return new Promise<CheckoutOutcome>((resolve) => {
    const checkout = new Razorpay({
      ...options,
      handler: (response) => resolve({ kind: 'paid', response }),
      modal: { ondismiss: () => resolve({ kind: 'dismissed' }) },
    });
    checkout.on('payment.failed', (failure) =>
      resolve({ kind: 'failed', reason: failure.error?.description ?? failure.error?.reason }),
    );
    checkout.open();
  });
}
