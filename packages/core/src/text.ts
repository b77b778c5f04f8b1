/**
 * Control characters (C0 such as CR, LF and TAB, DEL, C1) and the Unicode line and paragraph separators: a
 * single-line field (a name, a subject, a title) refuses them, so nothing typed there can start a new line in an
 * e-mail header or body sent to someone else.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;

export function hasControlCharacters(value: string): boolean {
  return CONTROL_CHARACTERS.test(value);
}

import { formatIndianNumber } from './money';

// Made on first use: an Intl object costs a phone several milliseconds to build (locale data), and this module is
// in every page's first load.
let pluralRules: Intl.PluralRules | undefined;

/**
 * A phrase's forms by plural category (`#` stands for the count): `{ one: '# review', other: '# reviews' }`. A
 * language with more categories gives them too; `other` is the fallback. The one way to write a count in words, so
 * a translation supplies forms instead of rewriting code.
 */
export type PluralForms = { one: string; other: string } & Partial<Record<Intl.LDMLPluralRule, string>>;

/** `plural(1, …)` → "1 review", `plural(12500, …)` → "12,500 reviews" (Indian digit grouping). */
export function plural(count: number, forms: PluralForms): string {
  pluralRules ??= new Intl.PluralRules('en-IN');
  const form = forms[pluralRules.select(count)] ?? forms.other;
  return form.replace('#', formatIndianNumber(count));
}

/** A name's possessive: "Kabir Foods'" for a name ending in s, else "Meera Outdoor's". */
export function possessive(name: string): string {
  return /s$/i.test(name.trim()) ? `${name}'` : `${name}'s`;
}
