import { defineRoutes } from '../route';

function header(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

export const paymentRoutes = defineRoutes([
  {
    method: 'POST',
    path: '/api/payments/create-order',
    procedure: 'payments.createOrder',
    summary:
      'Create a Razorpay order for a plan: `amount` in paise (plan price × 100, or the yearly total × 100), or `planId` and `period`',
    tag: 'Payments',
    auth: 'bearer',
  },
  {
    method: 'POST',
    path: '/api/payments/verify',
    procedure: 'payments.verify',
    summary: "Verify checkout's signed success response; only then is the subscription activated",
    tag: 'Payments',
    auth: 'bearer',
  },
  {
    method: 'POST',
    path: '/api/payments/webhook',
    procedure: 'payments.webhook',
    summary: 'Razorpay webhook (X-Razorpay-Signature over the raw body); each event id is applied once',
    tag: 'Payments',
    auth: 'signature',
    input: (request) => ({
      rawBody: request.rawBody ?? '',
      signature: header(request.headers['x-razorpay-signature']),
      eventId: header(request.headers['x-razorpay-event-id']),
    }),
  },
]);
