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

/** One theme for both apps. Brand shade 8 keeps white text above 4.5:1 contrast in both schemes. */
export const theme = createTheme({
  primaryColor: 'brand',
  primaryShade: { light: 8, dark: 8 },
  colors: { brand },
  fontFamily:
    'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "BA Devanagari", "Noto Sans Devanagari", "Nirmala UI", "Kohinoor Devanagari", Mangal, sans-serif',
  headings: {
    fontFamily:
      'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "BA Devanagari", "Noto Sans Devanagari", "Nirmala UI", "Kohinoor Devanagari", Mangal, sans-serif',
  },
  defaultRadius: 'md',
  cursorType: 'pointer',
  // Members who ask their phone for less motion get dialogs and menus without their opening animations.
  respectReducedMotion: true,
});
