import { describe, expect, it } from 'vitest';
import {
  chargeAmount,
  PLANS,
  planForAmount,
  quotePlanChange,
  yearlyMonthlyEquivalent,
  yearlyPrice,
} from './plans';

describe('plan catalogue arithmetic', () => {
  const expected = {
    starter: { yearly: 9590, monthlyEquivalent: 799 },
    growth: { yearly: 23990, monthlyEquivalent: 1999 },
    professional: { yearly: 47990, monthlyEquivalent: 3999 },
    enterprise: { yearly: 95990, monthlyEquivalent: 7999 },
  } as const;

  for (const plan of PLANS) {
    it(`${plan.name}: yearly = floor(12 × ${plan.price} × 0.8), equivalent rounded`, () => {
      expect(yearlyPrice(plan)).toBe(expected[plan.id].yearly);
      expect(yearlyMonthlyEquivalent(plan)).toBe(expected[plan.id].monthlyEquivalent);
      expect(chargeAmount(plan, 'monthly')).toBe(plan.price * 100);
      expect(chargeAmount(plan, 'yearly')).toBe(expected[plan.id].yearly * 100);
      expect(planForAmount(plan.price * 100)).toEqual({ plan, period: 'monthly' });
      expect(planForAmount(expected[plan.id].yearly * 100)).toEqual({ plan, period: 'yearly' });
    });
  }

  it('has the four plans of the spec with Growth most popular', () => {
    expect(PLANS.map((p) => [p.name, p.price])).toEqual([
      ['Starter', 999],
      ['Growth', 2499],
      ['Professional', 4999],
      ['Enterprise', 9999],
    ]);
    expect(PLANS.filter((p) => p.isPopular).map((p) => p.id)).toEqual(['growth']);
  });

  it('refuses amounts outside the catalogue', () => {
    expect(planForAmount(100)).toBeUndefined();
    expect(planForAmount(99_900 + 1)).toBeUndefined();
  });
});

describe('plan change quotes', () => {
  const at = (iso: string) => new Date(iso);
  it('an upgrade charges the new price less the unused days of the current one (31-day month)', () => {
    const q = quotePlanChange(
      {
        planId: 'starter',
        period: 'monthly',
        start: at('2026-01-01T00:00:00Z'),
        end: at('2026-02-01T00:00:00Z'),
      },
      { planId: 'growth', period: 'monthly' },
      at('2026-01-11T00:00:00Z'),
    );
    // 21 of 31 days unused of ₹999.
    expect(q).toEqual({
      kind: 'upgrade',
      amount: 249_900 - Math.round((99_900 * 21) / 31),
      credit: 67_674,
      appliesAt: at('2026-01-11T00:00:00Z'),
      payableFrom: at('2026-01-11T00:00:00Z'),
    });
  });
  it('a leap year has 366 days; a downgrade or period change waits for the period end', () => {
    const current = {
      planId: 'growth' as const,
      period: 'yearly' as const,
      start: at('2028-01-10T00:00:00Z'),
      end: at('2029-01-10T00:00:00Z'),
    };
    const up = quotePlanChange(
      current,
      { planId: 'enterprise', period: 'yearly' },
      at('2028-07-10T00:00:00Z'),
    );
    expect(up).toMatchObject({ kind: 'upgrade', credit: Math.round((2_399_000 * 184) / 366) });
    const down = quotePlanChange(
      current,
      { planId: 'starter', period: 'yearly' },
      at('2028-07-10T00:00:00Z'),
    );
    // Paid in the period's last 7 days, like a renewal (issue 35: not "pay now" half a year before it starts).
    const windowOpens = at('2029-01-03T00:00:00Z');
    expect(down).toEqual({
      kind: 'scheduled',
      amount: 959_000,
      credit: 0,
      appliesAt: current.end,
      payableFrom: windowOpens,
    });
    const period = quotePlanChange(
      current,
      { planId: 'growth', period: 'monthly' },
      at('2028-07-10T00:00:00Z'),
    );
    expect(period).toEqual({
      kind: 'scheduled',
      amount: 249_900,
      credit: 0,
      appliesAt: current.end,
      payableFrom: windowOpens,
    });
    // In the window, payable at once.
    const late = at('2029-01-05T00:00:00Z');
    expect(quotePlanChange(current, { planId: 'starter', period: 'yearly' }, late)).toMatchObject({
      kind: 'scheduled',
      payableFrom: late,
    });
  });
  it('yearly to a dearer monthly plan costs at least ₹1', () => {
    const q = quotePlanChange(
      {
        planId: 'starter',
        period: 'yearly',
        start: at('2026-01-01T00:00:00Z'),
        end: at('2027-01-01T00:00:00Z'),
      },
      { planId: 'growth', period: 'monthly' },
      at('2026-01-02T00:00:00Z'),
    );
    expect(q).toMatchObject({ kind: 'upgrade', amount: 100 });
  });
  it('renewal only in the last 7 days; a purchase without a running plan', () => {
    const current = {
      planId: 'starter' as const,
      period: 'monthly' as const,
      start: at('2026-02-01T00:00:00Z'),
      end: at('2026-03-01T00:00:00Z'),
    };
    expect(
      quotePlanChange(current, { planId: 'starter', period: 'monthly' }, at('2026-02-10T00:00:00Z')),
    ).toBe('not-yet');
    expect(
      quotePlanChange(current, { planId: 'starter', period: 'monthly' }, at('2026-02-23T00:00:00Z')),
    ).toMatchObject({ kind: 'renewal', amount: 99_900, appliesAt: current.end });
    expect(
      quotePlanChange(null, { planId: 'growth', period: 'yearly' }, at('2026-02-23T00:00:00Z')),
    ).toMatchObject({ kind: 'purchase', amount: 2_399_000, credit: 0 });
  });
});
