import { describe, expect, it } from 'vitest';
import { DEFAULT_PROOF_KINDS, MEDIA_CATEGORY_IDS, PROOF_KINDS, proofKindsFor } from './categories';

describe('proof kinds per category', () => {
  it('suggests proof for every category, and a default for an unknown one', () => {
    for (const id of MEDIA_CATEGORY_IDS) expect(PROOF_KINDS[id].length).toBeGreaterThan(0);
    expect(proofKindsFor('outdoor')[0]).toMatch(/dated photos of the site/i);
    expect(proofKindsFor('Print')[0]).toMatch(/tear sheet/i);
    expect(proofKindsFor('digital').join(' ')).toMatch(/screenshot/i);
    expect(proofKindsFor(null)).toEqual(DEFAULT_PROOF_KINDS);
    expect(proofKindsFor('unknown')).toEqual(DEFAULT_PROOF_KINDS);
  });
});
