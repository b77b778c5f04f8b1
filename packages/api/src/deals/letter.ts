import {
  DEAL_MESSAGES,
  DEAL_UNIT_LABELS,
  type DealItemUnit,
  dealQuantityText,
  formatIndianNumber,
  type Language,
} from '@barterads/core';
import { translateText } from '@barterads/core/i18n';
import type { Executor, UserRow } from '@barterads/db';
import { TRPCError } from '@trpc/server';
import { verifiedBusiness } from '../businesses/verification';
import { pdfBuffer, pdfDay, pdfRupees, pdfTime, pdfWriter } from '../pdf/language';
import { getDealPage } from './deals';
import type { Deal, DealItem } from './schemas';

interface LetterParty {
  id: string;
  name: string;
  companyName: string | null;
  gst: { gstin: string; legalName: string } | null;
}

/** The letter's words in each language; legal terms keep their English beside the translation. */
interface LetterWords {
  title: string;
  metaTitle: (number: string) => string;
  subject: string;
  dealNumber: (number: string) => string;
  versionAccepted: (version: number) => string;
  acceptedOn: (when: string) => string;
  proposer: string;
  counterparty: string;
  legalName: (name: string) => string;
  gstin: (gstin: string) => string;
  gives: (label: string) => string;
  item: (line: { n: number; title: string; quantity: string; dates: string; value: string }) => string;
  dates: (start: string, end: string) => string;
  totalReceived: (name: string, value: string) => string;
  difference: (value: string) => string;
  commission: string;
  commissionLine: (name: string, rate: number, value: string) => string;
  acceptance: string;
  offeredBy: (name: string, when: string, version: number) => string;
  acceptedBy: (name: string, when: string) => string;
  footer: string;
}

const WORDS: Record<Language, LetterWords> = {
  en: {
    title: 'BarterAds deal letter',
    metaTitle: (number) => `Deal letter ${number}`,
    subject: 'Barter deal letter',
    dealNumber: (number) => `Deal number: ${number}`,
    versionAccepted: (version) => `Version accepted: ${version}`,
    acceptedOn: (when) => `Accepted on: ${when}`,
    proposer: 'Proposer',
    counterparty: 'Counterparty',
    legalName: (name) => `Legal name: ${name}`,
    gstin: (gstin) => `GSTIN: ${gstin} (GST verified)`,
    gives: (label) => `${label} gives`,
    item: ({ n, title, quantity, dates, value }) => `${n}. ${title}: ${quantity}${dates}, value ${value}`,
    dates: (start, end) => `, ${start} to ${end}`,
    totalReceived: (name, value) => `Total value ${name} receives: ${value}`,
    difference: (value) => `Difference between the two sides: ${value}`,
    commission: 'Commission',
    commissionLine: (name, rate, value) => `${name}: ${rate}% of the value received, ${value}`,
    acceptance: 'Acceptance',
    offeredBy: (name, when, version) => `Offered by ${name} on ${when} (version ${version})`,
    acceptedBy: (name, when) => `Accepted by ${name} on ${when}`,
    footer: 'Values are at rate card in Indian rupees. Dates and times are in Asia/Kolkata (IST).',
  },
  hi: {
    title: 'BarterAds सौदा पत्र (Deal letter)',
    metaTitle: (number) => `सौदा पत्र (Deal letter) ${number}`,
    subject: 'बार्टर सौदा पत्र (Barter deal letter)',
    dealNumber: (number) => `सौदा नंबर: ${number}`,
    versionAccepted: (version) => `स्वीकृत संस्करण: ${version}`,
    acceptedOn: (when) => `स्वीकृति की तारीख़: ${when}`,
    proposer: 'प्रस्तावक',
    counterparty: 'दूसरा पक्ष',
    legalName: (name) => `कानूनी नाम (Legal name): ${name}`,
    gstin: (gstin) => `GSTIN: ${gstin} (GST सत्यापित)`,
    gives: (label) => `${label} देगा`,
    item: ({ n, title, quantity, dates, value }) => `${n}. ${title}: ${quantity}${dates}, मूल्य ${value}`,
    dates: (start, end) => `, ${start} से ${end} तक`,
    totalReceived: (name, value) => `${name} को मिलने वाला कुल मूल्य: ${value}`,
    difference: (value) => `दोनों पक्षों के बीच अंतर: ${value}`,
    commission: 'कमीशन',
    commissionLine: (name, rate, value) => `${name}: मिलने वाले मूल्य का ${rate}%, ${value}`,
    acceptance: 'स्वीकृति',
    offeredBy: (name, when, version) => `${name} ने ${when} को प्रस्ताव दिया (संस्करण ${version})`,
    acceptedBy: (name, when) => `${name} ने ${when} को स्वीकार किया`,
    footer: 'मूल्य रेट कार्ड के अनुसार भारतीय रुपयों में हैं। तारीख़ और समय Asia/Kolkata (IST) के अनुसार हैं।',
  },
  mr: {
    title: 'BarterAds सौदा पत्र (Deal letter)',
    metaTitle: (number) => `सौदा पत्र (Deal letter) ${number}`,
    subject: 'बार्टर सौदा पत्र (Barter deal letter)',
    dealNumber: (number) => `सौदा क्रमांक: ${number}`,
    versionAccepted: (version) => `स्वीकारलेली आवृत्ती: ${version}`,
    acceptedOn: (when) => `स्वीकारल्याची तारीख: ${when}`,
    proposer: 'प्रस्तावक',
    counterparty: 'दुसरा पक्ष',
    legalName: (name) => `कायदेशीर नाव (Legal name): ${name}`,
    gstin: (gstin) => `GSTIN: ${gstin} (GST सत्यापित)`,
    gives: (label) => `${label} देणार`,
    item: ({ n, title, quantity, dates, value }) => `${n}. ${title}: ${quantity}${dates}, मूल्य ${value}`,
    dates: (start, end) => `, ${start} ते ${end}`,
    totalReceived: (name, value) => `${name} यांना मिळणारे एकूण मूल्य: ${value}`,
    difference: (value) => `दोन्ही बाजूंमधील फरक: ${value}`,
    commission: 'कमिशन',
    commissionLine: (name, rate, value) => `${name}: मिळणाऱ्या मूल्याच्या ${rate}%, ${value}`,
    acceptance: 'स्वीकृती',
    offeredBy: (name, when, version) => `${name} यांनी ${when} रोजी प्रस्ताव दिला (आवृत्ती ${version})`,
    acceptedBy: (name, when) => `${name} यांनी ${when} रोजी स्वीकारला`,
    footer: 'मूल्ये रेट कार्डनुसार भारतीय रुपयांत आहेत. तारखा आणि वेळा Asia/Kolkata (IST) नुसार आहेत.',
  },
};

