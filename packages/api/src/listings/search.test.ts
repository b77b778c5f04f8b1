import { describe, expect, it } from 'vitest';
import { CountMemory } from './search';

describe('CountMemory', () => {
  it('starts the count early only for a search that needed it last time', () => {
    const memory = new CountMemory();
    expect(memory.neededLastTime('hoarding')).toBe(false);
    memory.remember('hoarding', true);
    memory.remember('#54321', false);
    expect(memory.neededLastTime('hoarding')).toBe(true);
    expect(memory.neededLastTime('#54321')).toBe(false);
    // Listings change: the latest answer wins.
    memory.remember('hoarding', false);
    expect(memory.neededLastTime('hoarding')).toBe(false);
  });

  it('forgets the least recently searched past its capacity', () => {
    const memory = new CountMemory(2);
    memory.remember('a', true);
    memory.remember('b', true);
    memory.remember('a', true); // searched again: now the most recent
    memory.remember('c', true);
    expect(memory.neededLastTime('a')).toBe(true);
    expect(memory.neededLastTime('b')).toBe(false);
    expect(memory.neededLastTime('c')).toBe(true);
  });
});
