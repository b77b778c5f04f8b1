import { defineRoutes } from '../route';

function header(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

/** WhatsApp (product-spec-3 section 3): the member's number and opt-ins, Meta's webhook. */
export const whatsappRoutes = defineRoutes([
  {
    method: 'GET',
    path: '/api/auth/me/whatsapp',
    procedure: 'whatsapp.get',
    summary:
      "Whether WhatsApp is connected on this server (`enabled`), the member's number and opt-ins (`failure`: WhatsApp cannot deliver to it), and the latest messages with their delivery states",
    tag: 'Accounts',
    auth: 'bearer',
  },
  {
    method: 'PUT',
    path: '/api/auth/me/whatsapp',
    procedure: 'whatsapp.update',
    summary:
      'Save the WhatsApp number and the opt-ins (`dealUpdates`, `matchAlerts`); a number not yet confirmed gets a code over WhatsApp and the answer carries its `otp_token`; both opt-ins false is the opt-out',
    tag: 'Accounts',
    auth: 'bearer',
  },
  {
    method: 'POST',
    path: '/api/auth/me/whatsapp/confirm',
    procedure: 'whatsapp.confirm',
    summary: 'Confirm the WhatsApp number with the code sent to it (`otp_token`, `otp`)',
    tag: 'Accounts',
    auth: 'bearer',
  },
  {
    method: 'GET',
    path: '/api/whatsapp/links/:token',
    procedure: 'whatsapp.openLink',
    summary:
      'A one-tap link of a WhatsApp message (7 days, one deal): that deal as its member sees it and the dialog to open (`accept`); 404 for a changed, expired or foreign link. It signs nobody in: acting needs a session',
    tag: 'WhatsApp',
    auth: 'none',
    input: (request) => ({ token: request.params.token }),
  },
  {
    method: 'GET',
    path: '/api/whatsapp/webhook',
    procedure: 'whatsapp.handshake',
    summary:
      "Meta's subscription handshake: `hub.challenge` answered as text when `hub.mode` is subscribe and `hub.verify_token` matches WHATSAPP_VERIFY_TOKEN; 403 otherwise",
    tag: 'WhatsApp',
    auth: 'signature',
    input: (request) => ({
      mode: text(request.query['hub.mode']),
      token: text(request.query['hub.verify_token']),
      challenge: text(request.query['hub.challenge']),
    }),
    file: (result) => ({
      contentType: 'text/plain; charset=utf-8',
      filename: 'challenge.txt',
      content: (result as { challenge: string }).challenge,
    }),
  },
  {
    method: 'POST',
    path: '/api/whatsapp/webhook',
    procedure: 'whatsapp.webhook',
    summary:
      "Meta's message and status webhook (X-Hub-Signature-256 over the raw body with WHATSAPP_APP_SECRET, else 401): delivery states, STOP, quick replies; each message id applied once",
    tag: 'WhatsApp',
    auth: 'signature',
    input: (request) => ({
      rawBody: request.rawBody ?? '',
      signature: header(request.headers['x-hub-signature-256']),
    }),
  },
]);
