import { ThemeToggle as UiThemeToggle } from '@barterads/ui';
import { useLingui } from '@lingui/react/macro';

/** The top bar's dark/light switch (packages/ui), named in the page's language. */
export function ThemeToggle() {
  const { t } = useLingui();
  return <UiThemeToggle labels={{ toDark: t`Switch to dark theme`, toLight: t`Switch to light theme` }} />;
}
