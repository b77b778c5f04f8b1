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
