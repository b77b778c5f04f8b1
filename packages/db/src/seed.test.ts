import { describe, expect, it } from 'vitest';
import { demoListing } from './seed';

describe('demo listings', () => {
  const now = new Date('2026-11-25T00:00:00Z');
  const titles = Array.from({ length: 60 }, (_, n) => demoListing(n, now).title);

  it('have a unique title each, with no "#38"-style suffix', () => {
    expect(new Set(titles).size).toBe(titles.length);
    expect(titles.filter((title) => /#\d/.test(title))).toEqual([]);
  });

  it('name the city the listing is in', () => {
    for (let n = 0; n < 60; n++) {
      const listing = demoListing(n, now);
      expect(listing.title).toContain(` in ${listing.location!.split(',')[0]}`);
    }
  });

  it('cover every city, titles unique up to 252 listings', () => {
    const listings = Array.from({ length: 252 }, (_, n) => demoListing(n, now));
    expect(new Set(listings.map((listing) => listing.title)).size).toBe(252);
    expect(new Set(listings.slice(0, 60).map((listing) => listing.location)).size).toBe(14);
  });
});
