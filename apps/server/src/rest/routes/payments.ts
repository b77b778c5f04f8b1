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
  {
    method: 'GET',
    path: '/api/payments/subscription',
    procedure: 'payments.subscription',
    summary:
      "The plan (or null: the free tier), its period, end, cancellation and scheduled change, and the plan's allowance with this month's use",
    tag: 'Payments',
    auth: 'bearer',
  },
  {
    method: 'POST',
    path: '/api/payments/change-plan',
    procedure: 'payments.changePlan',
    summary:
      "Quote for another plan (`planId`, `period`): an upgrade now at the new price less the current plan's unused days (at least ₹1), a downgrade or period change at the period end; `preview: false` answers the order for that amount",
    tag: 'Payments',
    auth: 'bearer',
  },
  {
    method: 'POST',
    path: '/api/payments/cancel',
    procedure: 'payments.cancel',
    summary:
      'Cancel the plan: within 24 hours of its purchase refunded in full through Razorpay and ended now, later it runs to the period end',
    tag: 'Payments',
    auth: 'bearer',
  },
  {
    method: 'POST',
    path: '/api/payments/refund-requests',
    procedure: 'payments.requestRefund',
    summary:
      'Ask for a refund of a payment (`paymentId`, `reason`) within 7 days of it; the admin app decides',
    tag: 'Payments',
    auth: 'bearer',
    status: 201,
  },
  {
    method: 'GET',
    path: '/api/payments/invoices',
    procedure: 'payments.invoices',
    summary:
      'GST tax invoices and credit notes, newest first (`amount` in paise); each as a PDF at /api/payments/invoices/{id}.pdf',
    tag: 'Payments',
    auth: 'bearer',
  },
  {
    method: 'GET',
    path: '/api/payments/history',
    procedure: 'payments.history',
    summary:
      "The member's plan payments (paid and failed), newest first, each with its latest refund and that refund's state (`amount` in paise)",
    tag: 'Payments',
    auth: 'bearer',
  },
  {
    method: 'GET',
    path: '/api/payments/refunds',
    procedure: 'payments.refunds',
    summary: "The member's refunds and their states, newest first",
    tag: 'Payments',
    auth: 'bearer',
  },
  {
    method: 'GET',
    path: '/api/admin/refunds',
    procedure: 'payments.adminRefunds',
    summary: 'The refund queue (requested first); query status',
    tag: 'Admin',
    auth: 'admin',
  },
  {
    method: 'POST',
    path: '/api/admin/refunds/:id/decision',
    procedure: 'payments.adminDecideRefund',
    summary: 'Approve (refunded through Razorpay) or reject a requested refund: `approve`, `reason?`',
    tag: 'Admin',
    auth: 'admin',
    input: (request) => ({ ...(request.body as Record<string, unknown>), id: request.params.id }),
  },
  {
    method: 'GET',
    path: '/api/admin/payments',
    procedure: 'payments.adminPayments',
    summary:
      'Plan and commission payments with their member, invoice and credit notes, newest first; query `status, kind, q` (e-mail), `limit, offset`',
    tag: 'Admin',
    auth: 'admin',
  },
  {
    method: 'GET',
    path: '/api/admin/revenue',
    procedure: 'payments.adminRevenue',
    summary:
      'Monthly recurring revenue (paise; yearly plans at a twelfth) and active subscribers per plan at each month close, 12 months to `endMonth` (YYYY-MM)',
    tag: 'Admin',
    auth: 'admin',
  },
]);
