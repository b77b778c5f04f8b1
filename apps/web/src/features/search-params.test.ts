import { describe, expect, it } from 'vitest';
import { readId, readMarketplaceSearch, readRedirectSearch } from './search-params';

describe("the marketplace's URL state", () => {
  it('reads every filter of a link', () => {
    expect(
      readMarketplaceSearch({
        q: '  hoarding pune ',
        view: 'media_owner',
        category: 'outdoor',
        verifiedOnly: true,
        city: 'Pune',
        rateMin: 5000,
        rateMax: 90000,
        availableFrom: '2026-12-01',
        availableTo: '2027-01-31',
        sort: 'rate_asc',
        display: 'map',
      }),
    ).toEqual({
      q: 'hoarding pune',
      view: 'media_owner',
      category: 'outdoor',
      verifiedOnly: true,
      city: 'Pune',
      rateMin: 5000,
      rateMax: 90000,
      availableFrom: '2026-12-01',
      availableTo: '2027-01-31',
      sort: 'rate_asc',
      display: 'map',
    });
  });

  it('reads a value that is not valid as absent, so an old or mistyped link still opens the page', () => {
    const search = readMarketplaceSearch({
      q: 'x'.repeat(201),
      view: 'broker',
      category: 'billboards',
      verifiedOnly: 'yes',
      city: '   ',
      rateMin: -1,
      rateMax: 12.5,
      availableFrom: '01/12/2026',
      availableTo: 20261201,
      sort: 'cheapest',
      display: 'grid',
    });
    expect(Object.values(search).every((value) => value === undefined)).toBe(true);
    expect(readMarketplaceSearch({})).toEqual(readMarketplaceSearch({ unknown: 'ignored' }));
  });

  it('searches for a number a link carried bare (the router reads ?q=2024 as a number)', () => {
    expect(readMarketplaceSearch({ q: 2024 }).q).toBe('2024');
    expect(readMarketplaceSearch({ rateMin: '5000' }).rateMin).toBeUndefined();
  });
});

describe('ids and redirects', () => {
  it('takes a UUID in any case and nothing else', () => {
    expect(readId('00000000-0000-4000-8200-00000000000A')).toBe('00000000-0000-4000-8200-00000000000A');
    expect(readId('00000000-0000-4000-8200')).toBeUndefined();
    expect(readId(42)).toBeUndefined();
  });

  it('keeps a redirect only when it is text (the sign-in page decides whether to follow it)', () => {
    expect(readRedirectSearch({ redirect: '/dashboard/deals' })).toEqual({ redirect: '/dashboard/deals' });
    expect(readRedirectSearch({ redirect: ['/a'] })).toEqual({ redirect: undefined });
  });
});
