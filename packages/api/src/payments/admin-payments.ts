import {
  findPlan,
  PAYMENT_STATUSES,
  type PaymentKind,
  type PaymentStatus,
  type RefundStatus,
} from '@barterads/core';
import type { DatabaseHandle } from '@barterads/db';
import { likePattern } from '../admin/audit';
import type { AdminPayment, AdminPaymentsInput } from './schemas';

/** Plan orders and deal commission orders as one list of payments, with their member, invoice and refund. */
const PAYMENTS = `
  select 'plan'::text as kind, po.id, po.user_id, po.plan_id::text as plan_id, po.period::text as period,
         null::uuid as deal_id, null::text as deal_number, po.amount, po.status::text as status,
         po.created_at, po.paid_at, po.razorpay_payment_id
    from payment_orders po
  union all
  select 'commission'::text, dco.id, dco.user_id, null, null, dco.deal_id, d.number, dco.amount_paise,
         dco.status::text, dco.created_at, dco.paid_at, dco.razorpay_payment_id
    from deal_commission_orders dco
    join deals d on d.id = dco.deal_id`;

function iso(value: unknown): string {
  return (value instanceof Date ? value : new Date(String(value))).toISOString();
}

function json<T>(value: unknown): T {
  return (typeof value === 'string' ? JSON.parse(value) : value) as T;
}

/**
 * The admin app's payments and invoices: every plan and commission payment (orders never paid only when asked for
 * with `status: created`), newest first, filtered by status, kind and the member's e-mail, paged on the server;
 * each with its member, what it paid for, its tax invoice, credit notes and latest refund.
 */
export async function adminPayments(
  database: Pick<DatabaseHandle, 'executeSql'>,
  input: AdminPaymentsInput,
): Promise<{ payments: AdminPayment[]; total: number }> {
  const values: unknown[] = [];
  const param = (value: unknown) => {
    values.push(value);
    return `$${values.length}`;
  };
  const statuses: readonly PaymentStatus[] = input.status
    ? [input.status]
    : PAYMENT_STATUSES.filter((s) => s !== 'created');
  const conditions = [`p.status = any(${param(statuses)}::text[])`];
  if (input.kind) conditions.push(`p.kind = ${param(input.kind)}`);
  if (input.q) conditions.push(`lower(u.email) like ${param(likePattern(input.q))}`);
  const where = conditions.join(' and ');
  const from = `from (${PAYMENTS}) p join users u on u.id = p.user_id`;
  const countValues = [...values];
  const limit = param(input.limit);
  const offset = param(input.offset);
  const [page, counted] = await Promise.all([
    database.executeSql(
      `select p.*, u.email, u.first_name, u.last_name, u.company_name,
              inv.id as invoice_id, inv.number as invoice_number,
              (select coalesce(json_agg(json_build_object('id', cn.id, 'number', cn.number) order by cn.created_at), '[]'::json)
                 from invoices cn where p.kind = 'plan' and cn.order_id = p.id and cn.kind = 'credit_note') as credit_notes,
              (select r.status::text from refunds r where p.kind = 'plan' and r.order_id = p.id
                order by r.created_at desc limit 1) as refund_status
         ${from}
         left join invoices inv on inv.kind = 'invoice'
              and (case when p.kind = 'plan' then inv.order_id else inv.commission_order_id end) = p.id
        where ${where}
        order by p.created_at desc, p.id desc
        limit ${limit} offset ${offset}`,
      values,
    ),
    database.executeSql(`select count(*)::int as n ${from} where ${where}`, countValues),
  ]);
  const payments = page.rows.map((r): AdminPayment => {
    const kind = r.kind as PaymentKind;
    const planId = r.plan_id as string | null;
    const name = `${String(r.first_name ?? '')} ${String(r.last_name ?? '')}`.trim();
    return {
      id: String(r.id),
      kind,
      userId: String(r.user_id),
      userEmail: String(r.email),
      userName: name || String(r.email),
      companyName: (r.company_name as string | null) ?? null,
      description:
        kind === 'plan'
          ? `${findPlan(planId ?? '')?.name ?? planId} plan, ${String(r.period)}`
          : `Commission, deal ${String(r.deal_number ?? r.deal_id)}`,
      planId: kind === 'plan' ? (findPlan(planId ?? '')?.id ?? null) : null,
      dealId: (r.deal_id as string | null) ?? null,
      amount: Number(r.amount),
      status: r.status as PaymentStatus,
      razorpayPaymentId: (r.razorpay_payment_id as string | null) ?? null,
      createdAt: iso(r.created_at),
      paidAt: r.paid_at ? iso(r.paid_at) : null,
      invoice: r.invoice_id ? { id: String(r.invoice_id), number: String(r.invoice_number) } : null,
      creditNotes: json<{ id: string; number: string }[]>(r.credit_notes),
      refundStatus: (r.refund_status as RefundStatus | null) ?? null,
    };
  });
  return { payments, total: Number(counted.rows[0]?.n ?? 0) };
}
