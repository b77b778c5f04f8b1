import { describe, expect, it } from 'vitest';
import { commissionInr, dealNumber, kolkataDate, kolkataMonth, kolkataYear } from './deals';
import { dealAllowance, FREE_DEAL_PLAN } from './plans';

describe('deal rules', () => {
  it('counts months in Asia/Kolkata (UTC+05:30)', () => {
    // 31 Jan 2026, 20:00 UTC is 1 Feb 01:30 in Kolkata: February's month.
    const month = kolkataMonth(new Date('2026-01-31T20:00:00Z'));
    expect(month.start.toISOString()).toBe('2026-01-31T18:30:00.000Z');
    expect(month.next.toISOString()).toBe('2026-02-28T18:30:00.000Z');
    expect(kolkataDate(month.next)).toBe('2026-03-01');
    // 31 Dec 18:29 UTC is still December in Kolkata; 18:30 is the new year.
    expect(kolkataYear(new Date('2026-12-31T18:29:59Z'))).toBe(2026);
    expect(kolkataYear(new Date('2026-12-31T18:30:00Z'))).toBe(2027);
    expect(kolkataMonth(new Date('2026-12-15T00:00:00Z')).next.toISOString()).toBe(
      '2026-12-31T18:30:00.000Z',
    );
  });

  it('numbers deals BA-YYYY-NNNNNN', () => {
    expect(dealNumber(2026, 123)).toBe('BA-2026-000123');
    expect(dealNumber(2027, 1_234_567)).toBe('BA-2027-1234567');
  });

  it('rounds commission to the rupee', () => {
    expect(commissionInr(48_000, 500)).toBe(2400);
    expect(commissionInr(1_010, 500)).toBe(51); // 50.5 rounds up
    expect(commissionInr(1_009, 300)).toBe(30); // 30.27
  });

  it('gives the free allowance without a plan, and each plan its limit and rate', () => {
    expect(dealAllowance(null)).toEqual(FREE_DEAL_PLAN);
    expect(dealAllowance('starter')).toEqual({ name: 'Starter', dealsPerMonth: 5, commissionBp: 500 });
    expect(dealAllowance('growth')).toEqual({ name: 'Growth', dealsPerMonth: 15, commissionBp: 300 });
    expect(dealAllowance('enterprise')).toEqual({
      name: 'Enterprise',
      dealsPerMonth: null,
      commissionBp: 300,
    });
  });
});

describe('money and words (issue 35)', () => {
  it('writes paise as whole rupees or with two decimals, never one', async () => {
    const { formatPaise } = await import('./money');
    expect(formatPaise(99_900)).toBe('₹999');
    expect(formatPaise(153_330)).toBe('₹1,533.30');
    expect(formatPaise(96_570)).toBe('₹965.70');
    expect(formatPaise(5)).toBe('₹0.05');
  });
  it('counts in words through one plural helper, and writes possessives', async () => {
    const { plural, possessive } = await import('./text');
    const reviews = { one: '# review', other: '# reviews' };
    expect(plural(1, reviews)).toBe('1 review');
    expect(plural(0, reviews)).toBe('0 reviews');
    expect(plural(12_500, reviews)).toBe('12,500 reviews');
    expect(possessive('Kabir Foods')).toBe("Kabir Foods'");
    expect(possessive('Meera Outdoor')).toBe("Meera Outdoor's");
  });
});

describe('Indian formats without Intl, as Intl writes them (issue 35, 9b)', () => {
  it('groups digits and writes rupees, paise and dates like en-IN', async () => {
    const { formatIndianNumber, formatRupees, formatPaise, formatIndiaDate, formatIndiaMonth } = await import(
      './money'
    );
    const intl = new Intl.NumberFormat('en-IN');
    const rupees = new Intl.NumberFormat('en-IN', {
      style: 'currency',
      currency: 'INR',
      maximumFractionDigits: 0,
    });
    for (const n of [0, 7, 999, 1000, 12_345, 100_000, 1_234_567, 100_000_000, 1_234_567_890, -45_000]) {
      expect(formatIndianNumber(n)).toBe(intl.format(n));
      expect(formatRupees(n)).toBe(rupees.format(n));
    }
    expect(formatPaise(153_330)).toBe('₹1,533.30');
    expect(formatPaise(12_345_678)).toBe('₹1,23,456.78');
    expect(formatIndiaDate('2026-12-01')).toBe('1 Dec 2026');
    // 30 Nov 20:00 UTC is 1 Dec 01:30 in India.
    expect(formatIndiaDate('2026-11-30T20:00:00.000Z')).toBe('1 Dec 2026');
    expect(formatIndiaMonth('2026-11-30T20:00:00.000Z')).toBe('December 2026');
  });
});
