import { describe, expect, it } from 'vitest';
import {
  CorrectionCache,
  editDistance,
  isCorrectable,
  pickCorrections,
  pickVariants,
  suggestionFor,
  trigrams,
  Vocabulary,
} from './spelling';

describe('editDistance', () => {
  it('counts a swap of neighbours as one edit', () => {
    expect(editDistance('radoi', 'radio')).toBe(1);
    expect(editDistance('hording', 'hoarding')).toBe(1);
    expect(editDistance('vehical', 'vehicle')).toBe(2);
    expect(editDistance('radio', 'radio')).toBe(0);
    expect(editDistance('', 'abc')).toBe(3);
  });

  it('bounded by `max`, answers the distance up to it and max + 1 past it (random words against the full table)', () => {
    // The full table, as editDistance computed it before it stopped early.
    const full = (a: string, b: string) => {
      const d = Array.from({ length: a.length + 1 }, (_, i) =>
        Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
      );
      for (let i = 1; i <= a.length; i++)
        for (let j = 1; j <= b.length; j++) {
          const row = d[i] as number[];
          const prev = d[i - 1] as number[];
          row[j] = Math.min(
            (prev[j] as number) + 1,
            (row[j - 1] as number) + 1,
            (prev[j - 1] as number) + (a[i - 1] === b[j - 1] ? 0 : 1),
          );
          if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
            row[j] = Math.min(row[j] as number, ((d[i - 2] as number[])[j - 2] as number) + 1);
        }
      return (d[a.length] as number[])[b.length] as number;
    };
    let seed = 34;
    const random = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed / 2_147_483_648;
    };
    const word = () =>
      Array.from({ length: 1 + Math.floor(random() * 9) }, () => 'abrd'[Math.floor(random() * 4)]).join('');
    for (let n = 0; n < 3_000; n++) {
      const a = word();
      const b = random() < 0.5 ? word() : `${a.slice(0, -1)}ab${a.slice(-1)}`;
      const distance = full(a, b);
      expect(editDistance(a, b)).toBe(distance);
      for (const max of [0, 1, 2, 3]) expect(editDistance(a, b, max)).toBe(Math.min(distance, max + 1));
    }
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

describe('Vocabulary.nearest', () => {
  it('answers the words most similar by trigrams, ties alphabetical, as sorting every word would (random vocabularies)', () => {
    // The reference: pg_trgm's similarity of the term to every word, sorted.
    const reference = (words: string[], term: string, limit: number) => {
      const own = new Set(trigrams(term));
      return words
        .map((word) => {
          const grams = new Set(trigrams(word));
          const common = [...grams].filter((gram) => own.has(gram)).length;
          return { word, common, similarity: common / (own.size + grams.size - common) };
        })
        .filter((w) => w.common > 0)
        .sort((a, b) => b.similarity - a.similarity || (a.word < b.word ? -1 : a.word > b.word ? 1 : 0))
        .slice(0, limit)
        .map((w) => w.word);
    };
    let seed = 7;
    const random = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed / 2_147_483_648;
    };
    const word = (max: number) =>
      Array.from({ length: 2 + Math.floor(random() * max) }, () => 'abcdr'[Math.floor(random() * 5)]).join(
        '',
      );
    for (let round = 0; round < 20; round++) {
      const vocabulary = new Vocabulary();
      const words = [...new Set(Array.from({ length: 50 + Math.floor(random() * 400) }, () => word(12)))];
      for (const w of words) vocabulary.add(w);
      for (let n = 0; n < 30; n++) {
        const term = word(10);
        for (const limit of [1, 5, 30])
          expect(vocabulary.nearest(term, limit), `${term} ${limit}`).toEqual(reference(words, term, limit));
      }
      // Words added later are found too (the scratch arrays grow).
      for (const w of Array.from({ length: 300 }, () => word(14))) if (!words.includes(w)) words.push(w);
      for (const w of words) vocabulary.add(w);
      const term = word(10);
      expect(vocabulary.nearest(term, 30)).toEqual(reference(words, term, 30));
    }
  });
});
