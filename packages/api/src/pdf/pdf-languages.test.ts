import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { inflateSync } from 'node:zlib';
import type { Language } from '@barterads/core';
import type { DealLegRow, InvoiceRow } from '@barterads/db';
import { extractText, getDocumentProxy } from 'unpdf';
import { describe, expect, it } from 'vitest';
import { renderDealLetter } from '../deals/letter';
import type { Deal } from '../deals/schemas';
import { renderInvoice } from '../payments/invoices';
import { type LegDocument, legInvoicePdf } from '../tax/documents';

/**
 * The deal letter and the invoices in the downloading member's language (issue 33): Hindi and Marathi set in an
 * embedded Noto Sans Devanagari (Latin included, subset) and shaped by pdfkit's fontkit; English unchanged in the
 * standard Helvetica. Shaped Devanagari's glyphs are in visual order (pdf.js reads "िदन" for "दिन"), so each
 * paragraph carries its words as ActualText: the test reads those (what copying, search and screen readers get) and
 * checks that the glyphs are reordered, which only shaping does. PDF_OUT=<dir> keeps the files to look at
 * (pdftoppm -png -r 110).
 */
const ACCEPTED = '2026-11-20T06:30:00.000Z';

const deal: Deal = {
  _id: 'd1',
  number: 'BA-2026-000042',
  status: 'accepted',
  version: 2,
  turnUserId: null,
  expiresAt: '2026-12-20T06:30:00.000Z',
  listingId: null,
  proposer: { _id: 'p', name: 'Meera Shah', companyName: 'Meera Outdoor', verified: true },
  counterparty: { _id: 'c', name: 'Kabir Rao', companyName: 'Kabir Foods', verified: false },
  items: [
    {
      _id: 'i1',
      giverId: 'p',
      listingId: null,
      title: 'Hoarding at Dadar TT circle',
      quantity: 3,
      unit: 'month',
      startDate: '2026-12-01',
      endDate: '2027-02-28',
      valueInr: 150000,
      deliverable: null,
    },
    {
      _id: 'i2',
      giverId: 'c',
      listingId: null,
      title: 'Sampling boxes at 20 stores',
      quantity: 200,
      unit: 'item',
      startDate: null,
      endDate: null,
      valueInr: 48000,
      deliverable: null,
    },
  ],
  totals: { p: 48000, c: 150000 },
  commission: {
    p: { rate: 0.05, amountInr: 2400, paid: false },
    c: { rate: 0.05, amountInr: 7500, paid: false },
  },
  declineReason: null,
  conversationId: null,
  acceptedBy: 'c',
  createdAt: '2026-11-18T06:30:00.000Z',
  updatedAt: ACCEPTED,
  acceptedAt: ACCEPTED,
  completedAt: null,
  circleId: null,
  brokerId: null,
  preparedBy: null,
  draftAcceptedBy: null,
  actions: [],
};

const parties: Parameters<typeof renderDealLetter>[1] = [
  {
    id: 'p',
    name: 'Meera Shah',
    companyName: 'Meera Outdoor',
    gst: { gstin: '27AAPFU0939F1ZV', legalName: 'Meera Outdoor LLP' },
  },
  { id: 'c', name: 'Kabir Rao', companyName: 'Kabir Foods', gst: null },
];

const leg: DealLegRow = {
  id: 'l1',
  dealId: 'd1',
  key: 'p|998366|Maharashtra',
  position: 0,
  supplierId: 'p',
  recipientId: 'c',
  supplierGstin: '27AAPFU0939F1ZV',
  recipientGstin: '27AABCU9603R1ZM',
  supplierState: 'Maharashtra',
  placeOfSupply: 'Maharashtra',
  placeOfSupplyBasis: 'property',
  sac: '998366',
  ratePct: 18,
  description: 'Outdoor advertising under deal BA-2026-000042',
  lines: [{ title: 'Hoarding at Dadar TT circle', quantity: 3, unit: 'month', valueInr: 150000 }],
  taxablePaise: 15000000,
  igstPaise: 0,
  cgstPaise: 1350000,
  sgstPaise: 1350000,
  status: 'draft',
  rateDay: '2026-11-20',
  invoiceNumber: null,
  issuedAt: null,
  createdAt: new Date(ACCEPTED),
  updatedAt: new Date(ACCEPTED),
};

const legDocument: LegDocument = {
  leg,
  einvoicing: false,
  dealNumber: 'BA-2026-000042',
  supplier: {
    id: 'p',
    legalName: 'Meera Outdoor LLP',
    tradeName: 'Meera Outdoor',
    gstin: '27AAPFU0939F1ZV',
    state: 'Maharashtra',
    address: { line: '12 Ranade Road', city: 'Mumbai', pin: '400028', state: 'Maharashtra' },
    email: 'meera@example.com',
    phone: null,
  },
  recipient: {
    id: 'c',
    legalName: 'Kabir Foods Private Limited',
    tradeName: 'Kabir Foods',
    gstin: '27AABCU9603R1ZM',
    state: 'Maharashtra',
    address: null,
    email: 'kabir@example.com',
    phone: null,
  },
  supplyDate: '2026-12-01',
};

