import { describe, expect, it } from 'vitest';
import { entitlementsFor, plansWhere } from './entitlements';

describe('plan entitlements', () => {
  it('gives the free tier its allowance and each plan the catalogue terms', () => {
    expect(entitlementsFor(null)).toMatchObject({
      planId: null,
      name: 'Free',
      activeListingLimit: 2,
      dealsPerMonth: 2,
      featuredPerMonth: 0,
      apiAccess: false,
      seesAllMatches: false,
      matchesPerListing: 3,
    });
    expect(entitlementsFor('growth')).toMatchObject({
      planId: 'growth',
      activeListingLimit: 15,
      featuredPerMonth: 3,
      apiAccess: false,
      matchesPerListing: 3,
    });
    expect(entitlementsFor('professional')).toMatchObject({
      apiAccess: true,
      seesAllMatches: true,
      matchesPerListing: null,
    });
  });

  it('names the plans that carry a right, for queries over many members', () => {
    expect(plansWhere((plan) => plan.apiAccess)).toEqual(['professional', 'enterprise']);
    expect(plansWhere((plan) => plan.accountManager)).toEqual(['enterprise']);
    expect(plansWhere((plan) => plan.seesAllMatches)).toEqual(['professional', 'enterprise']);
  });
});