/** A deal item's quantity: core's English words, or the number and the unit's name as the web app shows them. */
function quantityText(quantity: number, unit: string, language: Language): string {
  if (language === 'en') return dealQuantityText(quantity, unit);
  const label = DEAL_UNIT_LABELS[unit as DealItemUnit] ?? unit;
  return `${formatIndianNumber(quantity)} ${translateText(language, label)}`;
}

/** A deal item's date as stored (`YYYY-MM-DD`) in English, in words in Hindi and Marathi. */
function itemDate(day: string | null, language: Language): string {
  if (!day) return '…';
  return language === 'en' ? day : pdfDay(day, language);
}

/** Renders the letter, in `language` (the downloading member's), into one buffer (a few kilobytes). */
export function renderDealLetter(
  deal: Deal,
  parties: [LetterParty, LetterParty],
  offeredAt: string,
  offeredBy: string,
  language: Language,
): Promise<Buffer> {
  const words = WORDS[language];
  const inr = (value: number) => pdfRupees(value, language);
  const when = (iso: string) => pdfTime(iso, language);
  return pdfBuffer(
    {
      size: 'A4',
      margin: 50,
      info: { Title: words.metaTitle(deal.number ?? ''), Author: 'BarterAds', Subject: words.subject },
    },
    (doc) => {
      const w = pdfWriter(doc, language);
      const font = w.fonts;
      doc.font(font.bold).fontSize(20);
      w.text(words.title);
      doc.moveDown(0.3);
      doc.font(font.regular).fontSize(11);
      w.text(words.dealNumber(deal.number ?? ''));
      w.text(words.versionAccepted(deal.version));
      w.text(words.acceptedOn(deal.acceptedAt ? when(deal.acceptedAt) : ''));
      doc.moveDown();

      const nameOf = (id: string) => parties.find((p) => p.id === id);
      for (const [index, party] of parties.entries()) {
        doc.font(font.bold).fontSize(13);
        w.text(index === 0 ? words.proposer : words.counterparty);
        doc.font(font.regular).fontSize(11);
        w.text(party.companyName ? `${party.companyName} (${party.name})` : party.name);
        if (party.gst) {
          w.text(words.legalName(party.gst.legalName));
          w.text(words.gstin(party.gst.gstin));
        }
        doc.moveDown(0.5);
      }

      for (const party of parties) {
        const items = deal.items.filter((item) => item.giverId === party.id);
        const label = party.companyName ?? party.name;
        doc.moveDown(0.5);
        doc.font(font.bold).fontSize(13);
        w.text(words.gives(label));
        doc.font(font.regular).fontSize(11);
        items.forEach((item: DealItem, i) => {
          const dates =
            item.startDate || item.endDate
              ? words.dates(itemDate(item.startDate, language), itemDate(item.endDate, language))
              : '';
          w.text(
            words.item({
              n: i + 1,
              title: item.title,
              quantity: quantityText(item.quantity, item.unit, language),
              dates,
              value: inr(item.valueInr),
            }),
          );
        });
        const other = parties.find((p) => p.id !== party.id)!;
        w.text(words.totalReceived(other.companyName ?? other.name, inr(deal.totals[other.id] ?? 0)));
      }
      const [a, b] = parties;
      const difference = Math.abs((deal.totals[a.id] ?? 0) - (deal.totals[b.id] ?? 0));
      doc.moveDown(0.5);
      w.text(words.difference(inr(difference)));

      doc.moveDown();
      doc.font(font.bold).fontSize(13);
      w.text(words.commission);
      doc.font(font.regular).fontSize(11);
      for (const party of parties) {
        const c = deal.commission[party.id];
        if (c) {
          w.text(
            words.commissionLine(
              party.companyName ?? party.name,
              Math.round(c.rate * 1000) / 10,
              inr(c.amountInr),
            ),
          );
        }
      }

      doc.moveDown();
      doc.font(font.bold).fontSize(13);
      w.text(words.acceptance);
      doc.font(font.regular).fontSize(11);
      const offerer = nameOf(offeredBy);
      const acceptor = deal.acceptedBy ? nameOf(deal.acceptedBy) : undefined;
      w.text(words.offeredBy(offerer?.companyName ?? offerer?.name ?? '', when(offeredAt), deal.version));
      if (deal.acceptedAt) {
        w.text(words.acceptedBy(acceptor?.companyName ?? acceptor?.name ?? '', when(deal.acceptedAt)));
      }
      doc.moveDown();
      doc.fontSize(9).fillColor('#555555');
      w.text(words.footer);
    },
  );
}

