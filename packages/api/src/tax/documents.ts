/**
 * The documents of a barter leg (product-spec-3 section 1): the rule-46 tax invoice as a PDF (pdfkit, server
 * side only) and the e-invoice JSON of the government's schema (INV-01, version 1.1). BarterAds never files
 * anything: the supplier downloads, checks and issues.
 */
import {
  type BusinessAddress,
  DEAL_MESSAGES,
  DEAL_UNIT_LABELS,
  type DealItemUnit,
  kolkataDate,
  type Language,
  paiseToRupees,
  sacEntry,
  stateCodeOf,
  stateOfGstin,
} from '@barterads/core';
import { translateText } from '@barterads/core/i18n';
import { type DealLegRow, dealLegs, deals, type Executor, type UserRow, users } from '@barterads/db';
import { TRPCError } from '@trpc/server';
import { and, eq, inArray } from 'drizzle-orm';
import { businessAddressOf, displayName } from '../accounts/users';
import { verifiedBusiness } from '../businesses/verification';
import { type PdfWriter, pdfBuffer, pdfDay, pdfPaise, pdfWriter } from '../pdf/language';
import { LEG_INVOICE_WORDS, type LegInvoiceWords } from './invoice-words';
import { TAX_MESSAGES } from './invoices';
import { supplyDates } from './legs';
import type { StatementResult } from './schemas';

export const DOCUMENT_MESSAGES = {
  einvoiceNotApplicable:
    'No e-invoice for this leg: e-invoicing applies to a registered supplier above the turnover threshold (turn it on in Settings, Tax invoices) supplying a registered recipient.',
  einvoiceNeedsNumber: 'Issue the leg first: the e-invoice carries its invoice number.',
  einvoiceNeedsAddress:
    "The e-invoice needs both parties' business addresses with PIN codes: add yours in Settings, Tax invoices (the other party adds theirs).",
} as const;

/** A party as an invoice names it (rule 46 (a), (d), (e)). */
export interface InvoiceParty {
  id: string;
  legalName: string;
  tradeName: string | null;
  gstin: string | null;
  /** The state the invoice gives: the GSTIN's when registered, else the business address's. */
  state: string | null;
  address: BusinessAddress | null;
  email: string;
  phone: string | null;
}

export interface LegDocument {
  leg: DealLegRow;
  /** Whether the supplier said its turnover is above the e-invoicing threshold. */
  einvoicing: boolean;
  dealNumber: string;
  supplier: InvoiceParty;
  recipient: InvoiceParty;
  supplyDate: string | null;
}

function notFound(): TRPCError {
  return new TRPCError({ code: 'NOT_FOUND', message: TAX_MESSAGES.legNotFound });
}

async function partyOf(db: Executor, user: UserRow, gstin: string | null): Promise<InvoiceParty> {
  const business = gstin ? await verifiedBusiness(db, user.id) : null;
  const address = businessAddressOf(user);
  return {
    id: user.id,
    legalName: business?.legalName ?? user.companyName ?? displayName(user),
    tradeName: user.companyName,
    gstin,
    state: (gstin ? stateOfGstin(gstin) : null) ?? address?.state ?? null,
    address,
    email: user.email,
    phone: user.phoneNumber,
  };
}

/**
 * A leg with what its documents name, for its supplier, its recipient or an admin (`supplierOnly`: the supplier
 * or an admin); anyone else gets 404, as for no such leg.
 */
