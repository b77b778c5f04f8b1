import { createHmac, timingSafeEqual } from 'node:crypto';
import { lookup as dnsLookup } from 'node:dns/promises';
import ipaddr from 'ipaddr.js';

/**
 * Partner webhooks' security (product-spec-3 section 2, contract "Webhook deliveries"): the `BarterAds-Signature`
 * header and the SSRF checks, at registration (the URL's form) and at each delivery (the host name resolved, every
 * address checked, the connection pinned to a checked address).
 */

/** `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">`, signed with `secret`. */
export function signatureHeader(secret: string, body: string, at: Date): string {
  const t = Math.floor(at.getTime() / 1000);
  const v1 = createHmac('sha256', secret).update(`${t}.${body}`).digest('hex');
  return `t=${t},v1=${v1}`;
}

/** How old a signature's timestamp may be for a receiver to accept it. */
export const SIGNATURE_TOLERANCE_SECONDS = 5 * 60;

/**
 * What a receiver does: accepts the body when the header's timestamp is at most 5 minutes old and one of its
 * `v1` values is the HMAC of "t.body" under one of `secrets` (two are live while a secret is rotated).
 */
export function verifySignature(
  header: string,
  body: string,
  secrets: readonly string[],
  now: Date,
): boolean {
  const parts = header.split(',').map((p) => p.trim().split('='));
  const t = Number(parts.find(([k]) => k === 't')?.[1]);
  if (!Number.isInteger(t) || Math.abs(now.getTime() / 1000 - t) > SIGNATURE_TOLERANCE_SECONDS) return false;
  const given = parts.filter(([k]) => k === 'v1').map(([, v]) => Buffer.from(v ?? '', 'hex'));
  return secrets.some((secret) => {
    const expected = createHmac('sha256', secret).update(`${t}.${body}`).digest();
    return given.some((g) => g.length === expected.length && timingSafeEqual(g, expected));
  });
}

export const WEBHOOK_URL_MESSAGES = {
  invalid: 'Enter the full address of your endpoint, starting with https://.',
  httpsOnly: 'Webhook URLs must use https.',
  credentials: 'A webhook URL cannot carry a user name or password.',
  privateAddress: 'Webhook URLs cannot point at localhost or a private, loopback or link-local address.',
} as const;

/** Whether an address is one the public internet routes to (not loopback, private, link-local, reserved…). */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  // IPv4-mapped IPv6 (::ffff:127.0.0.1) is judged as the IPv4 address it carries.
  return ipaddr.process(address).range() === 'unicast';
}

/** 127.0.0.0/8, ::1 and their IPv4-mapped forms: what the test-only WEBHOOK_ALLOW_LOOPBACK lets through. */
export function isLoopback(address: string): boolean {
  return ipaddr.isValid(address) && ipaddr.process(address).range() === 'loopback';
}

/**
 * The form check at registration: https (http too outside production), no credentials, and no `localhost` or
 * literal loopback, private or link-local address. A host name is accepted even when it does not resolve yet: it
 * is resolved and checked at each delivery (DNS can change). Answers the refusal's message, or null.
 */
export function checkWebhookUrl(value: string, production: boolean, allowLoopback = false): string | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return WEBHOOK_URL_MESSAGES.invalid;
  }
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && !production)) {
    return url.protocol === 'http:' ? WEBHOOK_URL_MESSAGES.httpsOnly : WEBHOOK_URL_MESSAGES.invalid;
  }
  if (url.username || url.password) return WEBHOOK_URL_MESSAGES.credentials;
  const host = url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (host === 'localhost' || host.endsWith('.localhost')) return WEBHOOK_URL_MESSAGES.privateAddress;
  if (ipaddr.isValid(host) && !isPublicAddress(host) && !(allowLoopback && isLoopback(host))) {
    return WEBHOOK_URL_MESSAGES.privateAddress;
  }
  return null;
}

export type Lookup = (hostname: string) => Promise<{ address: string; family: number }[]>;
const systemLookup: Lookup = (hostname) => dnsLookup(hostname, { all: true, verbatim: true });

export class UnsafeWebhookAddress extends Error {
  constructor(host: string, address: string) {
    super(`${host} resolves to ${address}, which is not a public address`);
    this.name = 'UnsafeWebhookAddress';
  }
}

/**
 * At each delivery: resolves the URL's host and refuses it when any address is not public (a name can point at
 * 127.0.0.1 or ::1 as well as at a literal can). Answers the address to connect to, so the request goes to the
 * address checked, not to a second lookup's answer (DNS rebinding). `allowLoopback` (tests only, never in
 * production: the settings refuse it there) lets loopback addresses through, and nothing else.
 */
export async function resolveDeliveryAddress(
  value: string,
  lookup: Lookup = systemLookup,
  allowLoopback = false,
): Promise<{ address: string; family: number }> {
  const host = new URL(value).hostname.replace(/^\[|\]$/g, '');
  const addresses = ipaddr.isValid(host)
    ? [{ address: host, family: ipaddr.parse(host).kind() === 'ipv6' ? 6 : 4 }]
    : await lookup(host);
  if (addresses.length === 0) throw new Error(`${host} does not resolve`);
  for (const { address } of addresses) {
    if (!isPublicAddress(address) && !(allowLoopback && isLoopback(address))) {
      throw new UnsafeWebhookAddress(host, address);
    }
  }
  return addresses[0]!;
}
