import pino, { type DestinationStream } from 'pino';

/** Query parameters and constraint details in database errors carry e-mails, tokens and ids: cut them out. */
function scrub(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return value.replace(/\nparams: [^\n]*/g, '\nparams: [redacted]');
  if (depth > 6 || typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) return value.map((v) => scrub(v, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) {
    out[key] =
      key === 'params' || key === 'detail' || key === 'parameters' ? '[redacted]' : scrub(v, depth + 1);
  }
  return out;
}

function scrubbedError(error: Error): unknown {
  return scrub(pino.stdSerializers.err(error));
}

import type { Settings } from './settings';

/** pino with request ids; credentials and personal fields are never written. */
export function createLogger(settings: Pick<Settings, 'logLevel'>, destination?: DestinationStream) {
  return pino(
    {
      level: settings.logLevel,
      redact: {
        paths: [
          'req.headers.authorization',
          'req.headers.cookie',
          'res.headers["set-cookie"]',
          '*.password',
          '*.newPassword',
          '*.currentPassword',
          '*.token',
          '*.otp',
        ],
        censor: '[redacted]',
      },
      serializers: {
        err: scrubbedError,
        req(request: { method: string; url: string; id: string }) {
          return { id: request.id, method: request.method, url: request.url.split('?')[0] };
        },
      },
    },
    destination,
  );
}
