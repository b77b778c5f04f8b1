/**
 * The languages of the product (spec 3, section 5): English (the source), Hindi and Marathi. The web app puts a
 * language other than English in the URL (`/hi/…`, `/mr/…`), the profile keeps a member's choice (`language`), and
 * mail and WhatsApp follow it.
 */
export const LANGUAGES = ['en', 'hi', 'mr'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

/** Each language's name in itself, as the header's switch shows it. */
export const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', hi: 'हिन्दी', mr: 'मराठी' };

/** The BCP 47 tag of each language as written in India (`lang` attributes, Intl). */
export const LANGUAGE_TAGS: Record<Language, string> = { en: 'en-IN', hi: 'hi-IN', mr: 'mr-IN' };

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/**
 * The product's language a browser prefers, from its `Accept-Language` header (`hi-IN,hi;q=0.9,en;q=0.8`): the
 * supported language with the highest weight, English when none is.
 */
export function languageFromAcceptLanguage(header: string | undefined | null): Language {
  if (!header) return DEFAULT_LANGUAGE;
  let best: { language: Language; weight: number } | undefined;
  for (const part of header.split(',')) {
    const [tag = '', ...params] = part.trim().split(';');
    const language = tag.trim().toLowerCase().split('-')[0];
    if (!isLanguage(language)) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const weight = q ? Number(q.slice(2)) : 1;
    if (!Number.isFinite(weight) || weight <= 0) continue;
    if (!best || weight > best.weight) best = { language, weight };
  }
  return best?.language ?? DEFAULT_LANGUAGE;
}

/** The language of a path (`/hi/marketplace` → hi) and the path without it (`/marketplace`). */
export function splitLanguagePath(pathname: string): { language: Language; path: string } {
  const match = /^\/(hi|mr)(?=\/|$)/.exec(pathname);
  if (!match) return { language: DEFAULT_LANGUAGE, path: pathname };
  const rest = pathname.slice(match[0].length);
  return { language: match[1] as Language, path: rest === '' ? '/' : rest };
}

/** A path in a language: `/marketplace` in hi → `/hi/marketplace`, `/` in mr → `/mr/`; English unprefixed. */
export function languagePath(language: Language, path: string): string {
  if (language === DEFAULT_LANGUAGE) return path;
  return path === '/' ? `/${language}/` : `/${language}${path}`;
}
