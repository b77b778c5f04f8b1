import { describe, expect, it } from 'vitest';
import { chargeAmount, PLANS, planForAmount, yearlyMonthlyEquivalent, yearlyPrice } from './plans';

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
