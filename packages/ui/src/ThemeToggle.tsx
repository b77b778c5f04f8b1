import { ActionIcon, Box, useComputedColorScheme, useMantineColorScheme } from '@mantine/core';
import { useMounted } from '@mantine/hooks';

function SunIcon() {
  return (
    <svg
      width="18"
      height="18"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      aria-hidden="true"
    >
      <circle cx="12" cy="12" r="4" />
      <path d="M12 2v2M12 20v2M4.93 4.93l1.41 1.41M17.66 17.66l1.41 1.41M2 12h2M20 12h2M4.93 19.07l1.41-1.41M17.66 6.34l1.41-1.41" />
    </svg>
  );
}

function MoonIcon() {
  return (
    <svg
      width="18"
      height="18"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      aria-hidden="true"
    >
      <path d="M21 12.79A9 9 0 1 1 11.21 3 7 7 0 0 0 21 12.79z" />
    </svg>
  );
}

/**
 * Dark/light switch of the top bar; the choice is remembered under the `theme` key.
 *
 * Pre-rendered pages (apps/web) are rendered without knowing the visitor's choice, so the icon is chosen by
 * CSS from the root's `data-mantine-color-scheme` (set before the first paint), and the label follows the
 * stored choice once the page is hydrated: the first render matches the server's HTML.
 */
export function ThemeToggle({
  labels = { toDark: 'Switch to dark theme', toLight: 'Switch to light theme' },
}: {
  /** The button's name for each switch, in the page's language (English by default). */
  labels?: { toDark: string; toLight: string };
}) {
  const { setColorScheme } = useMantineColorScheme();
  const computed = useComputedColorScheme('light', { getInitialValueInEffect: true });
  const current = useMounted() ? computed : 'light';
  const next = current === 'dark' ? 'light' : 'dark';
  return (
    <ActionIcon
      variant="default"
      size="lg"
      onClick={() => setColorScheme(computed === 'dark' ? 'light' : 'dark')}
      aria-label={next === 'dark' ? labels.toDark : labels.toLight}
      title={next === 'dark' ? labels.toDark : labels.toLight}
    >
      <Box component="span" lh={0} lightHidden>
        <SunIcon />
      </Box>
      <Box component="span" lh={0} darkHidden>
        <MoonIcon />
      </Box>
    </ActionIcon>
  );
}
