import { describe, expect, it } from 'vitest';
import { unsubscribeSignature, unsubscribeUrl, verifyUnsubscribeSignature } from './unsubscribe';

const secret = 'a-test-secret-of-enough-length';
const id = '3f0b6a52-8a39-4d55-9f0e-1f7a2b9c4d11';
const otherId = '3f0b6a52-8a39-4d55-9f0e-1f7a2b9c4d12';

describe('saved-search unsubscribe signatures', () => {
  it('accepts the signature of the same id and secret', () => {
    expect(verifyUnsubscribeSignature(secret, id, unsubscribeSignature(secret, id))).toBe(true);
  });

  it('refuses another id, another secret, a tampered or missing signature', () => {
    const sig = unsubscribeSignature(secret, id);
    expect(verifyUnsubscribeSignature(secret, otherId, sig)).toBe(false);
    expect(verifyUnsubscribeSignature('another-secret-of-enough-length', id, sig)).toBe(false);
    const tampered = `${sig.slice(0, -1)}${sig.endsWith('A') ? 'B' : 'A'}`;
    expect(verifyUnsubscribeSignature(secret, id, tampered)).toBe(false);
    expect(verifyUnsubscribeSignature(secret, id, sig.slice(1))).toBe(false);
    expect(verifyUnsubscribeSignature(secret, id, undefined)).toBe(false);
    expect(verifyUnsubscribeSignature(secret, id, '')).toBe(false);
  });

  it('refuses a short secret', () => {
    expect(() => unsubscribeSignature('short', id)).toThrow();
  });

  it('builds a link whose id and sig verify', () => {
    const url = new URL(unsubscribeUrl('https://barterads.in', secret, id));
    expect(url.pathname).toBe('/api/saved-searches/unsubscribe');
    expect(url.searchParams.get('id')).toBe(id);
    expect(verifyUnsubscribeSignature(secret, id, url.searchParams.get('sig'))).toBe(true);
  });
});
