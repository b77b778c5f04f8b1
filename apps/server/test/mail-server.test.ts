import { startTestMailServer, type TestMailServer } from '@barterads/testing';
import nodemailer from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// The test mail server the suites read codes from (packages/testing). A code awaited for an address that also
// gets notices from the outbox must be the code, whichever comes first: an e-mail change tells the old address
// while a user taking that address is sent a code there (security.test.ts read the notice once, on a clean clone).
describe('the test mail server', () => {
  let mail: TestMailServer;
  let send: (to: string, text: string) => Promise<unknown>;

  beforeAll(async () => {
    mail = await startTestMailServer();
    const transport = nodemailer.createTransport({ url: mail.url });
    send = (to, text) => transport.sendMail({ from: 'app@example.in', to, subject: 'test', text });
  });
  afterAll(() => mail.close());

  it('waits past a notice without a code for the mail that has one', async () => {
    await send('old@example.in', 'Your address was changed at 10:42.');
    const code = mail.waitForCode('old@example.in');
    // The notice alone does not answer: the wait is still open when the code comes.
    let answered = false;
    void code.then(
      () => {
        answered = true;
      },
      () => {
        answered = true;
      },
    );
    await send('someone@example.in', 'A mail for another address: 111111.');
    expect(answered).toBe(false);
    await send('old@example.in', 'Your code is 482913. It expires in 10 minutes.');
    await expect(code).resolves.toBe('482913');
  });

  it('reads each code once: the next wait is for the next code', async () => {
    await send('twice@example.in', 'Your code is 100001.');
    await expect(mail.waitForCode('twice@example.in')).resolves.toBe('100001');
    const next = mail.waitForCode('twice@example.in');
    await send('twice@example.in', 'Your code is 200002.');
    await expect(next).resolves.toBe('200002');
  });

  it('names what it waited for when nothing came', async () => {
    await send('quiet@example.in', 'No code in this one.');
    await expect(mail.waitForCode('quiet@example.in', 200)).rejects.toThrow(
      'no mail with a 6-digit code to quiet@example.in within 200 ms',
    );
  });
});
