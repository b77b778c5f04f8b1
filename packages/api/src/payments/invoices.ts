import {
  financialYear,
  findPlan,
  GST_RATE_PERCENT,
  type InvoiceKind,
  invoiceNumber,
  MESSAGES,
  splitGst,
} from '@barterads/core';
import {
  type Executor,
  type InvoiceRow,
  invoiceCounters,
  invoices,
  type PaymentOrderRow,
  type RefundRow,
  users,
} from '@barterads/db';
import { TRPCError } from '@trpc/server';
import { and, desc, eq, sql } from 'drizzle-orm';
import PDFDocument from 'pdfkit';
import { displayName } from '../accounts/users';
import { verifiedBusiness } from '../businesses/verification';
import type { SignedInUser } from '../context';
import type { SellerConfig } from '../services';

export interface InvoiceSummary {
  _id: string;
  number: string;
  kind: InvoiceKind;
  paymentId: string;
  /** Paise. */
  amount: number;
  createdAt: string;
}

export function toInvoiceSummary(row: InvoiceRow): InvoiceSummary {
  return {
    _id: row.id,
    number: row.number,
    kind: row.kind,
    paymentId: row.orderId ?? row.commissionOrderId ?? '',
    amount: row.total,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * The next number of a series, gapless: the counter row is bumped (or created) in the caller's transaction, so
 * concurrent payments queue on its row lock, and a transaction that rolls back takes its number back with it.
 */
async function nextSequence(tx: Executor, kind: InvoiceKind, fy: string): Promise<number> {
  const series = `${kind}/${fy}`;
  const [row] = await tx
    .insert(invoiceCounters)
    .values({ series, last: 1 })
    .onConflictDoUpdate({ target: invoiceCounters.series, set: { last: sql`${invoiceCounters.last} + 1` } })
    .returning({ last: invoiceCounters.last });
  return row!.last;
}

function planDescription(order: PaymentOrderRow): string {
  const plan = findPlan(order.planId)?.name ?? order.planId;
  return `BarterAds ${plan} plan, ${order.period} subscription (SAC 998439)`;
}

/**
 * A tax invoice for one paid payment, numbered in the caller's transaction. The buyer is the verified business
 * (legal name, GSTIN, state from the GSTIN) or the account holder; a buyer without a GSTIN is placed in the seller's
 * state (the supplier's location is the place of supply).
 */
async function issueTaxInvoice(
  tx: Executor,
  seller: SellerConfig,
  payment: {
    userId: string;
    amount: number;
    description: string;
    orderId: string | null;
    commissionOrderId: string | null;
  },
  now: Date,
): Promise<InvoiceRow> {
  const [buyer] = await tx.select().from(users).where(eq(users.id, payment.userId));
  const business = await verifiedBusiness(tx, payment.userId);
  const sellerState = seller.gstin.slice(0, 2);
  const buyerState = business ? business.gstin.slice(0, 2) : sellerState;
  const split = splitGst(payment.amount, buyerState === sellerState);
  const fy = financialYear(now);
  const sequence = await nextSequence(tx, 'invoice', fy);
  const [row] = await tx
    .insert(invoices)
    .values({
      number: invoiceNumber('invoice', fy, sequence),
      kind: 'invoice',
      financialYear: fy,
      sequence,
      userId: payment.userId,
      orderId: payment.orderId,
      commissionOrderId: payment.commissionOrderId,
      description: payment.description,
      ...split,
      buyerName: business?.legalName ?? (buyer ? (buyer.companyName ?? displayName(buyer)) : 'Customer'),
      buyerEmail: buyer?.email ?? '',
      buyerGstin: business?.gstin ?? null,
      buyerStateCode: buyerState,
      createdAt: now,
    })
    .returning();
  return row!;
}

/** The tax invoice of a paid plan order, issued in the transaction that marks it paid (once per order). */
export async function issueInvoice(
  tx: Executor,
  seller: SellerConfig,
  order: PaymentOrderRow,
  now = new Date(),
): Promise<InvoiceRow> {
  const [existing] = await tx
    .select()
    .from(invoices)
    .where(and(eq(invoices.orderId, order.id), eq(invoices.kind, 'invoice')));
  if (existing) return existing;
  return issueTaxInvoice(
    tx,
    seller,
    {
      userId: order.userId,
      amount: order.amount,
      description: planDescription(order),
      orderId: order.id,
      commissionOrderId: null,
    },
    now,
  );
}

/** The tax invoice of a paid deal commission, issued in the transaction that marks it paid (once per order). */
export async function issueCommissionInvoice(
  tx: Executor,
  seller: SellerConfig,
  order: { id: string; userId: string; amountPaise: number },
  dealNumber: string | null,
  now = new Date(),
): Promise<InvoiceRow> {
  const [existing] = await tx.select().from(invoices).where(eq(invoices.commissionOrderId, order.id));
  if (existing) return existing;
  return issueTaxInvoice(
    tx,
    seller,
    {
      userId: order.userId,
      amount: order.amountPaise,
      description: `BarterAds commission on barter deal ${dealNumber ?? order.id} (SAC 998599)`,
      orderId: null,
      commissionOrderId: order.id,
    },
    now,
  );
}

/** The credit note of a processed refund, against the payment's invoice (same buyer and split), once. */
export async function issueCreditNote(
  tx: Executor,
  refund: RefundRow,
  now = new Date(),
): Promise<InvoiceRow | undefined> {
  const [original] = await tx
    .select()
    .from(invoices)
    .where(and(eq(invoices.orderId, refund.orderId), eq(invoices.kind, 'invoice')));
  if (!original) return undefined;
  const sameState = original.igst === 0;
  const split = splitGst(refund.amount, sameState);
  const fy = financialYear(now);
  const sequence = await nextSequence(tx, 'credit_note', fy);
  const [row] = await tx
    .insert(invoices)
    .values({
      number: invoiceNumber('credit_note', fy, sequence),
      kind: 'credit_note',
      financialYear: fy,
      sequence,
      userId: original.userId,
      orderId: original.orderId,
      refundId: refund.id,
      description: `Refund against invoice ${original.number}: ${original.description}`,
      ...split,
      buyerName: original.buyerName,
      buyerEmail: original.buyerEmail,
      buyerGstin: original.buyerGstin,
      buyerStateCode: original.buyerStateCode,
      createdAt: now,
    })
    .onConflictDoNothing()
    .returning();
  return row;
}

export async function listInvoices(db: Executor, userId: string): Promise<InvoiceSummary[]> {
  const rows = await db
    .select()
    .from(invoices)
    .where(eq(invoices.userId, userId))
    .orderBy(desc(invoices.createdAt), desc(invoices.sequence))
    .limit(100);
  return rows.map(toInvoiceSummary);
}

/** Rupees with two decimals ("INR 2,117.80"): the PDF's standard fonts have no rupee sign. */
function inr(paise: number): string {
  return `INR ${(paise / 100).toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}

function renderInvoice(row: InvoiceRow, seller: SellerConfig): Promise<Buffer> {
  const title = row.kind === 'invoice' ? 'Tax invoice' : 'Credit note';
  const doc = new PDFDocument({
    size: 'A4',
    margin: 50,
    info: { Title: `${title} ${row.number}`, Author: seller.legalName, Subject: title },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc.font('Helvetica-Bold').fontSize(20).text(title);
  doc.font('Helvetica').fontSize(11);
  doc.text(`Number: ${row.number}`);
  doc.text(
    `Date: ${row.createdAt.toLocaleDateString('en-IN', { timeZone: 'Asia/Kolkata', dateStyle: 'medium' })}`,
  );
  doc.moveDown();
  doc.font('Helvetica-Bold').text('Seller');
  doc.font('Helvetica').text(seller.legalName);
  doc.text(seller.address);
  doc.text(`GSTIN: ${seller.gstin}`);
  doc.moveDown();
  doc.font('Helvetica-Bold').text('Buyer');
  doc.font('Helvetica').text(row.buyerName);
  doc.text(row.buyerEmail);
  doc.text(row.buyerGstin ? `GSTIN: ${row.buyerGstin}` : 'GSTIN: not registered');
  doc.text(`State code: ${row.buyerStateCode}`);
  doc.moveDown();
  doc.font('Helvetica-Bold').text('Description');
  doc.font('Helvetica').text(row.description);
  doc.moveDown();
  doc.text(`Taxable value: ${inr(row.taxable)}`);
  if (row.igst > 0 || (row.cgst === 0 && row.sgst === 0)) {
    doc.text(`IGST @ ${GST_RATE_PERCENT}%: ${inr(row.igst)}`);
  } else {
    doc.text(`CGST @ ${GST_RATE_PERCENT / 2}%: ${inr(row.cgst)}`);
    doc.text(`SGST @ ${GST_RATE_PERCENT / 2}%: ${inr(row.sgst)}`);
  }
  doc.font('Helvetica-Bold').text(`Total (GST included): ${inr(row.total)}`);
  doc.font('Helvetica').fontSize(9).moveDown();
  doc.text('This is a computer-generated document and needs no signature.');
  doc.end();
  return done;
}

/** An invoice or credit note as a PDF, for its buyer or an admin; 404 for anyone else. */
export async function invoicePdf(
  db: Executor,
  seller: SellerConfig,
  viewer: SignedInUser,
  id: string,
): Promise<{ pdf: Buffer; filename: string }> {
  const [row] = await db.select().from(invoices).where(eq(invoices.id, id));
  if (!row || (row.userId !== viewer.id && viewer.role !== 'admin')) {
    throw new TRPCError({ code: 'NOT_FOUND', message: MESSAGES.invoiceNotFound });
  }
  const pdf = await renderInvoice(row, seller);
  return { pdf, filename: `${row.number.replaceAll('/', '-')}.pdf` };
}
