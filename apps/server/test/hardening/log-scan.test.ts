import { describe, expect, it } from 'vitest';
import { leakedCodes, mailedCodes } from './log-scan';

describe('the scan of the logs for mailed codes', () => {
  const mails = [
    'Your BarterAds code is 925383. It expires in 10 minutes.',
    'See the deal: https://barterads.in/dashboard/deals/3f925383-1111-4222-8333-123456789012 (no code here)',
  ];

  it('takes the codes the mails carry, not digits inside links or longer numbers', () => {
    expect(mailedCodes(mails)).toEqual(['925383']);
    expect(mailedCodes(['Order 1234567, token a123456b'])).toEqual([]);
  });

  it('finds a code the logs repeat as a number of its own', () => {
    expect(leakedCodes(['925383'], '{"msg":"sent","code":"925383"}\n')).toEqual(['925383']);
    expect(leakedCodes(['925383'], 'otp=925383 for a@b.in\n')).toEqual(['925383']);
  });

  it('does not count the same six digits inside a UUID, a hash or a longer number in the logs', () => {
    const logs = [
      '{"userId":"3f925383-1111-4222-8333-123456789012","msg":"signed in"}',
      '{"key":"proofs/a925383b.webp","etag":"925383ff"}',
      '{"time":17959253830,"responseTime":3.925383}',
    ].join('\n');
    expect(leakedCodes(['925383'], logs)).toEqual([]);
  });
});
