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

/**
 * The system fonts (not the page's own `@font-face` ones) the browser drew the first element matching `selector`
 * with: none for text set wholly in the page's faces. A system font that claims Devanagari letters without having
 * them draws empty boxes: DejaVu Sans Bold did for bold headings laid out before the bold face had loaded, in
 * Chromium on Debian, while "BA Devanagari" came after system-ui in the theme's stack.
 */
export async function systemFontsDrawing(page: Page, selector: string): Promise<string[]> {
  const cdp = await page.context().newCDPSession(page);
  try {
    await cdp.send('DOM.enable');
    await cdp.send('CSS.enable');
    const { root } = await cdp.send('DOM.getDocument');
    const { nodeId } = await cdp.send('DOM.querySelector', { nodeId: root.nodeId, selector });
    const { fonts } = await cdp.send('CSS.getPlatformFontsForNode', { nodeId });
    return fonts.filter((font) => !font.isCustomFont).map((font) => font.familyName);
  } finally {
    await cdp.detach();
  }
}