export async function legDocument(
  db: Executor,
  viewer: UserRow,
  dealId: string,
  legId: string,
  supplierOnly = false,
): Promise<LegDocument> {
  const [row] = await db
    .select({ leg: dealLegs, dealNumber: deals.number })
    .from(dealLegs)
    .innerJoin(deals, eq(deals.id, dealLegs.dealId))
    .where(and(eq(dealLegs.id, legId), eq(dealLegs.dealId, dealId)));
  if (!row) throw notFound();
  const { leg } = row;
  const allowed =
    viewer.role === 'admin' ||
    leg.supplierId === viewer.id ||
    (!supplierOnly && leg.recipientId === viewer.id);
  if (!allowed) throw notFound();
  if (!row.dealNumber) throw new TRPCError({ code: 'NOT_FOUND', message: DEAL_MESSAGES.notFound });
  const parties = await db
    .select()
    .from(users)
    .where(inArray(users.id, [leg.supplierId, leg.recipientId]));
  const supplierRow = parties.find((p) => p.id === leg.supplierId);
  const recipientRow = parties.find((p) => p.id === leg.recipientId);
  if (!supplierRow || !recipientRow) throw notFound();
  const [supplier, recipient, dates] = await Promise.all([
    partyOf(db, supplierRow, leg.supplierGstin),
    partyOf(db, recipientRow, leg.recipientGstin),
    supplyDates(db, dealId),
  ]);
  return {
    leg,
    einvoicing: supplierRow.einvoicing,
    dealNumber: row.dealNumber,
    supplier,
    recipient,
    supplyDate: dates.get(leg.supplierId) ?? null,
  };
}

/** The words rule 46's invoice gives for a barter's consideration (product-spec-3 section 1). */
export function barterConsideration(dealNumber: string, language: Language = 'en'): string {
  return LEG_INVOICE_WORDS[language].consideration(dealNumber);
}

function dayText(day: string): string {
  const [y, m, d] = day.split('-');
  return `${d}/${m}/${y}`;
}

function stateWithCode(state: string | null, words: LegInvoiceWords = LEG_INVOICE_WORDS.en): string {
  if (!state) return words.stateNotKnown;
  const code = stateCodeOf(state);
  return code ? words.stateCode(state, code) : state;
}

/** A document written into one buffer (an invoice is a few kilobytes; a statement of 500 legs, some hundred). */
function rendered(title: string, author: string, write: (doc: PDFKit.PDFDocument) => void): Promise<Buffer> {
  return pdfBuffer({ size: 'A4', margin: 40, info: { Title: title, Author: author } }, write);
}

function partyBlock(
  doc: PDFKit.PDFDocument,
  w: PdfWriter,
  words: LegInvoiceWords,
  heading: string,
  party: InvoiceParty,
): void {
  doc.font(w.fonts.bold).fontSize(11);
  w.text(heading);
  doc.font(w.fonts.regular).fontSize(10);
  w.text(party.legalName);
  if (party.tradeName && party.tradeName !== party.legalName) w.text(words.tradeName(party.tradeName));
  w.text(
    party.address
      ? words.address(
          `${party.address.line}, ${party.address.city} ${party.address.pin}, ${party.address.state}`,
        )
      : words.noAddress,
  );
  w.text(words.gstin(party.gstin));
  w.text(words.state(stateWithCode(party.state, words)));
  doc.moveDown(0.6);
}

/** A deal line's unit: as stored in English, by its name in Hindi and Marathi ("महीना"). */
function unitText(unit: string, language: Language): string {
  if (language === 'en') return unit;
  return translateText(language, DEAL_UNIT_LABELS[unit as DealItemUnit] ?? unit);
}

/**
 * The rule-46 tax invoice of a leg (CGST Rules, rule 46): supplier's and recipient's names, addresses, GSTINs
 * and states; a serial number of at most 16 characters and the date (or "draft" before issue); SAC, description,
 * quantity and unit; taxable value (the open market value, rule 27); the rate and amount of CGST and SGST, or
 * IGST; place of supply with its state; reverse charge; the barter consideration; the supplier's signature line.
 * In `language` (the downloading member's), the legal terms keeping their English; English in Helvetica as before.
 */
