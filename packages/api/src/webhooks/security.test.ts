import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  checkWebhookUrl,
  isPublicAddress,
  type Lookup,
  resolveDeliveryAddress,
  signatureHeader,
  UnsafeWebhookAddress,
  verifySignature,
  WEBHOOK_URL_MESSAGES,
} from './security';

const AT = new Date('2026-06-01T12:00:00Z');
const BODY = JSON.stringify({ id: 'evt_1', type: 'deal.accepted', sequence: 7 });

describe('BarterAds-Signature', () => {
  it('is t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body">, as a receiver recomputes it', () => {
    const header = signatureHeader('whsec_one', BODY, AT);
    const t = Math.floor(AT.getTime() / 1000);
    const hmac = createHmac('sha256', 'whsec_one').update(`${t}.${BODY}`).digest('hex');
    expect(header).toBe(`t=${t},v1=${hmac}`);
    expect(verifySignature(header, BODY, ['whsec_one'], AT)).toBe(true);
  });

  it('refuses a changed body, another secret, and a timestamp older than 5 minutes', () => {
    const header = signatureHeader('whsec_one', BODY, AT);
    expect(verifySignature(header, `${BODY} `, ['whsec_one'], AT)).toBe(false);
    expect(verifySignature(header, BODY, ['whsec_two'], AT)).toBe(false);
    expect(verifySignature(header, BODY, ['whsec_one'], new Date(AT.getTime() + 5 * 60_000))).toBe(true);
    expect(verifySignature(header, BODY, ['whsec_one'], new Date(AT.getTime() + 5 * 60_000 + 1000))).toBe(
      false,
    );
    expect(verifySignature('t=abc,v1=00', BODY, ['whsec_one'], AT)).toBe(false);
  });

  it('verifies with either live secret while one is rotated', () => {
    const old = signatureHeader('whsec_old', BODY, AT);
    const fresh = signatureHeader('whsec_new', BODY, AT);
    expect(verifySignature(old, BODY, ['whsec_new', 'whsec_old'], AT)).toBe(true);
    expect(verifySignature(fresh, BODY, ['whsec_new', 'whsec_old'], AT)).toBe(true);
  });
});

describe('webhook URLs (no SSRF)', () => {
  it('checks the form at registration: https in production, no credentials, no local or private literals', () => {
    expect(checkWebhookUrl('https://hooks.partner.example/barterads', true)).toBeNull();
    expect(checkWebhookUrl('http://hooks.partner.example/barterads', true)).toBe(
      WEBHOOK_URL_MESSAGES.httpsOnly,
    );
    expect(checkWebhookUrl('http://hooks.partner.example/barterads', false)).toBeNull();
    expect(checkWebhookUrl('ftp://hooks.partner.example', false)).toBe(WEBHOOK_URL_MESSAGES.invalid);
    expect(checkWebhookUrl('not a url', true)).toBe(WEBHOOK_URL_MESSAGES.invalid);
    expect(checkWebhookUrl('https://user:pw@hooks.partner.example/', true)).toBe(
      WEBHOOK_URL_MESSAGES.credentials,
    );
    for (const url of [
      'https://localhost/x',
      'https://api.localhost/x',
      'https://127.0.0.1/x',
      'https://10.1.2.3/x',
      'https://192.168.0.5/x',
      'https://172.16.0.1/x',
      'https://169.254.169.254/latest/meta-data',
      'https://[::1]/x',
      'https://[fe80::1]/x',
      'https://[fd00::1]/x',
      'https://[::ffff:127.0.0.1]/x',
      'https://0.0.0.0/x',
    ]) {
      expect(checkWebhookUrl(url, true), url).toBe(WEBHOOK_URL_MESSAGES.privateAddress);
    }
    // A name is accepted even when it does not resolve yet: it is checked at each delivery.
    expect(checkWebhookUrl('https://not-yet.partner.example/x', true)).toBeNull();
  });

  it('tells public addresses from the others', () => {
    expect(isPublicAddress('93.184.216.34')).toBe(true);
    expect(isPublicAddress('2606:2800:220:1:248:1893:25c8:1946')).toBe(true);
    expect(isPublicAddress('127.0.0.1')).toBe(false);
    expect(isPublicAddress('::1')).toBe(false);
    expect(isPublicAddress('::ffff:10.0.0.1')).toBe(false);
    expect(isPublicAddress('100.64.0.1')).toBe(false);
    expect(isPublicAddress('nonsense')).toBe(false);
  });

  it('resolves the host at delivery and refuses a name pointing at a loopback or private address', async () => {
    const dns: Record<string, { address: string; family: number }[]> = {
      'rebind.partner.example': [{ address: '127.0.0.1', family: 4 }],
      'v6loop.partner.example': [{ address: '::1', family: 6 }],
      'mixed.partner.example': [
        { address: '93.184.216.34', family: 4 },
        { address: '10.0.0.8', family: 4 },
      ],
      'hooks.partner.example': [{ address: '93.184.216.34', family: 4 }],
    };
    const lookup: Lookup = async (host) => dns[host] ?? [];
    await expect(resolveDeliveryAddress('https://rebind.partner.example/x', lookup)).rejects.toBeInstanceOf(
      UnsafeWebhookAddress,
    );
    await expect(resolveDeliveryAddress('https://v6loop.partner.example/x', lookup)).rejects.toBeInstanceOf(
      UnsafeWebhookAddress,
    );
    await expect(resolveDeliveryAddress('https://mixed.partner.example/x', lookup)).rejects.toBeInstanceOf(
      UnsafeWebhookAddress,
    );
    await expect(resolveDeliveryAddress('https://[::1]:8443/x', lookup)).rejects.toBeInstanceOf(
      UnsafeWebhookAddress,
    );
    await expect(resolveDeliveryAddress('https://gone.partner.example/x', lookup)).rejects.toThrow(
      'does not resolve',
    );
    expect(await resolveDeliveryAddress('https://hooks.partner.example/x', lookup)).toEqual({
      address: '93.184.216.34',
      family: 4,
    });
  });

  it('uses the system resolver by default: localhost resolves to loopback and is refused', async () => {
    await expect(resolveDeliveryAddress('http://localhost:9/x')).rejects.toBeInstanceOf(UnsafeWebhookAddress);
  });
});
