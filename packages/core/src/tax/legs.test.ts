import { describe, expect, it } from 'vitest';
import { gstOnTaxable } from '../gst';
import { gstinCheckCharacter } from '../gstin';
import { computeLegs, stateCodeOf, stateOfGstin, type TaxItem, type TaxParty, withSac } from './legs';
import { gstRateOn, isKnownSac, SAC_LIST, SAC_RATES, suggestedSac } from './sac';

const gstin = (first14: string) => first14 + gstinCheckCharacter(first14);
const MH = gstin('27AAAPA1234A1Z');
const KA = gstin('29AAACB1234B1Z');

const party = (id: string, g: string | null, state: string | null = null): TaxParty => ({
  id,
  gstin: g,
  state,
});
const item = (giverId: string, over: Partial<TaxItem> = {}): TaxItem => ({
  giverId,
  title: 'Full-page ad',
  quantity: 1,
  unit: 'insertion',
  valueInr: 48_000,
  category: 'print',
  propertyState: 'Maharashtra',
  ...over,
});
const DAY = '2026-11-28';

describe('GST rounding (worked examples)', () => {
  it('computes each head on the taxable value, half up to the paisa', () => {
    // ₹48,000 at 5% across states: IGST ₹2,400.00.
    expect(gstOnTaxable(4_800_000, 5, false)).toEqual({ igst: 240_000, cgst: 0, sgst: 0 });
    // ₹1,001 at 18% within a state: CGST = SGST = 9% = ₹90.09.
    expect(gstOnTaxable(100_100, 18, true)).toEqual({ igst: 0, cgst: 9_009, sgst: 9_009 });
    // ₹1,001 at 5% within a state: 2.5% is ₹25.025, rounded up to ₹25.03 each; IGST would be ₹50.05.
    expect(gstOnTaxable(100_100, 5, true)).toEqual({ igst: 0, cgst: 2_503, sgst: 2_503 });
    expect(gstOnTaxable(100_100, 5, false).igst).toBe(5_005);
  });
});

describe('SAC and rates table', () => {
  it('suggests print 998363 at 5% and other advertising space 998366 at 18%', () => {
    expect(suggestedSac('print')).toBe('998363');
    for (const c of [
      'outdoor',
      'audio',
      'digital',
      'app',
      'influencer',
      'transit',
      'event',
      'direct',
      null,
    ]) {
      expect(suggestedSac(c)).toBe('998366');
    }
    expect(gstRateOn('998363', DAY)).toBe(5);
    expect(gstRateOn('998366', DAY)).toBe(18);
  });

  it('applies a rate by its effective dates, and knows only listed SACs', () => {
    expect(gstRateOn('996311', '2025-09-21')).toBe(12);
    expect(gstRateOn('996311', '2025-09-22')).toBe(5);
    expect(() => gstRateOn('998366', '2017-06-30')).toThrow(RangeError);
    expect(isKnownSac('999999')).toBe(false);
    for (const entry of SAC_LIST) expect(gstRateOn(entry.sac, DAY)).toBeGreaterThan(0);
    // No two rows of a SAC overlap.
    for (const r of SAC_RATES) {
      const overlapping = SAC_RATES.filter(
        (o) => o.sac === r.sac && o.from <= (r.to ?? '9999') && r.from <= (o.to ?? '9999'),
      );
      expect(overlapping).toHaveLength(1);
    }
  });

  it('names states from GSTINs', () => {
    expect(stateOfGstin(MH)).toBe('Maharashtra');
    expect(stateOfGstin(KA)).toBe('Karnataka');
    expect(stateCodeOf('Karnataka')).toBe('29');
  });
});

