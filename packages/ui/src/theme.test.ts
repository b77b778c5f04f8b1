import { DEFAULT_THEME, type MantineColorsTuple, mergeMantineTheme } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { cssVariablesResolver } from './Providers';
import { theme } from './theme';

/** WCAG 2's relative luminance of a `#rrggbb` colour. */
function luminance(hex: string): number {
  const channel = (at: number) => {
    const value = Number.parseInt(hex.slice(at, at + 2), 16) / 255;
    return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
}

function contrast(a: string, b: string): number {
  const light = Math.max(luminance(a), luminance(b));
  const dark = Math.min(luminance(a), luminance(b));
  return (light + 0.05) / (dark + 0.05);
}

/** An `rgba(r, g, b, 1)` (what Mantine's colour functions answer) or a `#rrggbb` colour, as `#rrggbb`. */
function hex(colour: string): string {
  if (colour.startsWith('#')) return colour;
  const channels = colour.match(/\d+/g)?.slice(0, 3) ?? [];
  return `#${channels.map((value) => Number(value).toString(16).padStart(2, '0')).join('')}`;
}

const WHITE = '#ffffff';
const merged = mergeMantineTheme(DEFAULT_THEME, theme);
const variables = cssVariablesResolver(merged);

/** The text colour of a palette's light and subtle variants in the light scheme (the resolver's, else Mantine's). */
function lightColour(name: string, shades: MantineColorsTuple): string {
  return hex(variables.light[`--mantine-color-${name}-light-color`] ?? shades[9]);
}

/** What Mantine draws with a palette in the light scheme, as [text, background]: filled = shade 8 (our
 * primaryShade), light = the light colour on shade 1 and, under the pointer, on shade 2 (Mantine's
 * `-light-hover`), outline and `c="…"` text = shade 8 on the page's white. */
const pairs: Array<{
  what: string;
  colours: (name: string, shades: MantineColorsTuple) => [string, string];
}> = [
  { what: 'white text on a filled button or badge (shade 8)', colours: (_, s) => [WHITE, s[8]] },
  {
    what: 'a light badge, button or alert title (on shade 1)',
    colours: (name, s) => [lightColour(name, s), s[1]],
  },
  {
    what: 'a light or subtle button under the pointer (on shade 2)',
    colours: (name, s) => [lightColour(name, s), s[2]],
  },
  { what: 'outline and coloured text on white (shade 8)', colours: (_, s) => [s[8], WHITE] },
];

// Small bold badge text needs 4.5:1 (WCAG 1.4.3, AA).
describe('the theme keeps text readable (WCAG AA, 4.5:1) in every palette', () => {
  it('uses shade 8 as the filled colour in both schemes', () => {
    expect(merged.primaryShade).toEqual({ light: 8, dark: 8 });
  });
  for (const [name, shades] of Object.entries(merged.colors)) {
    for (const pair of pairs) {
      it(`${name}: ${pair.what}`, () => {
        const [text, background] = pair.colours(name, shades);
        expect(contrast(text, background)).toBeGreaterThanOrEqual(4.5);
      });
    }
  }
});

describe('secondary text and placeholders stay readable (WCAG AA, 4.5:1) in both schemes', () => {
  /** A `var(--mantine-color-<palette>-<shade>)` or a `#rrggbb` value, as a colour. */
  const colour = (value: string): string => {
    const reference = /^var\(--mantine-color-([a-z]+)-(\d)\)$/.exec(value);
    if (!reference) return value;
    const [, palette = '', shade = ''] = reference;
    const shades = merged.colors[palette];
    if (!shades) throw new Error(`no ${palette} palette`);
    const hex = shades[Number(shade)];
    if (!hex) throw new Error(`no shade ${shade} of ${palette}`);
    return hex;
  };
  const dark = merged.colors.dark;
  // Text on the page (white, or dark 7) and in an input (white, or dark 6).
  const cases = [
    { scheme: 'light', name: '--mantine-color-dimmed', on: [WHITE] },
    { scheme: 'light', name: '--mantine-color-placeholder', on: [WHITE] },
    { scheme: 'dark', name: '--mantine-color-dimmed', on: [dark[7], dark[6]] },
    { scheme: 'dark', name: '--mantine-color-placeholder', on: [dark[7], dark[6]] },
  ] as const;
  for (const { scheme, name, on } of cases) {
    it(`${name} in the ${scheme} scheme`, () => {
      const value = variables[scheme][name];
      expect(value, `${name} is set for the ${scheme} scheme`).toBeDefined();
      for (const background of on)
        expect(contrast(colour(value ?? ''), background)).toBeGreaterThanOrEqual(4.5);
    });
  }
});