export function legInvoicePdf(document: LegDocument, language: Language = 'en'): Promise<Buffer> {
  const { leg, supplier, recipient, dealNumber } = document;
  const words = LEG_INVOICE_WORDS[language];
  const inr = (paise: number) => pdfPaise(paise, language);
  const issued = leg.status === 'issued' && leg.invoiceNumber && leg.issuedAt;
  const title = issued ? words.title : words.draftTitle;
  return rendered(`${title} ${leg.invoiceNumber ?? dealNumber}`, supplier.legalName, (doc) => {
    const w = pdfWriter(doc, language);
    const font = w.fonts;
    doc.font(font.bold).fontSize(18);
    w.text(title);
    doc.font(font.regular).fontSize(10);
    if (!issued) w.text(words.draftNote);
    w.text(words.invoiceNumber(issued ? leg.invoiceNumber : null));
    w.text(words.invoiceDate(issued ? pdfDay(kolkataDate(leg.issuedAt!), language) : null));
    if (document.supplyDate) w.text(words.supplyDate(pdfDay(document.supplyDate, language)));
    w.text(words.barterDeal(dealNumber));
    doc.moveDown(0.6);
    partyBlock(doc, w, words, words.supplier, supplier);
    partyBlock(doc, w, words, words.recipient, recipient);

    doc.font(font.bold).fontSize(11);
    w.text(words.supply);
    doc.font(font.regular).fontSize(10);
    w.text(words.sac(leg.sac, sacEntry(leg.sac)?.description));
    w.text(words.description(leg.description));
    for (const [i, line] of leg.lines.entries()) {
      w.text(
        words.line({
          n: i + 1,
          title: line.title,
          quantity: line.quantity,
          unit: unitText(line.unit, language),
          value: inr(line.valueInr * 100),
        }),
      );
    }
    doc.moveDown(0.4);
    w.text(words.taxableValue(inr(leg.taxablePaise)));
    const rate = Number(leg.ratePct);
    if (leg.igstPaise > 0 || (leg.cgstPaise === 0 && leg.sgstPaise === 0)) {
      w.text(`IGST @ ${rate}%: ${inr(leg.igstPaise)}`);
    } else {
      w.text(`CGST @ ${rate / 2}%: ${inr(leg.cgstPaise)}`);
      w.text(`SGST @ ${rate / 2}%: ${inr(leg.sgstPaise)}`);
    }
    const total = leg.taxablePaise + leg.igstPaise + leg.cgstPaise + leg.sgstPaise;
    doc.font(font.bold);
    w.text(words.total(inr(total)));
    doc.font(font.regular);
    w.text(
      words.placeOfSupply(stateWithCode(leg.placeOfSupply, words), leg.placeOfSupplyBasis === 'property'),
    );
    w.text(words.reverseCharge);
    doc.moveDown(0.4);
    w.text(words.consideration(dealNumber));
    doc.moveDown(1.2);
    w.text(words.forSupplier(supplier.legalName));
    doc.moveDown(1.5);
    w.text(words.signatory);
    doc.moveDown();
    doc.fontSize(8).fillColor('#555555');
    w.text(words.footer);
  });
}

/** The leg's invoice PDF with its download name, in the viewer's language (`users.language`). */
export async function legInvoiceFile(
  db: Executor,
  viewer: UserRow,
  dealId: string,
  legId: string,
): Promise<{ pdf: Buffer; filename: string }> {
  const document = await legDocument(db, viewer, dealId, legId);
  if (document.leg.status === 'not_required') {
    throw new TRPCError({ code: 'CONFLICT', message: TAX_MESSAGES.notRequired });
  }
  const name = document.leg.invoiceNumber ?? `${document.dealNumber}-draft`;
  return {
    pdf: await legInvoicePdf(document, viewer.language),
    filename: `invoice-${name.replaceAll('/', '-')}.pdf`,
  };
}

/** E-invoicing's unit code for a line's unit: services are `OTH` (others) unless a count of items. */
function unitCode(unit: string): string {
  return /^(item|items|piece|pieces|nos?)$/i.test(unit) ? 'NOS' : 'OTH';
}

const amount = (paise: number) => paiseToRupees(paise);

function partyDetails(party: InvoiceParty) {
  const address = party.address!;
  return {
    Gstin: party.gstin!,
    LglNm: party.legalName.slice(0, 100),
    ...(party.tradeName ? { TrdNm: party.tradeName.slice(0, 100) } : {}),
    Addr1: address.line.slice(0, 100),
    Loc: address.city.slice(0, 50),
    Pin: Number(address.pin),
    Stcd: party.gstin!.slice(0, 2),
    ...(party.phone ? { Ph: party.phone.replace(/\D/g, '').slice(-12) } : {}),
    Em: party.email.slice(0, 100),
  };
}

