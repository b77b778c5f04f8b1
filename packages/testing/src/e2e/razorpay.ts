import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export interface E2eRazorpay {
  url: string;
  keyId: string;
  keySecret: string;
  webhookSecret: string;
}

/** The fake Razorpay the e2e server was started with (see launch-servers.ts). */
export function e2eRazorpay(): E2eRazorpay {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set: run through the e2e Playwright config');
  return JSON.parse(readFileSync(join(dataDir, 'razorpay.json'), 'utf8')) as E2eRazorpay;
}

/**
 * Razorpay processes the refunds of `paymentIds` (Razorpay's payment ids) the fake has made and not settled:
 * each one's signed `refund.processed` webhook goes to the e2e server at `baseUrl`. Answers how many the server
 * took.
 */
export async function settleFakeRefunds(baseUrl: string, paymentIds: string[]): Promise<number> {
  const response = await fetch(`${e2eRazorpay().url}/_fake/refunds/settle`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ webhookUrl: new URL('/api/payments/webhook', baseUrl).toString(), paymentIds }),
  });
  if (!response.ok) throw new Error(`fake Razorpay settle failed: ${response.status}`);
  return ((await response.json()) as { settled: number }).settled;
}

/** Switches what the fake's Orders API and checkout double do (for failure paths). */
export async function controlFakeRazorpay(control: {
  mode?: 'ok' | 'error' | 'hang' | 'wrong-amount';
  checkoutOutcome?: 'success' | 'failure';
}): Promise<void> {
  const response = await fetch(`${e2eRazorpay().url}/_fake/control`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(control),
  });
  if (!response.ok) throw new Error(`fake Razorpay control failed: ${response.status}`);
}
