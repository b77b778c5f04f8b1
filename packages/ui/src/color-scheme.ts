import type { MantineColorScheme, MantineColorSchemeManager } from '@mantine/core';

/** The spec's storage key for the theme. */
export const THEME_STORAGE_KEY = 'theme';

function applyRootClass(scheme: MantineColorScheme): void {
  if (typeof document === 'undefined') return;
  const dark =
    scheme === 'dark' ||
    (scheme === 'auto' &&
      typeof matchMedia !== 'undefined' &&
      matchMedia('(prefers-color-scheme: dark)').matches);
  document.documentElement.classList.toggle('dark', dark);
  document.documentElement.classList.toggle('light', !dark);
}

/**
 * Mantine's colour scheme, remembered under the spec's `theme` key and also applied as a class
 * (`dark` or `light`) on the root element.
 */
export function themeColorSchemeManager(): MantineColorSchemeManager {
  let listener: ((event: StorageEvent) => void) | undefined;
  return {
    get(defaultValue) {
      try {
        const value = localStorage.getItem(THEME_STORAGE_KEY);
        const scheme = value === 'dark' || value === 'light' || value === 'auto' ? value : defaultValue;
        applyRootClass(scheme);
        return scheme;
      } catch {
        return defaultValue;
      }
    },
    set(value) {
      try {
        localStorage.setItem(THEME_STORAGE_KEY, value);
      } catch {
        // Storage may be unavailable (private mode); the choice then lasts for this page only.
      }
      applyRootClass(value);
    },
    subscribe(onUpdate) {
      listener = (event) => {
        if (event.key === THEME_STORAGE_KEY && (event.newValue === 'dark' || event.newValue === 'light')) {
          onUpdate(event.newValue);
        }
      };
      window.addEventListener('storage', listener);
    },
    unsubscribe() {
      if (listener) window.removeEventListener('storage', listener);
    },
    clear() {
      try {
        localStorage.removeItem(THEME_STORAGE_KEY);
      } catch {
        // nothing to clear
      }
    },
  };
}
