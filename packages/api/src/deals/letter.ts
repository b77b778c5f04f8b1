import { DEAL_MESSAGES, dealQuantityText } from '@barterads/core';
import type { Executor, UserRow } from '@barterads/db';
import { TRPCError } from '@trpc/server';
import PDFDocument from 'pdfkit';
import { verifiedBusiness } from '../businesses/verification';
import { getDealPage } from './deals';
import type { Deal, DealItem } from './schemas';

/** Rupees with Indian digit grouping ("INR 1,00,000"): the PDF's standard fonts have no rupee sign. */
function inr(value: number): string {
  return `INR ${value.toLocaleString('en-IN')}`;
}

function when(iso: string): string {
  // Asia/Kolkata, the product's time zone, said in the letter.
  return `${new Date(iso).toLocaleString('en-IN', { timeZone: 'Asia/Kolkata', dateStyle: 'medium', timeStyle: 'short' })} IST`;
}

interface LetterParty {
  id: string;
  name: string;
  companyName: string | null;
  gst: { gstin: string; legalName: string } | null;
}

/** Renders the letter into one buffer (a letter is a few kilobytes). */
function render(
  deal: Deal,
  parties: [LetterParty, LetterParty],
  offeredAt: string,
  offeredBy: string,
): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: 50,
    info: { Title: `Deal letter ${deal.number ?? ''}`, Author: 'BarterAds', Subject: 'Barter deal letter' },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  doc.font('Helvetica-Bold').fontSize(20).text('BarterAds deal letter');
  doc.moveDown(0.3);
  doc.font('Helvetica').fontSize(11);
  doc.text(`Deal number: ${deal.number}`);
  doc.text(`Version accepted: ${deal.version}`);
  doc.text(`Accepted on: ${deal.acceptedAt ? when(deal.acceptedAt) : ''}`);
  doc.moveDown();

  const nameOf = (id: string) => parties.find((p) => p.id === id);
  for (const [index, party] of parties.entries()) {
    doc
      .font('Helvetica-Bold')
      .fontSize(13)
      .text(index === 0 ? 'Proposer' : 'Counterparty');
    doc.font('Helvetica').fontSize(11);
    doc.text(party.companyName ? `${party.companyName} (${party.name})` : party.name);
    if (party.gst) {
      doc.text(`Legal name: ${party.gst.legalName}`);
      doc.text(`GSTIN: ${party.gst.gstin} (GST verified)`);
    }
    doc.moveDown(0.5);
  }

  for (const party of parties) {
    const items = deal.items.filter((item) => item.giverId === party.id);
    const label = party.companyName ?? party.name;
    doc.moveDown(0.5);
    doc.font('Helvetica-Bold').fontSize(13).text(`${label} gives`);
    doc.font('Helvetica').fontSize(11);
    items.forEach((item: DealItem, i) => {
      const dates =
        item.startDate || item.endDate ? `, ${item.startDate ?? '…'} to ${item.endDate ?? '…'}` : '';
      doc.text(
        `${i + 1}. ${item.title}: ${dealQuantityText(item.quantity, item.unit)}${dates}, value ${inr(item.valueInr)}`,
      );
    });
    const other = parties.find((p) => p.id !== party.id)!;
    doc.text(`Total value ${other.companyName ?? other.name} receives: ${inr(deal.totals[other.id] ?? 0)}`);
  }
  const [a, b] = parties;
  const difference = Math.abs((deal.totals[a.id] ?? 0) - (deal.totals[b.id] ?? 0));
  doc.moveDown(0.5);
  doc.text(`Difference between the two sides: ${inr(difference)}`);

  doc.moveDown();
  doc.font('Helvetica-Bold').fontSize(13).text('Commission');
  doc.font('Helvetica').fontSize(11);
  for (const party of parties) {
    const c = deal.commission[party.id];
    if (c) {
      doc.text(
        `${party.companyName ?? party.name}: ${Math.round(c.rate * 1000) / 10}% of the value received, ${inr(c.amountInr)}`,
      );
    }
  }

  doc.moveDown();
  doc.font('Helvetica-Bold').fontSize(13).text('Acceptance');
  doc.font('Helvetica').fontSize(11);
  const offerer = nameOf(offeredBy);
  const acceptor = deal.acceptedBy ? nameOf(deal.acceptedBy) : undefined;
  doc.text(
    `Offered by ${offerer?.companyName ?? offerer?.name ?? ''} on ${when(offeredAt)} (version ${deal.version})`,
  );
  if (deal.acceptedAt) {
    doc.text(`Accepted by ${acceptor?.companyName ?? acceptor?.name ?? ''} on ${when(deal.acceptedAt)}`);
  }
  doc.moveDown();
  doc
    .fontSize(9)
    .fillColor('#555555')
    .text('Values are at rate card in Indian rupees. Dates and times are in Asia/Kolkata (IST).');
  doc.end();
  return done;
}

/**
 * The deal letter of an accepted deal, for its parties and admins (404 for anyone else, 409 before acceptance):
 * both businesses (GSTIN and legal name when verified), the items with values and dates, totals and difference,
 * the version, both acceptance times and each side's commission.
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
  const pdf = await render(
    deal,
    parties,
    accepted?.createdAt ?? deal.createdAt,
    accepted?.authorId ?? deal.proposer._id,
  );
  return { filename: `${deal.number}.pdf`, pdf };
}
