import { createHmac, timingSafeEqual } from 'node:crypto';

/** A one-tap link's life: 7 days (product-spec-3 section 3). */
export const ONE_TAP_TTL_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * What a one-tap link opens: one deal's page (or, for a circle proposal, that circle's page), for one member, with a
 * dialog ready (never an action).
 */
export interface OneTapClaims {
  userId: string;
  /** `circle`: `dealId` names a circle proposal (a circle has no deal before all three accept). */
  page?: 'deal' | 'circle';
  dealId: string;
  /** The dialog the deal page opens (`accept`), or none. */
  dialog: 'accept' | null;
  expiresAt: Date;
}

/** The purpose byte: a token of this format opens a deal's page (or a circle's) and is nothing else. */
const PURPOSE_DEAL_PAGE = 1;
const PURPOSE_CIRCLE_PAGE = 2;
const SIGNATURE_BYTES = 16;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

function key(secret: string): Buffer {
  // Domain-separated from the setting (WHATSAPP_LINK_SECRET): a one-tap token signs nothing else.
  return createHmac('sha256', secret).update('barterads whatsapp one-tap link v1').digest();
}

function sign(secret: string, payload: Buffer): Buffer {
  return createHmac('sha256', key(secret)).update(payload).digest().subarray(0, SIGNATURE_BYTES);
}

const uuidBytes = (id: string) => Buffer.from(id.replace(/-/g, ''), 'hex');
function uuidText(bytes: Buffer): string {
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * A short token (about 70 characters, to fit a WhatsApp URL button and a path): purpose, dialog, expiry (unix
 * seconds), member and deal ids in 38 bytes, then 128 bits of HMAC-SHA256, all base64url.
 */
export function signOneTap(secret: string, claims: OneTapClaims): string {
  if (!UUID.test(claims.userId) || !UUID.test(claims.dealId)) throw new Error('one-tap links name ids');
  const payload = Buffer.alloc(38);
  payload.writeUInt8(claims.page === 'circle' ? PURPOSE_CIRCLE_PAGE : PURPOSE_DEAL_PAGE, 0);
  payload.writeUInt8(claims.dialog === 'accept' ? 1 : 0, 1);
  payload.writeUInt32BE(Math.floor(claims.expiresAt.getTime() / 1000), 2);
  uuidBytes(claims.userId).copy(payload, 6);
  uuidBytes(claims.dealId).copy(payload, 22);
  return Buffer.concat([payload, sign(secret, payload)]).toString('base64url');
}

/** The claims of a well-signed, unexpired one-tap token; null otherwise. */
export function verifyOneTap(secret: string, token: string, now = new Date()): OneTapClaims | null {
  if (!/^[\w-]{1,200}$/.test(token)) return null;
  const bytes = Buffer.from(token, 'base64url');
  if (bytes.length !== 38 + SIGNATURE_BYTES) return null;
  const payload = bytes.subarray(0, 38);
  const given = bytes.subarray(38);
  if (!timingSafeEqual(given, sign(secret, payload))) return null;
  const purpose = payload.readUInt8(0);
  if (purpose !== PURPOSE_DEAL_PAGE && purpose !== PURPOSE_CIRCLE_PAGE) return null;
  const expiresAt = new Date(payload.readUInt32BE(2) * 1000);
  if (expiresAt <= now) return null;
  return {
    page: purpose === PURPOSE_CIRCLE_PAGE ? 'circle' : 'deal',
    userId: uuidText(payload.subarray(6, 22)),
    dealId: uuidText(payload.subarray(22, 38)),
    dialog: payload.readUInt8(1) === 1 ? 'accept' : null,
    expiresAt,
  };
}