/**
 * The deal letter of an accepted deal, for its parties and admins (404 for anyone else, 409 before acceptance):
 * both businesses (GSTIN and legal name when verified), the items with values and dates, totals and difference,
 * the version, both acceptance times and each side's commission. In the viewer's language (`users.language`).
 */
export async function dealLetter(
  db: Executor,
  viewer: UserRow,
  id: string,
): Promise<{ filename: string; pdf: Buffer }> {
  const page = await getDealPage(db, viewer, id);
  const { deal } = page;
  if (!deal.number || !deal.acceptedAt) {
    throw new TRPCError({ code: 'CONFLICT', message: DEAL_MESSAGES.letterBeforeAcceptance });
  }
  const accepted = page.versions.find((v) => v.version === deal.version);
  const [proposerGst, counterpartyGst] = await Promise.all([
    deal.proposer.verified ? verifiedBusiness(db, deal.proposer._id) : null,
    deal.counterparty.verified ? verifiedBusiness(db, deal.counterparty._id) : null,
  ]);
  const parties: [LetterParty, LetterParty] = [
    {
      id: deal.proposer._id,
      name: deal.proposer.name,
      companyName: deal.proposer.companyName,
      gst: proposerGst,
    },
    {
      id: deal.counterparty._id,
      name: deal.counterparty.name,
      companyName: deal.counterparty.companyName,
      gst: counterpartyGst,
    },
  ];
  const pdf = await renderDealLetter(
    deal,
    parties,
    accepted?.createdAt ?? deal.createdAt,
    accepted?.authorId ?? deal.proposer._id,
    viewer.language,
  );
  return { filename: `${deal.number}.pdf`, pdf };
}