/**
 * The e-invoice of an issued leg in the government's schema (INV-01, version 1.1): a B2B supply of services
 * (`IsServc: Y`), one item per line of the leg, the taxes split over the lines in proportion with the last line
 * taking the rounding so the lines add up to the leg's stored amounts. 409 when e-invoicing does not apply
 * (unregistered supplier or recipient, or a supplier that has not said it is above the threshold), before issue,
 * or while an address is missing.
 */
export async function legEInvoice(db: Executor, viewer: UserRow, dealId: string, legId: string) {
  const document = await legDocument(db, viewer, dealId, legId, true);
  const { leg, supplier, recipient } = document;
  const conflict = (message: string) => new TRPCError({ code: 'CONFLICT', message });
  if (leg.status === 'not_required' || !leg.supplierGstin || !leg.recipientGstin || !document.einvoicing) {
    throw conflict(DOCUMENT_MESSAGES.einvoiceNotApplicable);
  }
  if (leg.status !== 'issued' || !leg.invoiceNumber || !leg.issuedAt) {
    throw conflict(DOCUMENT_MESSAGES.einvoiceNeedsNumber);
  }
  if (!supplier.address || !recipient.address) throw conflict(DOCUMENT_MESSAGES.einvoiceNeedsAddress);

  const rate = Number(leg.ratePct);
  const taxes = [leg.igstPaise, leg.cgstPaise, leg.sgstPaise] as const;
  const given = [0, 0, 0];
  const items = leg.lines.map((line, index) => {
    const last = index === leg.lines.length - 1;
    const value = line.valueInr * 100;
    const share = taxes.map((tax, k) => {
      const part = last ? tax - given[k]! : Math.round((tax * value) / Math.max(leg.taxablePaise, 1));
      given[k]! += part;
      return part;
    });
    const [igst, cgst, sgst] = share as [number, number, number];
    return {
      SlNo: String(index + 1),
      PrdDesc: line.title.slice(0, 300),
      IsServc: 'Y',
      HsnCd: leg.sac,
      Qty: line.quantity,
      Unit: unitCode(line.unit),
      UnitPrice: amount(Math.round(value / Math.max(line.quantity, 1))),
      TotAmt: amount(value),
      Discount: 0,
      AssAmt: amount(value),
      GstRt: rate,
      IgstAmt: amount(igst),
      CgstAmt: amount(cgst),
      SgstAmt: amount(sgst),
      CesRt: 0,
      CesAmt: 0,
      CesNonAdvlAmt: 0,
      StateCesRt: 0,
      StateCesAmt: 0,
      StateCesNonAdvlAmt: 0,
      OthChrg: 0,
      TotItemVal: amount(value + igst + cgst + sgst),
    };
  });
  const total = leg.taxablePaise + leg.igstPaise + leg.cgstPaise + leg.sgstPaise;
  const placeCode =
    (leg.placeOfSupply ? stateCodeOf(leg.placeOfSupply) : null) ?? recipient.gstin!.slice(0, 2);
  return {
    Version: '1.1',
    TranDtls: {
      TaxSch: 'GST',
      SupTyp: 'B2B',
      RegRev: 'N',
      EcmGstin: null,
      // IGST on a supply within one state only where the law says so (not a barter of advertising).
      IgstOnIntra: 'N',
    },
    DocDtls: { Typ: 'INV', No: leg.invoiceNumber, Dt: dayText(kolkataDate(leg.issuedAt)) },
    SellerDtls: partyDetails(supplier),
    BuyerDtls: { ...partyDetails(recipient), Pos: placeCode },
    ItemList: items,
    ValDtls: {
      AssVal: amount(leg.taxablePaise),
      CgstVal: amount(leg.cgstPaise),
      SgstVal: amount(leg.sgstPaise),
      IgstVal: amount(leg.igstPaise),
      CesVal: 0,
      StCesVal: 0,
      Discount: 0,
      OthChrg: 0,
      RndOffAmt: 0,
      TotInvVal: amount(total),
    },
  };
}

