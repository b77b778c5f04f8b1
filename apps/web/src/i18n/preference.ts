import type { Language } from '@barterads/core';

/** The cookie the server reads for a visitor's first page (`/` in their language): apps/server/src/app.ts. */
export const LANGUAGE_COOKIE = 'ba_lang';

type Saver = (language: Language) => void;
let saveToProfile: Saver | undefined;

/** The signed-in member's profile saver (registered by the session, so the header needs no mutation code). */
export function setLanguageSaver(saver: Saver | undefined): void {
  saveToProfile = saver;
}

/** Remembers a chosen language: a year's cookie, and the member's profile when signed in. */
export function rememberLanguage(language: Language): void {
  setLanguageCookie(language);
  saveToProfile?.(language);
}

/** The cookie alone (the profile's language followed after sign-in: it is already saved). */
export function setLanguageCookie(language: Language): void {
  // biome-ignore lint/suspicious/noDocumentCookie: a plain preference cookie, read by the server
  document.cookie = `${LANGUAGE_COOKIE}=${language}; Path=/; Max-Age=31536000; SameSite=Lax`;
}
