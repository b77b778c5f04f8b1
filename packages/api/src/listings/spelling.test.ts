import { describe, expect, it } from 'vitest';
import {
  CorrectionCache,
  editDistance,
  isCorrectable,
  pickCorrections,
  pickVariants,
  suggestionFor,
} from './spelling';

describe('editDistance', () => {
  it('counts a swap of neighbours as one edit', () => {
    expect(editDistance('radoi', 'radio')).toBe(1);
    expect(editDistance('hording', 'hoarding')).toBe(1);
    expect(editDistance('vehical', 'vehicle')).toBe(2);
    expect(editDistance('radio', 'radio')).toBe(0);
    expect(editDistance('', 'abc')).toBe(3);
  });
});

describe('pickCorrections', () => {
  it('keeps the closest words within the allowed edits, same first letter first', () => {
    expect(pickCorrections('radoi', ['road', 'radios', 'radio', 'ratio'])).toEqual(['radio']);
    expect(pickCorrections('billbord', ['billboards', 'billboard'])).toEqual(['billboard']);
    expect(pickCorrections('xyzzy', ['radio', 'hoarding'])).toEqual([]);
    // Short words allow one edit only; of equals, the one of the same length first.
    expect(pickCorrections('fmx', ['fm', 'fix', 'max'])).toEqual(['fix', 'fm']);
  });

  it('gives a known word its variants one edit away that do not contain it, from 6 letters', () => {
    expect(pickVariants('hording', ['hordings', 'hoarding', 'hoardings'])).toEqual(['hoarding']);
    expect(pickVariants('hoarding', ['hoardings', 'hording'])).toEqual(['hording']);
    expect(pickVariants('board', ['hoard'])).toEqual([]);
  });

  it('corrects only words of letters', () => {
    expect(isCorrectable('radoi')).toBe(true);
    expect(isCorrectable('100%')).toBe(false);
    expect(isCorrectable('fm')).toBe(false);
  });
});

describe('suggestionFor', () => {
  it('replaces corrected words and keeps the rest as typed', () => {
    const corrections = new Map([
      ['radoi', { corrections: ['radio'], misspelt: true }],
      ['fm', { corrections: [], misspelt: false }],
      ['hording', { corrections: ['hoarding'], misspelt: false }],
    ]);
    expect(suggestionFor('FM  Radoi', corrections)).toBe('FM radio');
    expect(suggestionFor('FM', corrections)).toBeNull();
    // A known word's variants are searched too, never suggested.
    expect(suggestionFor('hording', corrections)).toBeNull();
    expect(suggestionFor(undefined, corrections)).toBeNull();
  });
});

describe('CorrectionCache', () => {
  it('forgets an entry after its time to live', () => {
    let now = 0;
    const cache = new CorrectionCache(1000, 10, () => now);
    cache.set('radoi', { corrections: ['radio'], misspelt: true });
    expect(cache.get('radoi')).toEqual({ corrections: ['radio'], misspelt: true });
    now = 1001;
    expect(cache.get('radoi')).toBeUndefined();
  });
});
