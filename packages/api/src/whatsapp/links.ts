import { createHmac, timingSafeEqual } from 'node:crypto';

/** A one-tap link's life: 7 days (product-spec-3 section 3). */
export const ONE_TAP_TTL_MS = 7 * 24 * 60 * 60 * 1000;

/** What a one-tap link opens: one deal's page, for one member, with a dialog ready (never an action). */
export interface OneTapClaims {
  userId: string;
  dealId: string;
  /** The dialog the deal page opens (`accept`), or none. */
  dialog: 'accept' | null;
  expiresAt: Date;
}

function key(secret: string): Buffer {
  // A key of its own, derived from the server's link secret: a one-tap token is no unsubscribe token.
  return createHmac('sha256', secret).update('barterads whatsapp one-tap link v1').digest();
}

/** `<payload>.<signature>`, both base64url: the payload names the member, the deal, the dialog and the expiry. */
export function signOneTap(secret: string, claims: OneTapClaims): string {
  const payload = Buffer.from(
    JSON.stringify({
      p: 'deal',
      u: claims.userId,
      d: claims.dealId,
      g: claims.dialog,
      e: Math.floor(claims.expiresAt.getTime() / 1000),
    }),
  ).toString('base64url');
  const signature = createHmac('sha256', key(secret)).update(payload).digest('base64url');
  return `${payload}.${signature}`;
}

/** The claims of a well-signed, unexpired one-tap token; null otherwise. */
export function verifyOneTap(secret: string, token: string, now = new Date()): OneTapClaims | null {
  const [payload, signature, extra] = token.split('.');
  if (!payload || !signature || extra !== undefined) return null;
  const expected = createHmac('sha256', key(secret)).update(payload).digest();
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    const data = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
    if (
      data.p !== 'deal' ||
      typeof data.u !== 'string' ||
      typeof data.d !== 'string' ||
      typeof data.e !== 'number'
    )
      return null;
    const expiresAt = new Date(data.e * 1000);
    if (expiresAt <= now) return null;
    return { userId: data.u, dealId: data.d, dialog: data.g === 'accept' ? 'accept' : null, expiresAt };
  } catch {
    return null;
  }
}
