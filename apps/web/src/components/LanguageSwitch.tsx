import { isLanguage, LANGUAGE_NAMES, LANGUAGE_TAGS, LANGUAGES, type Language } from '@barterads/core';
import { LANGUAGE_SWITCH_FONTS } from '@barterads/ui';
import { useLingui } from '@lingui/react/macro';
import { Box, type BoxProps } from '@mantine/core';
import { useRouter, useRouterState } from '@tanstack/react-router';
import { currentLanguage, localizedPath } from '../i18n';
import { rememberLanguage } from '../i18n/preference';

/**
 * The header's language switch: the same page in English, Hindi or Marathi (`/hi/…`). A native select: no
 * JavaScript of its own on the public pages, and the phone's own picker. The choice is remembered (a cookie for
 * the next visit's first page, and the member's profile when signed in).
 */
export function LanguageSwitch(props: BoxProps) {
  const { t } = useLingui();
  const router = useRouter();
  const location = useRouterState({ select: (s) => s.location });
  const language = currentLanguage();
  const onChange = (next: Language) => {
    rememberLanguage(next);
    router.history.push(localizedPath(next, location.href));
  };
  return (
    <Box {...props}>
      <select
        aria-label={t`Language`}
        className="ba-language-switch"
        style={{ fontFamily: LANGUAGE_SWITCH_FONTS }}
        value={language}
        data-testid="language-switch"
        onChange={(event) => {
          const next = event.currentTarget.value;
          if (isLanguage(next)) onChange(next);
        }}
      >
        {LANGUAGES.map((option) => (
          <option key={option} value={option} lang={LANGUAGE_TAGS[option]}>
            {LANGUAGE_NAMES[option]}
          </option>
        ))}
      </select>
    </Box>
  );
}
