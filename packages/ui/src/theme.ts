import { createTheme, type MantineColorsTuple } from '@mantine/core';

const brand: MantineColorsTuple = [
  '#e6f6f2',
  '#cdebe3',
  '#9dd7c6',
  '#69c2a7',
  '#40b08d',
  '#26a57c',
  '#139f73',
  '#008a62',
  '#007b56',
  '#006a48',
];

/**
 * Devanagari first: "BA Devanagari" (devanagari.css) covers only the Devanagari ranges (`unicode-range`), so Latin
 * text still takes Inter or the system's font, while Hindi and Marathi never reach a system font that claims their
 * letters without having them (headless Chromium on Debian drew bold Devanagari with DejaVu Sans Bold: boxes,
 * when the family came after system-ui). The other Devanagari families are fallbacks if it cannot load.
 */
const FONT_STACK =
  '"BA Devanagari", Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans Devanagari", "Nirmala UI", "Kohinoor Devanagari", Mangal, sans-serif';

/** One theme for both apps. Brand shade 8 keeps white text above 4.5:1 contrast in both schemes. */
export const theme = createTheme({
  primaryColor: 'brand',
  primaryShade: { light: 8, dark: 8 },
  colors: { brand },
  fontFamily: FONT_STACK,
  headings: { fontFamily: FONT_STACK },
  defaultRadius: 'md',
  cursorType: 'pointer',
  // Members who ask their phone for less motion get dialogs and menus without their opening animations.
  respectReducedMotion: true,
});