describe('computeLegs', () => {
  it('makes two legs: IGST across states, CGST + SGST within one', () => {
    const legs = computeLegs({
      parties: [party('a', MH), party('b', KA)],
      items: [item('a'), item('b', { title: 'Banner', category: 'digital', valueInr: 1_001 })],
      day: DAY,
    });
    expect(legs).toHaveLength(2);
    const [aLeg, bLeg] = legs;
    expect(aLeg).toMatchObject({
      supplierId: 'a',
      recipientId: 'b',
      supplierGstin: MH,
      recipientGstin: KA,
      supplierState: 'Maharashtra',
      placeOfSupply: 'Karnataka',
      placeOfSupplyBasis: 'recipient',
      sac: '998363',
      ratePct: 5,
      taxablePaise: 4_800_000,
      igstPaise: 240_000,
      cgstPaise: 0,
      sgstPaise: 0,
      status: 'draft',
    });
    expect(bLeg).toMatchObject({
      sac: '998366',
      ratePct: 18,
      placeOfSupply: 'Maharashtra',
      igstPaise: 18_018,
    });

    const within = computeLegs({
      parties: [party('a', MH), party('b', gstin('27AAACB1234B1Z'))],
      items: [item('a', { valueInr: 1_001 })],
      day: DAY,
    });
    expect(within[0]).toMatchObject({ igstPaise: 0, cgstPaise: 2_503, sgstPaise: 2_503 });
  });

  it("puts an outdoor site's supply in the property's state", () => {
    // Both in Maharashtra, the hoarding in Karnataka: IGST, basis property.
    const [leg] = computeLegs({
      parties: [party('a', MH), party('b', gstin('27AAACB1234B1Z'))],
      items: [item('a', { category: 'outdoor', propertyState: 'Karnataka', valueInr: 100_000 })],
      day: DAY,
    });
    expect(leg).toMatchObject({
      placeOfSupply: 'Karnataka',
      placeOfSupplyBasis: 'property',
      sac: '998366',
      igstPaise: 1_800_000,
      cgstPaise: 0,
    });
  });

  it("marks an unregistered supplier's leg not required, with no tax", () => {
    const legs = computeLegs({
      parties: [party('a', null, 'Gujarat'), party('b', KA)],
      items: [item('a'), item('b', { category: 'audio', valueInr: 10_000 })],
      day: DAY,
    });
    expect(legs[0]).toMatchObject({
      supplierGstin: null,
      supplierState: 'Gujarat',
      status: 'not_required',
      igstPaise: 0,
      cgstPaise: 0,
      sgstPaise: 0,
      taxablePaise: 4_800_000,
    });
    // The registered side still supplies to the unregistered party: place of supply is its address on record.
    expect(legs[1]).toMatchObject({ recipientGstin: null, placeOfSupply: 'Gujarat', igstPaise: 180_000 });
  });

  it('falls back to the supplier state when an unregistered recipient has no address on record', () => {
    const [leg] = computeLegs({
      parties: [party('a', MH), party('b', null)],
      items: [item('a', { valueInr: 1_000 })],
      day: DAY,
    });
    expect(leg).toMatchObject({ placeOfSupply: 'Maharashtra', cgstPaise: 2_500, sgstPaise: 2_500 });
  });

  it('groups a side by SAC and place of supply, summing values', () => {
    const legs = computeLegs({
      parties: [party('a', MH), party('b', KA)],
      items: [
        item('a', { valueInr: 1_000 }),
        item('a', { title: 'Half-page', quantity: 2, valueInr: 500 }),
        item('a', { category: 'digital', valueInr: 2_000 }),
      ],
      day: DAY,
    });
    expect(legs.map((l) => [l.sac, l.taxablePaise, l.lines.length])).toEqual([
      ['998363', 150_000, 2],
      ['998366', 200_000, 1],
    ]);
    // The quantity in words, plural included (it read "(2 insertion)").
    expect(legs[0]?.description).toBe('Full-page ad (1 insertion); Half-page (2 insertions)');
  });

  it('reprices a leg under the SAC the supplier picks', () => {
    const [leg] = computeLegs({ parties: [party('a', MH), party('b', KA)], items: [item('a')], day: DAY });
    const hotel = withSac(leg!, '996311', DAY);
    expect(hotel).toMatchObject({ sac: '996311', ratePct: 5, igstPaise: 240_000 });
    expect(withSac(leg!, '998366', DAY).igstPaise).toBe(864_000);
  });

  it('refuses an item whose giver is not a party', () => {
    expect(() =>
      computeLegs({ parties: [party('a', MH), party('b', KA)], items: [item('c')], day: DAY }),
    ).toThrow();
  });
});

describe('invoice series', () => {
  it('numbers HS/25-26/001 onwards within 16 characters', async () => {
    const { seriesInvoiceNumber, INVOICE_PREFIX_PATTERN } = await import('./series');
    expect(seriesInvoiceNumber('HS/25-26/', 7)).toBe('HS/25-26/007');
    expect(seriesInvoiceNumber('HS/25-26/', 1234)).toBe('HS/25-26/1234');
    expect(INVOICE_PREFIX_PATTERN.test('HS/25-26/')).toBe(true);
    expect(INVOICE_PREFIX_PATTERN.test('hs/25')).toBe(false);
    expect(INVOICE_PREFIX_PATTERN.test('ABCDEFGHIJK')).toBe(false);
  });
});
