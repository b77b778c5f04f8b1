import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The signature of a saved search's one-click unsubscribe link: HMAC-SHA256 over the saved-search id with a
 * server secret, base64url. The link works signed out, so the signature is what proves it came from our e-mail.
 */
export function unsubscribeSignature(secret: string, savedSearchId: string): string {
  if (secret.length < 16) throw new Error('The unsubscribe secret must be at least 16 characters.');
  return createHmac('sha256', secret).update(`saved-search-unsubscribe:${savedSearchId}`).digest('base64url');
}

/** True when `signature` is this saved search's; compared in constant time. */
export function verifyUnsubscribeSignature(
  secret: string,
  savedSearchId: string,
  signature: unknown,
): boolean {
  if (typeof signature !== 'string' || signature.length === 0 || signature.length > 100) return false;
  const expected = Buffer.from(unsubscribeSignature(secret, savedSearchId));
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** The link an alert e-mail carries (and its List-Unsubscribe header): `{apiBase}/api/saved-searches/unsubscribe`. */
export function unsubscribeUrl(apiBase: string, secret: string, savedSearchId: string): string {
  const url = new URL('/api/saved-searches/unsubscribe', apiBase);
  url.searchParams.set('id', savedSearchId);
  url.searchParams.set('sig', unsubscribeSignature(secret, savedSearchId));
  return url.toString();
}