const invoice: InvoiceRow = {
  id: 'inv1',
  number: 'BA/2026-27/000123',
  kind: 'invoice',
  financialYear: '2026-27',
  sequence: 123,
  userId: 'c',
  orderId: 'o1',
  commissionOrderId: null,
  refundId: null,
  description: 'BarterAds Growth plan, monthly subscription (SAC 998439)',
  total: 11799800,
  taxable: 9999830,
  cgst: 899985,
  sgst: 899985,
  igst: 0,
  buyerName: 'Kabir Foods Private Limited',
  buyerEmail: 'kabir@example.com',
  buyerGstin: '27AABCU9603R1ZM',
  buyerStateCode: '27',
  createdAt: new Date(ACCEPTED),
};

const seller = {
  legalName: 'BarterAds Technologies Private Limited',
  gstin: '27AAICB1234C1Z5',
  address: 'Mumbai',
};

/** A PDF literal string's bytes (pdfkit escapes \\, ( and ) and control characters), as text (UTF-16BE with BOM). */
function pdfString(body: string): string {
  const bytes = body.replace(
    /\\([nrtbf()\\])/g,
    (_, c: string) => ({ n: '\n', r: '\r', t: '\t', b: '\b', f: '\f' })[c as 'n'] ?? c,
  );
  if (!bytes.startsWith('\xfe\xff')) return bytes;
  const buffer = Buffer.from(bytes.slice(2), 'latin1');
  return buffer.swap16().toString('utf16le');
}

/** The ActualText of every marked-content span in the PDF's page streams, in order. */
function actualTexts(pdf: Buffer): string[] {
  const raw = pdf.toString('latin1');
  const texts: string[] = [];
  for (const match of raw.matchAll(/stream\n([\s\S]*?)\nendstream/g)) {
    let content: string;
    try {
      content = inflateSync(Buffer.from(match[1]!, 'latin1')).toString('latin1');
    } catch {
      continue;
    }
    for (const span of content.matchAll(/\/ActualText \(((?:\\.|[^\\)])*)\)/g))
      texts.push(pdfString(span[1]!));
  }
  return texts;
}

async function read(pdf: Buffer, name: string): Promise<{ text: string; glyphs: string; raw: string }> {
  if (process.env.PDF_OUT) {
    mkdirSync(process.env.PDF_OUT, { recursive: true });
    writeFileSync(join(process.env.PDF_OUT, `${name}.pdf`), pdf);
  }
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(pdf)), { mergePages: true });
  const spans = actualTexts(pdf);
  return { text: spans.length > 0 ? spans.join('\n') : text, glyphs: text, raw: pdf.toString('latin1') };
}

const letter = (language: Language) =>
  renderDealLetter(deal, parties, '2026-11-19T06:30:00.000Z', 'p', language);

