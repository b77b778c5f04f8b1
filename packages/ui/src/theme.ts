import { createTheme, DEFAULT_THEME, type MantineColorsTuple } from '@mantine/core';

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
 * Mantine's palettes whose two darkest shades fail WCAG AA where every Mantine component puts them in light mode:
 * white text on shade 8 (filled buttons and badges, and shade 8 as outline and text colour on white) and shade 9 text
 * on shade 1 (light badges and buttons, alerts' titles). axe measured 2.7:1 for a yellow light button, 3.4:1 for a
 * green outline badge, 3.9:1 for a teal filled one. Each is Mantine's own shade darkened just enough for 4.6:1;
 * `theme.test.ts` checks every palette. Red (4.5:1) and the rest pass as they are.
 */
function darkerTail(
  name: keyof typeof DEFAULT_THEME.colors,
  shade8: string,
  shade9: string,
): MantineColorsTuple {
  const shades = DEFAULT_THEME.colors[name];
  if (!shades) throw new Error(`Mantine has no ${name} palette`);
  const [s0, s1, s2, s3, s4, s5, s6, s7] = shades;
  return [s0, s1, s2, s3, s4, s5, s6, s7, shade8, shade9];
}

const accessibleColors = {
  cyan: darkerTail('cyan', '#0c8093', '#0b7285'),
  teal: darkerTail('teal', '#08855f', '#087a57'),
  green: darkerTail('green', '#28863a', '#267b37'),
  lime: darkerTail('lime', '#4f810c', '#4b790b'),
  yellow: darkerTail('yellow', '#aa6300', '#a85700'),
  orange: darkerTail('orange', '#c84d0a', '#bb3e0d'),
};

/**
 * Devanagari first: "BA Devanagari" (devanagari.css) covers only the Devanagari ranges (`unicode-range`), so Latin
 * text still takes Inter or the system's font, while Hindi and Marathi never reach a system font that claims their
 * letters without having them (headless Chromium on Debian drew bold Devanagari with DejaVu Sans Bold: boxes,
 * when the family came after system-ui). The other Devanagari families are fallbacks if it cannot load.
 */
const SYSTEM_FONTS =
  'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans Devanagari", "Nirmala UI", "Kohinoor Devanagari", Mangal, sans-serif';
const FONT_STACK = `"BA Devanagari", ${SYSTEM_FONTS}`;

/**
 * The header's language switch: its Devanagari is the languages' own names only, set in "BA Language Names", a
 * face of just their letters (devanagari.css). "BA Devanagari" is left out: an English page would download it
 * whole (50 KB) for those two words.
 */
export const LANGUAGE_SWITCH_FONTS = `"BA Language Names", ${SYSTEM_FONTS}`;

/** One theme for both apps. Brand shade 8 keeps white text above 4.5:1 contrast in both schemes. */
export const theme = createTheme({
  primaryColor: 'brand',
  primaryShade: { light: 8, dark: 8 },
  colors: { ...accessibleColors, brand },
  fontFamily: FONT_STACK,
  headings: { fontFamily: FONT_STACK },
  defaultRadius: 'md',
  cursorType: 'pointer',
  // Members who ask their phone for less motion get dialogs and menus without their opening animations.
  respectReducedMotion: true,
  components: {
    // A table wider than a phone scrolls sideways in its box: the box takes the keyboard's focus, so that arrow keys
    // scroll it (WCAG 2.1.1; axe's scrollable-region-focusable, the admin's revenue and jobs tables at 390 px).
    // (A plain object, not `TableScrollContainer.extend`: importing the component put the table and scroll area
    // code on the landing page, 16 KB over its budget.)
    TableScrollContainer: { defaultProps: { scrollAreaProps: { viewportProps: { tabIndex: 0 } } } },
  },
});
