import {
  financialYear,
  findPlan,
  GST_RATE_PERCENT,
  type InvoiceKind,
  invoiceNumber,
  kolkataDate,
  type Language,
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
import { displayName } from '../accounts/users';
import { verifiedBusiness } from '../businesses/verification';
import type { SignedInUser } from '../context';
import { pdfBuffer, pdfDay, pdfPaise, pdfWriter } from '../pdf/language';
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

/** The words of BarterAds' own invoices and credit notes in each language; legal terms keep their English. */
interface InvoiceWords {
  invoice: string;
  creditNote: string;
  number: (number: string) => string;
  date: (day: string) => string;
  seller: string;
  buyer: string;
  gstin: (gstin: string | null) => string;
  stateCode: (code: string) => string;
  description: string;
  taxableValue: (value: string) => string;
  total: (value: string) => string;
  noSignature: string;
}

const INVOICE_WORDS: Record<Language, InvoiceWords> = {
  en: {
    invoice: 'Tax invoice',
    creditNote: 'Credit note',
    number: (number) => `Number: ${number}`,
    date: (day) => `Date: ${day}`,
    seller: 'Seller',
    buyer: 'Buyer',
    gstin: (gstin) => (gstin ? `GSTIN: ${gstin}` : 'GSTIN: not registered'),
    stateCode: (code) => `State code: ${code}`,
    description: 'Description',
    taxableValue: (value) => `Taxable value: ${value}`,
    total: (value) => `Total (GST included): ${value}`,
    noSignature: 'This is a computer-generated document and needs no signature.',
  },
  hi: {
    invoice: 'कर बीजक (Tax invoice)',
    creditNote: 'क्रेडिट नोट (Credit note)',
    number: (number) => `संख्या: ${number}`,
    date: (day) => `तारीख़: ${day}`,
    seller: 'विक्रेता (Seller)',
    buyer: 'क्रेता (Buyer)',
    gstin: (gstin) => `GSTIN: ${gstin ?? 'पंजीकृत नहीं'}`,
    stateCode: (code) => `राज्य कोड (State code): ${code}`,
    description: 'विवरण',
    taxableValue: (value) => `कर योग्य मूल्य (Taxable value): ${value}`,
    total: (value) => `कुल (GST सहित): ${value}`,
    noSignature: 'यह कंप्यूटर से बना दस्तावेज़ है, इस पर हस्ताक्षर की ज़रूरत नहीं है।',
  },
  mr: {
    invoice: 'कर बीजक (Tax invoice)',
    creditNote: 'क्रेडिट नोट (Credit note)',
    number: (number) => `क्रमांक: ${number}`,
    date: (day) => `तारीख: ${day}`,
    seller: 'विक्रेता (Seller)',
    buyer: 'खरेदीदार (Buyer)',
    gstin: (gstin) => `GSTIN: ${gstin ?? 'नोंदणीकृत नाही'}`,
    stateCode: (code) => `राज्य कोड (State code): ${code}`,
    description: 'वर्णन',
    taxableValue: (value) => `करपात्र मूल्य (Taxable value): ${value}`,
    total: (value) => `एकूण (GST सह): ${value}`,
    noSignature: 'हा संगणकाने तयार केलेला दस्तऐवज आहे, त्यावर स्वाक्षरीची गरज नाही.',
  },
};

/**
 * An invoice or credit note as a PDF in `language` (the downloading member's). The description is the invoice's
 * as issued and stored (English).
 */
export function renderInvoice(
  row: InvoiceRow,
  seller: SellerConfig,
  language: Language = 'en',
): Promise<Buffer> {
  const words = INVOICE_WORDS[language];
  const inr = (paise: number) => pdfPaise(paise, language);
  const title = row.kind === 'invoice' ? words.invoice : words.creditNote;
  return pdfBuffer(
    {
      size: 'A4',
      margin: 50,
      info: { Title: `${title} ${row.number}`, Author: seller.legalName, Subject: title },
    },
    (doc) => {
      const w = pdfWriter(doc, language);
      const font = w.fonts;
      doc.font(font.bold).fontSize(20);
      w.text(title);
      doc.font(font.regular).fontSize(11);
      w.text(words.number(row.number));
      w.text(
        words.date(
          language === 'en'
            ? row.createdAt.toLocaleDateString('en-IN', { timeZone: 'Asia/Kolkata', dateStyle: 'medium' })
            : pdfDay(kolkataDate(row.createdAt), language),
        ),
      );
      doc.moveDown();
      doc.font(font.bold);
      w.text(words.seller);
      doc.font(font.regular);
      w.text(seller.legalName);
      w.text(seller.address);
      w.text(`GSTIN: ${seller.gstin}`);
      doc.moveDown();
      doc.font(font.bold);
      w.text(words.buyer);
      doc.font(font.regular);
      w.text(row.buyerName);
      w.text(row.buyerEmail);
      w.text(words.gstin(row.buyerGstin));
      w.text(words.stateCode(row.buyerStateCode));
      doc.moveDown();
      doc.font(font.bold);
      w.text(words.description);
      doc.font(font.regular);
      w.text(row.description);
      doc.moveDown();
      w.text(words.taxableValue(inr(row.taxable)));
      if (row.igst > 0 || (row.cgst === 0 && row.sgst === 0)) {
        w.text(`IGST @ ${GST_RATE_PERCENT}%: ${inr(row.igst)}`);
      } else {
        w.text(`CGST @ ${GST_RATE_PERCENT / 2}%: ${inr(row.cgst)}`);
        w.text(`SGST @ ${GST_RATE_PERCENT / 2}%: ${inr(row.sgst)}`);
      }
      doc.font(font.bold);
      w.text(words.total(inr(row.total)));
      doc.font(font.regular).fontSize(9).moveDown();
      w.text(words.noSignature);
    },
  );
}

/** An invoice or credit note as a PDF, for its buyer or an admin (in the viewer's language); 404 for anyone else. */
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
  const pdf = await renderInvoice(row, seller, viewer.language);
  return { pdf, filename: `${row.number.replaceAll('/', '-')}.pdf` };
}
