import { type CSSVariablesResolver, MantineProvider } from '@mantine/core';
import type { ReactNode } from 'react';
import { themeColorSchemeManager } from './color-scheme';
import { theme } from './theme';

const colorSchemeManager = themeColorSchemeManager();

/**
 * Secondary text, placeholders and links that pass WCAG AA contrast in both schemes (Mantine's defaults do not:
 * its placeholder is 2.1:1 on white, gray 5, and axe found one in /settings). A placeholder stays lighter than the
 * dimmed text, so a field's hint still looks unlike what was typed. `theme.test.ts` checks each against its
 * background.
 */
export const cssVariablesResolver = (() => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-placeholder': '#6c757d',
  },
  dark: {
    '--mantine-color-dimmed': 'var(--mantine-color-dark-1)',
    '--mantine-color-placeholder': '#9a9a9a',
    '--mantine-color-anchor': 'var(--mantine-color-brand-3)',
  },
})) satisfies CSSVariablesResolver;

/** Mantine with the shared theme and the remembered colour scheme. */
export function UiProvider({ children }: { children: ReactNode }) {
  return (
    <MantineProvider
      theme={theme}
      colorSchemeManager={colorSchemeManager}
      defaultColorScheme="light"
      cssVariablesResolver={cssVariablesResolver}
    >
      {children}
    </MantineProvider>
  );
}
