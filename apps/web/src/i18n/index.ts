import {
  DEFAULT_LANGUAGE,
  LANGUAGE_TAGS,
  type Language,
  languagePath,
  splitLanguagePath,
} from '@barterads/core';
import { i18n, type Messages } from '@lingui/core';
import { namespacesFor } from './namespaces';
import { setLanguageCookie } from './preference';

export { i18n };

/**
 * The catalogues' namespaces (lingui.config.ts): `common` is the site's chrome and what every page shows, the
 * others belong to a group of routes and load only with them (namespacesFor), so the landing page carries neither
 * the deal screens' strings nor the other languages'.
 */
export type Namespace = 'common' | 'public' | 'marketplace' | 'deals' | 'account';

/** Every catalogue, compiled by @lingui/vite-plugin on import: a chunk per language and namespace. */
const catalogues = import.meta.glob<{ messages: Messages }>('../locales/*/*.po');

const loaded = new Set<string>();
let active: Language = DEFAULT_LANGUAGE;

/** The language the app shows now (the URL's: `/hi/…` is Hindi). */
export function currentLanguage(): Language {
  return active;
}

/** Loads the catalogues of `namespaces` in `language` that are not loaded yet. */
export async function loadCatalogues(language: Language, namespaces: readonly Namespace[]): Promise<void> {
  const missing = namespaces.filter((ns) => !loaded.has(`${language}/${ns}`));
  if (missing.length === 0) return;
  const loadedMessages = await Promise.all(
    missing.map(async (ns) => {
      const load = catalogues[`../locales/${language}/${ns}.po`];
      return load ? (await load()).messages : {};
    }),
  );
  const merged: Messages = Object.assign({}, ...loadedMessages);
  i18n.load(language, merged);
  for (const ns of missing) loaded.add(`${language}/${ns}`);
}

/** Shows the app in `language` (its catalogues loaded first: see ensureLanguage). */
export function activateLanguage(language: Language): void {
  active = language;
  if (i18n.locale !== language) i18n.activate(language);
  if (typeof document !== 'undefined') document.documentElement.lang = LANGUAGE_TAGS[language];
}

/** Loads what a page in `language` needs and shows the app in it. */
export async function ensureLanguage(language: Language, namespaces: readonly Namespace[]): Promise<void> {
  await loadCatalogues(language, namespaces);
  activateLanguage(language);
}

/**
 * After sign-in the app follows the member's profile (issue 33): the catalogues of `path` in their language load,
 * the language becomes the app's (so the next navigation's URL carries its segment) and the cookie remembers it.
 */
export async function followProfileLanguage(language: Language, path: string): Promise<void> {
  if (language === active) return;
  await ensureLanguage(language, namespacesFor(path.split(/[?#]/)[0] || '/'));
  setLanguageCookie(language);
}

/** The language of a public URL path (`/hi/marketplace` → hi). */
export function languageOfPath(pathname: string): Language {
  return splitLanguagePath(pathname).language;
}

/** An app path as the URL of `language` shows it (`/marketplace` → `/hi/marketplace`). */
export function localizedPath(language: Language, path: string): string {
  return languagePath(language, path);
}

/**
 * The router's URL rewrite (router.tsx): routes are matched without the language segment, and every link and
 * navigation gets the current language's segment back, so no route or link names a language.
 */
export const languageRewrite = {
  input: ({ url }: { url: URL }) => {
    url.pathname = splitLanguagePath(url.pathname).path;
    return url;
  },
  output: ({ url }: { url: URL }) => {
    url.pathname = languagePath(active, url.pathname);
    return url;
  },
};