describe('PDFs in the member’s language', () => {
  it('English stays as it was: Helvetica, nothing embedded, INR amounts', async () => {
    const { text, raw } = await read(await letter('en'), 'letter-en');
    expect(text).toContain('BarterAds deal letter');
    expect(text).toContain('Version accepted: 2');
    expect(text).toContain('3 months, 2026-12-01 to 2027-02-28, value INR 1,50,000');
    expect(text).toContain('Meera Outdoor: 5% of the value received, INR 2,400');
    expect(text).toMatch(/Accepted by Kabir Foods on 20 Nov 2026, 12:00 pm IST/);
    expect(raw).toContain('/BaseFont /Helvetica');
    expect(raw).not.toContain('FontFile2');
    expect(actualTexts(await letter('en'))).toEqual([]);

    const invoiceText = (await read(await legInvoicePdf(legDocument), 'leg-en')).text;
    expect(invoiceText).toContain('Tax invoice (draft)');
    expect(invoiceText).toContain('Taxable value (open market value): INR 1,50,000.00');
    expect(invoiceText).toContain('Place of supply: Maharashtra (state code 27), where the property is');
    const own = (await read(await renderInvoice(invoice, seller), 'invoice-en')).text;
    expect(own).toContain('Total (GST included): INR 1,17,998.00');
  });

  it('the deal letter in Hindi and Marathi: Devanagari words read back whole, legal English beside, ₹ with Indian grouping', async () => {
    const hi = await read(await letter('hi'), 'letter-hi');
    expect(hi.raw).toContain('NotoSansDevanagari');
    expect(hi.raw).toContain('FontFile2');
    expect(hi.raw).not.toContain('/BaseFont /Helvetica');
    for (const words of [
      'BarterAds सौदा पत्र (Deal letter)',
      'सौदा नंबर: BA-2026-000042',
      'प्रस्तावक',
      'कानूनी नाम (Legal name): Meera Outdoor LLP',
      'GSTIN: 27AAPFU0939F1ZV (GST सत्यापित)',
      // Conjuncts and matras: स्वी, कृ, त्य (half forms), ि before its consonant.
      'स्वीकृत संस्करण: 2',
      '3 माह, 1 दिसंबर 2026 से 28 फ़रवरी 2027 तक, मूल्य ₹1,50,000',
      'Kabir Foods को मिलने वाला कुल मूल्य: ₹1,50,000',
      'Meera Outdoor: मिलने वाले मूल्य का 5%, ₹2,400',
      'दोनों पक्षों के बीच अंतर: ₹1,02,000',
    ]) {
      expect(hi.text).toContain(words);
    }
    expect(hi.text).toMatch(/Kabir Foods ने 20 नव॰ 2026, 12:00 IST को स्वीकार किया/);
    // The glyphs themselves: Latin and digits as written, the i-matra drawn before its consonant (shaped).
    expect(hi.glyphs).toContain('27AAPFU0939F1ZV');
    expect(hi.glyphs).toContain('₹1,50,000');
    expect(hi.glyphs).toContain('िदसंबर');
    expect(hi.glyphs).not.toContain('दिसंबर');

    const mr = await read(await letter('mr'), 'letter-mr');
    for (const words of [
      'सौदा क्रमांक: BA-2026-000042',
      'दुसरा पक्ष',
      'कायदेशीर नाव (Legal name): Meera Outdoor LLP',
      '3 महिना, 1 डिसेंबर 2026 ते 28 फेब्रुवारी 2027, मूल्य ₹1,50,000',
      'Meera Outdoor: मिळणाऱ्या मूल्याच्या 5%, ₹2,400',
      'दोन्ही बाजूंमधील फरक: ₹1,02,000',
    ]) {
      expect(mr.text).toContain(words);
    }
    expect(mr.text).toMatch(/Kabir Foods यांनी 20 नोव्हें, 2026, 12:00 IST रोजी स्वीकारला/);
  });

  it('the barter leg’s tax invoice draft and BarterAds’ own invoice in Hindi and Marathi', async () => {
    const hi = (await read(await legInvoicePdf(legDocument, 'hi'), 'leg-hi')).text;
    for (const words of [
      'कर बीजक (Tax invoice), मसौदा',
      'बीजक संख्या (Invoice number): जारी करते समय दी जाएगी',
      'आपूर्ति की तारीख़ (Date of supply): 1 दिसंबर 2026',
      'आपूर्तिकर्ता (Supplier)',
      'प्राप्तकर्ता (Recipient)',
      'राज्य: Maharashtra (राज्य कोड 27)',
      'मात्रा 3, इकाई माह, मूल्य ₹1,50,000.00',
      'कर योग्य मूल्य (Taxable value), खुले बाज़ार का मूल्य: ₹1,50,000.00',
      'CGST @ 9%: ₹13,500.00',
      'आपूर्ति का स्थान (Place of Supply): Maharashtra (राज्य कोड 27), जहाँ संपत्ति स्थित है (IGST Act section 12(3))',
      'अधिकृत हस्ताक्षरकर्ता (Authorised signatory)',
    ]) {
      expect(hi).toContain(words);
    }
    const mr = (await read(await legInvoicePdf(legDocument, 'mr'), 'leg-mr')).text;
    for (const words of [
      'कर बीजक (Tax invoice), मसुदा',
      'पुरवठादार (Supplier)',
      'पत्ता: अजून दिलेला नाही',
      'करपात्र मूल्य (Taxable value), खुल्या बाजारातील मूल्य: ₹1,50,000.00',
      'बीजकाचे एकूण मूल्य (Total invoice value): ₹1,77,000.00',
      'रिव्हर्स चार्जवर देय कर (Tax payable on reverse charge): नाही',
    ]) {
      expect(mr).toContain(words);
    }
    const own = (await read(await renderInvoice(invoice, seller, 'mr'), 'invoice-mr')).text;
    expect(own).toContain('कर बीजक (Tax invoice)');
    expect(own).toContain('तारीख: 20 नोव्हेंबर 2026');
    expect(own).toContain('एकूण (GST सह): ₹1,17,998.00');
    expect(
      (await read(await renderInvoice({ ...invoice, kind: 'credit_note' }, seller, 'hi'), 'note-hi')).text,
    ).toContain('क्रेडिट नोट (Credit note)');
  });

  it('embeds a subset of the font: a Hindi letter stays small', async () => {
    const bytes = (await letter('hi')).length;
    // The regular and bold TrueType files are about 230 KB each; the subsets of what a letter uses are far less.
    expect(bytes).toBeLessThan(120_000);
  });
});