type Statement = Extract<StatementResult, { supplied: unknown }>;
type StatementRow = Statement['supplied'][number];

const STATEMENT_COLUMNS: readonly { title: string; width: number; cell: (leg: StatementRow) => string }[] = [
  { title: 'Date', width: 52, cell: (leg) => dayText(leg.date) },
  { title: 'Invoice', width: 70, cell: (leg) => leg.invoiceNumber ?? leg.status.replace('_', ' ') },
  { title: 'Counterparty', width: 95, cell: (leg) => leg.counterparty },
  { title: 'GSTIN', width: 82, cell: (leg) => leg.recipientGstin ?? '' },
  { title: 'SAC', width: 38, cell: (leg) => leg.sac },
  { title: 'Rate', width: 28, cell: (leg) => `${leg.ratePct}%` },
  { title: 'Taxable', width: 62, cell: (leg) => rupeeText(leg.taxableValue) },
  { title: 'GST', width: 52, cell: (leg) => rupeeText(leg.igst + leg.cgst + leg.sgst) },
  {
    title: 'Place',
    width: 35,
    cell: (leg) => (leg.placeOfSupply ? (stateCodeOf(leg.placeOfSupply) ?? '') : ''),
  },
];

function rupeeText(rupees: number): string {
  return rupees.toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
}

/**
 * The barter statement as a PDF for the accountant: the outward legs (you supplied; the GSTIN is the
 * recipient's), then the inward ones (the GSTIN is the supplier's), each as a table, and the totals. The same
 * rows and totals as the JSON and the CSV.
 */
export function statementPdf(statement: Statement, memberName: string): Promise<Buffer> {
  const title = `Barter statement ${dayText(statement.from)} to ${dayText(statement.to)}`;
  return rendered(title, 'BarterAds', (doc) => {
    const left = doc.page.margins.left;
    const bottom = () => doc.page.height - doc.page.margins.bottom - 14;
    doc.font('Helvetica-Bold').fontSize(16).text(title);
    doc.font('Helvetica').fontSize(10).text(memberName);
    doc.text('Amounts in INR. Not tax advice: check with your accountant.');
    doc.moveDown();

    const row = (cells: readonly string[], bold = false) => {
      if (doc.y > bottom()) doc.addPage();
      const y = doc.y;
      let x = left;
      doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(7.5);
      for (const [i, column] of STATEMENT_COLUMNS.entries()) {
        doc.text(cells[i] ?? '', x, y, { width: column.width - 3, lineBreak: false, ellipsis: true });
        x += column.width;
      }
      doc.x = left;
      doc.y = y + 11;
    };
    const section = (
      heading: string,
      legs: readonly StatementRow[],
      gstinOf: (l: StatementRow) => string,
    ) => {
      doc.font('Helvetica-Bold').fontSize(11).text(heading, left);
      doc.moveDown(0.2);
      row(
        STATEMENT_COLUMNS.map((c) => c.title),
        true,
      );
      if (legs.length === 0) row(['', 'none']);
      for (const leg of legs) {
        row(STATEMENT_COLUMNS.map((c) => (c.title === 'GSTIN' ? gstinOf(leg) : c.cell(leg))));
      }
      doc.moveDown(0.6);
    };
    section('Outward barter supplies (you supplied)', statement.supplied, (l) => l.recipientGstin ?? '');
    section('Inward barter supplies (you received)', statement.received, (l) => l.supplierGstin ?? '');

    if (doc.y > bottom() - 60) doc.addPage();
    doc.font('Helvetica-Bold').fontSize(11).text('Totals', left);
    doc.font('Helvetica').fontSize(10);
    for (const [label, t] of [
      ['Outward', statement.totals.outward],
      ['Inward', statement.totals.inward],
    ] as const) {
      doc.text(
        `${label}: ${t.count} legs, taxable value ${rupeeText(t.taxableValue)}, IGST ${rupeeText(t.igst)}, CGST ${rupeeText(t.cgst)}, SGST ${rupeeText(t.sgst)}, GST ${rupeeText(t.tax)}`,
      );
    }
  });
}
