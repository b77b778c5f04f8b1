import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { formatIndianNumber, LANGUAGE_TAGS, type Language } from '@barterads/core';
import { formatDateIn } from '@barterads/core/dates';
import PDFDocument from 'pdfkit';
import { formatIndiaTime } from '../mail/language';

/**
 * The PDFs a member downloads (deal letter, barter-leg tax invoice, BarterAds' own invoices) in the member's
 * language (issue 33). English keeps pdfkit's standard Helvetica (nothing embedded, "INR" for the rupee: the
 * standard fonts have no rupee sign). Hindi and Marathi embed Noto Sans Devanagari: the Google Fonts build, whose
 * TrueType files carry Latin and the rupee sign beside Devanagari, so one font sets the mixed lines (GSTINs,
 * numbers, the English of legal terms); pdfkit shapes it through fontkit (conjuncts, matras) and embeds only the
 * glyphs a document uses.
 */
export interface PdfFonts {
  regular: string;
  bold: string;
}

const STANDARD_FONTS: PdfFonts = { regular: 'Helvetica', bold: 'Helvetica-Bold' };
const DEVANAGARI_FONTS: PdfFonts = { regular: 'NotoSansDevanagari', bold: 'NotoSansDevanagari-Bold' };

const FONT_FILES = {
  regular: '@expo-google-fonts/noto-sans-devanagari/400Regular/NotoSansDevanagari_400Regular.ttf',
  bold: '@expo-google-fonts/noto-sans-devanagari/700Bold/NotoSansDevanagari_700Bold.ttf',
} as const;

let fontData: { regular: Buffer; bold: Buffer } | undefined;

/** The two TrueType files, read once per process (about 230 KB each; a PDF embeds a subset). */
function devanagariFontData(): { regular: Buffer; bold: Buffer } {
  if (fontData) return fontData;
  // Resolved as a package (the server's bundle keeps npm packages external and lists this one).
  const require = createRequire(import.meta.url);
  fontData = {
    regular: readFileSync(require.resolve(FONT_FILES.regular)),
    bold: readFileSync(require.resolve(FONT_FILES.bold)),
  };
  return fontData;
}

/** The fonts `doc` writes `language` with, registered on it when they are embedded ones. */
export function pdfFonts(doc: PDFKit.PDFDocument, language: Language): PdfFonts {
  if (language === 'en') return STANDARD_FONTS;
  const data = devanagariFontData();
  doc.registerFont(DEVANAGARI_FONTS.regular, data.regular);
  doc.registerFont(DEVANAGARI_FONTS.bold, data.bold);
  return DEVANAGARI_FONTS;
}

/** A document's fonts and its way of writing a paragraph in the document's language. */
export interface PdfWriter {
  fonts: PdfFonts;
  /** `doc.text(value)`; in Hindi and Marathi inside a span that carries the text as written (see below). */
  text: (value: string, options?: PDFKit.Mixins.TextOptions) => void;
}

/**
 * How `doc` writes `language`. Shaped Devanagari is drawn in visual order (the i-matra before its consonant, the
 * reph after its cluster) with glyphs that a font shares between letters (ई is इ with the reph's hook), so a
 * reader that maps glyphs back to letters copies "िदन" for "दिन". Each paragraph therefore sits in a marked-content
 * span whose ActualText is the text as written (PDF 1.5, 14.9.4) and whose Lang is the language: copying,
 * searching and screen readers get the words, not the glyphs. English writes as before.
 */
export function pdfWriter(doc: PDFKit.PDFDocument, language: Language): PdfWriter {
  const fonts = pdfFonts(doc, language);
  if (language === 'en') return { fonts, text: (value, options) => void doc.text(value, options) };
  return {
    fonts,
    text: (value, options) => {
      doc.markContent('Span', { lang: LANGUAGE_TAGS[language], actual: value });
      doc.text(value, options);
      doc.endMarkedContent();
    },
  };
}

/** A new A4 document whose bytes are collected into one buffer (a letter or an invoice is a few kilobytes). */
export function pdfBuffer(
  options: PDFKit.PDFDocumentOptions,
  write: (doc: PDFKit.PDFDocument) => void,
): Promise<Buffer> {
  const doc = new PDFDocument(options);
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  write(doc);
  doc.end();
  return done;
}

/** Whole rupees with Indian grouping: "INR 1,00,000" in English (Helvetica), "₹1,00,000" in Hindi and Marathi. */
export function pdfRupees(rupees: number, language: Language): string {
  if (language === 'en') return `INR ${rupees.toLocaleString('en-IN')}`;
  const text = formatIndianNumber(Math.round(rupees));
  return text.startsWith('-') ? `-₹${text.slice(1)}` : `₹${text}`;
}

/** Paise as rupees with two decimals and Indian grouping: "INR 1,00,000.00"; "₹1,00,000.00" in Hindi and Marathi. */
export function pdfPaise(paise: number, language: Language): string {
  if (language === 'en') {
    return `INR ${(paise / 100).toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
  }
  const text = formatIndianNumber(paise / 100, 2);
  return text.startsWith('-') ? `-₹${text.slice(1)}` : `₹${text}`;
}

/** A calendar day (`YYYY-MM-DD`): "28/11/2026" in English, "28 नवंबर 2026" in Hindi, "28 नोव्हेंबर 2026" in Marathi. */
export function pdfDay(day: string, language: Language): string {
  if (language !== 'en') return formatDateIn(day, language);
  const [y, m, d] = day.split('-');
  return `${d}/${m}/${y}`;
}

/** An instant in India's time with "IST", in `language` with Latin digits (Hindi and Marathi on a 24-hour clock). */
export function pdfTime(value: string | Date, language: Language): string {
  return formatIndiaTime(value, language);
}
