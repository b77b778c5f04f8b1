import { describe, expect, it } from 'vitest';
import { smtpConnection } from './mailer';

describe('smtpConnection', () => {
  it('reads host, port, security, credentials and query options from SMTP_URL', () => {
    expect(
      smtpConnection(
        'smtps://user%40x.in:p%40ss@mail.example:2465?tls.rejectUnauthorized=false&ignoreTLS=true',
      ),
    ).toEqual({
      host: 'mail.example',
      port: 2465,
      secure: true,
      auth: { user: 'user@x.in', pass: 'p@ss' },
      tls: { rejectUnauthorized: false },
      ignoreTLS: true,
    });
    expect(smtpConnection('smtp://127.0.0.1')).toEqual({ host: '127.0.0.1', port: 587, secure: false });
  });
});
