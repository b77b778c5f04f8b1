/**
 * The language switch's face: the regular Noto Sans Devanagari cut down to the letters of the languages' own names
 * (हिन्दी, मराठी), with the shaping their conjuncts need (about 5 KB). An English page shows those two words and no
 * other Devanagari; in the whole face they cost it a 50 KB download. `pnpm --filter @barterads/ui fonts` writes it
 * (src/fonts/language-names.woff2, which devanagari.css names) after the names change; a test checks it is current.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { LANGUAGE_NAMES } from '@barterads/core';
import subsetFont from 'subset-font';

export const LANGUAGE_NAMES_FONT = new URL('../src/fonts/language-names.woff2', import.meta.url);

/** The regular Devanagari face the site self-hosts (devanagari.css), cut down to `text`. */
export async function devanagariSubset(text: string): Promise<Buffer> {
  const face = await readFile(
    createRequire(import.meta.url).resolve(
      '@fontsource/noto-sans-devanagari/files/noto-sans-devanagari-devanagari-400-normal.woff2',
    ),
  );
  return subsetFont(face, text, { targetFormat: 'woff2' });
}

export const languageNamesFont = (): Promise<Buffer> =>
  devanagariSubset(Object.values(LANGUAGE_NAMES).join(''));

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const font = await languageNamesFont();
  await writeFile(LANGUAGE_NAMES_FONT, font);
  console.log(`${fileURLToPath(LANGUAGE_NAMES_FONT)}: ${font.length} bytes`);
}
