import type { Page } from '@playwright/test';

/**
 * The states of the page's "BA Devanagari" faces (`@barterads/ui/devanagari.css`, which both apps import) once its
 * fonts are ready: a page that shows Devanagari has at least one `loaded` (from the device's Noto Sans Devanagari
 * or the self-hosted subset); without the stylesheet there are none, and the text falls back to whatever the
 * device has.
 */
export async function devanagariFaceStates(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    await document.fonts.ready;
    return [...document.fonts]
      .filter((face) => face.family.replace(/["']/g, '') === 'BA Devanagari')
      .map((face) => face.status);
  });
}
