import { type CSSVariablesResolver, darken, MantineProvider, type MantineTheme } from '@mantine/core';
import { type ReactNode, useMemo } from 'react';
import { themeColorSchemeManager } from './color-scheme';
import { theme } from './theme';

const colorSchemeManager = themeColorSchemeManager();

/**
 * Secondary text, placeholders and links that pass WCAG AA contrast in both schemes (Mantine's defaults do not:
 * its placeholder is 2.1:1 on white, gray 5, and axe found one in /settings). A placeholder stays lighter than the
 * dimmed text, so a field's hint still looks unlike what was typed. `theme.test.ts` checks each against its
 * background.
 *
 * The text of light and subtle buttons, light badges and alerts' titles is each palette's shade 9 darkened by 15%:
 * Mantine's shade 9 passes on the resting shade 1 but not on the shade 2 under the pointer (3.8:1 for red, 4.0-4.4:1
 * for blue, green, the brand and most others); 15% darker keeps 4.8:1 or more on both.
 */
export const cssVariablesResolver: CSSVariablesResolver = (mantineTheme: MantineTheme) => ({
  variables: {},
  light: {
    ...Object.fromEntries(
      Object.entries(mantineTheme.colors).map(([name, shades]) => [
        `--mantine-color-${name}-light-color`,
        darken(shades[9], 0.15),
      ]),
    ),
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-placeholder': '#6c757d',
  },
  dark: {
    '--mantine-color-dimmed': 'var(--mantine-color-dark-1)',
    '--mantine-color-placeholder': '#9a9a9a',
    '--mantine-color-anchor': 'var(--mantine-color-brand-3)',
  },
});

/**
 * Mantine with the shared theme and the remembered colour scheme. `closeLabel` names the × of every dialog, drawer,
 * notification and dismissible alert in the page's language. Mantine's has no name: a screen reader said only
 * "button", and axe found it in the propose-a-deal dialog.
 */
export function UiProvider({ children, closeLabel = 'Close' }: { children: ReactNode; closeLabel?: string }) {
  const themed = useMemo(
    () => ({
      ...theme,
      components: {
        ...theme.components,
        Modal: { defaultProps: { closeButtonProps: { 'aria-label': closeLabel } } },
        Drawer: { defaultProps: { closeButtonProps: { 'aria-label': closeLabel } } },
        Notification: { defaultProps: { closeButtonProps: { 'aria-label': closeLabel } } },
        Alert: { defaultProps: { closeButtonLabel: closeLabel } },
      },
    }),
    [closeLabel],
  );
  return (
    <MantineProvider
      theme={themed}
      colorSchemeManager={colorSchemeManager}
      defaultColorScheme="light"
      cssVariablesResolver={cssVariablesResolver}
    >
      {children}
    </MantineProvider>
  );
}
