import { readFile } from 'node:fs/promises';
import { LANGUAGE_NAMES } from '@barterads/core';
import { describe, expect, it } from 'vitest';
import { devanagariSubset, LANGUAGE_NAMES_FONT, languageNamesFont } from './language-names-font';

describe("the language switch's face (src/fonts/language-names.woff2)", () => {
  it("is the one the languages' names make now: run `pnpm --filter @barterads/ui fonts` after changing them", async () => {
    const kept = await readFile(LANGUAGE_NAMES_FONT);
    expect(kept.length).toBeLessThan(8_000);
    expect(Buffer.compare(kept, await languageNamesFont())).toBe(0);
  });

  it('would differ with another name: the check above fails when a name changes', async () => {
    const withGujarati = await devanagariSubset(`${Object.values(LANGUAGE_NAMES).join('')}गुजराती`);
    expect(Buffer.compare(await readFile(LANGUAGE_NAMES_FONT), withGujarati)).not.toBe(0);
  });
});
