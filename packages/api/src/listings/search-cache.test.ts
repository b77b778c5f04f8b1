import { describe, expect, it } from 'vitest';
import { SeenKeys } from './search-cache';

describe('SeenKeys', () => {
  it('says a key was seen from its second ask on, and forgets the oldest past its capacity', () => {
    const seen = new SeenKeys(3);
    expect(['a', 'b', 'c'].map((key) => seen.seenBefore(key))).toEqual([false, false, false]);
    expect(seen.seenBefore('a')).toBe(true);
    expect(seen.seenBefore('d')).toBe(false);
    expect(seen.size).toBe(3);
    // 'a' was the first remembered: it went to make room for 'd'.
    expect(seen.seenBefore('a')).toBe(false);
    expect(seen.seenBefore('d')).toBe(true);
  });

  it('keeps its capacity over many distinct keys', () => {
    const seen = new SeenKeys(1_000);
    for (let i = 0; i < 50_000; i++) seen.seenBefore(`search ${i}`);
    expect(seen.size).toBe(1_000);
    expect(seen.seenBefore('search 49999')).toBe(true);
    expect(seen.seenBefore('search 0')).toBe(false);
  });
});
