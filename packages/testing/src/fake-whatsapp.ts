/**
 * A local stand-in for the WhatsApp Business Cloud API (Meta's Graph API): `POST /{version}/{phone-number-id}/messages`
 * answers as Meta does (`{ messaging_product, contacts: [{ input, wa_id }], messages: [{ id: 'wamid.…' }] }`, or a
 * Graph error `{ error: { message, type, code, error_data, fbtrace_id } }`), records every message, can fail on
 * demand, and builds the webhooks Meta would send (status callbacks and inbound replies) signed with the app secret
 * (`X-Hub-Signature-256: sha256=<hex HMAC-SHA256 of the raw body>`). Point WHATSAPP_API_URL at `url`. It never
 * talks to the internet; `pnpm fake:whatsapp` runs it on its own for `pnpm dev`.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** How the messages endpoint behaves: answer; 500 (retry); 400 with Meta's code 131026 (a number without WhatsApp). */
export type FakeWhatsappMode = 'ok' | 'error' | 'undeliverable';

export interface FakeWhatsappMessage {
  id: string;
  phoneNumberId: string;
  to: string;
  /** The request body as Meta received it. */
  body: FakeTemplateRequest;
  /** The Authorization header sent. */
  authorization: string | undefined;
  at: Date;
}

export interface FakeTemplateRequest {
  messaging_product: string;
  recipient_type?: string;
  to: string;
  type: string;
  /** A free-form text (answers inside the 24-hour window). */
  text?: { body: string; preview_url?: boolean };
  template?: {
    name: string;
    language: { code: string; policy?: string };
    components?: Array<{
      type: string;
      sub_type?: string;
      index?: string | number;
      parameters?: Array<{ type: string; text?: string; payload?: string }>;
    }>;
  };
}

export interface FakeWhatsappWebhook {
  /** The raw JSON body to POST. */
  body: string;
  /** content-type and X-Hub-Signature-256. */
  headers: Record<string, string>;
}

export interface FakeWhatsappOptions {
  token?: string;
  phoneNumberId?: string;
  appSecret?: string;
  verifyToken?: string;
  port?: number;
  /** Numbers (wa_id form) that have no WhatsApp: messages to them answer 131026. */
  unreachable?: string[];
  /**
   * Where Meta's webhooks go (`<server>/api/whatsapp/webhook`): given, each accepted message gets its signed
   * `sent` then `delivered` status callbacks there, as Meta sends them (`pnpm fake:whatsapp` for `pnpm dev`).
   */
  webhookUrl?: string;
  /** Called with each accepted message (the dev fake prints them). */
  onMessage?: (message: FakeWhatsappMessage) => void;
}

export interface FakeWhatsapp {
  /** The base URL (as WHATSAPP_API_URL: the version path included). */
  url: string;
  token: string;
  phoneNumberId: string;
  appSecret: string;
  verifyToken: string;
  /** Every accepted message, in order. */
  messages: FakeWhatsappMessage[];
  /** Every request the API received (refused ones too). */
  requests: Array<{ method: string; path: string; status: number }>;
  mode: FakeWhatsappMode;
  unreachable: Set<string>;
  /** Where status callbacks go (the `webhookUrl` option; tests that start the server after the fake set it then). */
  webhookUrl: string | undefined;
  /**
   * When the `sent` and `delivered` callbacks go: `after` the send's answer (as usual), or `before` it (answered
   * by the server first: Meta does not order its callbacks after its answer, so a server may hear of a message it has
   * not recorded yet).
   */
  callbacks: 'after' | 'before';
  /** The settings that point the server at this fake. */
  env(): Record<string, string>;
  /** Messages to a number (wa_id form), oldest first. */
  to(number: string): FakeWhatsappMessage[];
  /** The body parameters of a recorded message's template, in order. */
  bodyParameters(message: FakeWhatsappMessage): string[];
  /** `sha256=<hex HMAC-SHA256 of the raw body with the app secret>`, as Meta signs. */
  sign(rawBody: string): string;
  /** A signed status callback for a message. */
  statusWebhook(
    wamid: string,
    status: 'sent' | 'delivered' | 'read' | 'failed',
    options?: { recipient?: string; errorCode?: number; errorTitle?: string },
  ): FakeWhatsappWebhook;
  /** A signed inbound text message from a number (`STOP`). */
  textWebhook(from: string, text: string, messageId?: string): FakeWhatsappWebhook;
  /** A signed inbound quick-reply button press from a number (its payload and label). */
  buttonWebhook(from: string, payload: string, text: string, messageId?: string): FakeWhatsappWebhook;
  /** POSTs a webhook to `webhookUrl` as Meta does; answers the HTTP status. */
  post(hook: FakeWhatsappWebhook): Promise<number>;
  close(): Promise<void>;
}

const GRAPH_VERSION = 'v21.0';

function wamid(): string {
  return `wamid.${randomBytes(24).toString('base64url')}`;
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (c: Buffer) => chunks.push(c));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

function graphError(
  response: ServerResponse,
  status: number,
  code: number,
  message: string,
  details: string,
): void {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(
    JSON.stringify({
      error: {
        message,
        type: 'OAuthException',
        code,
        error_data: { messaging_product: 'whatsapp', details },
        fbtrace_id: randomBytes(8).toString('base64url'),
      },
    }),
  );
}

export async function startFakeWhatsapp(options: FakeWhatsappOptions = {}): Promise<FakeWhatsapp> {
  const token = options.token ?? `fake-whatsapp-token-${randomBytes(8).toString('hex')}`;
  const phoneNumberId = options.phoneNumberId ?? '106540352242922';
  const appSecret = options.appSecret ?? randomBytes(16).toString('hex');
  const verifyToken = options.verifyToken ?? `verify-${randomBytes(8).toString('hex')}`;
  const messages: FakeWhatsappMessage[] = [];
  const requests: FakeWhatsapp['requests'] = [];
  const unreachable = new Set(options.unreachable ?? []);

  const fake: FakeWhatsapp = {
    url: '',
    close: async () => {},
    token,
    phoneNumberId,
    appSecret,
    verifyToken,
    messages,
    requests,
    mode: 'ok',
    unreachable,
    webhookUrl: options.webhookUrl,
    callbacks: 'after',
    env() {
      return {
        WHATSAPP_API_URL: fake.url,
        WHATSAPP_TOKEN: token,
        WHATSAPP_PHONE_NUMBER_ID: phoneNumberId,
        WHATSAPP_APP_SECRET: appSecret,
        WHATSAPP_VERIFY_TOKEN: verifyToken,
      };
    },
    to: (number) => messages.filter((m) => m.to === number),
    bodyParameters: (message) =>
      message.body.template?.components
        ?.find((c) => c.type === 'body')
        ?.parameters?.map((p) => p.text ?? '') ?? [],
    sign: (rawBody) => `sha256=${createHmac('sha256', appSecret).update(rawBody).digest('hex')}`,
    statusWebhook(id, status, extra = {}) {
      const message = messages.find((m) => m.id === id);
      return signed(fake.sign, phoneNumberId, {
        statuses: [
          {
            id,
            status,
            timestamp: String(Math.floor(Date.now() / 1000)),
            recipient_id: extra.recipient ?? message?.to ?? '',
            ...(status === 'failed'
              ? {
                  errors: [
                    {
                      code: extra.errorCode ?? 131026,
                      title: extra.errorTitle ?? 'Message undeliverable',
                      message: extra.errorTitle ?? 'Message undeliverable',
                      error_data: { details: 'Message Undeliverable.' },
                    },
                  ],
                }
              : {
                  conversation: { id: randomBytes(16).toString('hex'), origin: { type: 'utility' } },
                  pricing: { billable: true, pricing_model: 'PMP', category: 'utility' },
                }),
          },
        ],
      });
    },
    textWebhook(from, text, messageId = wamid()) {
      return signed(fake.sign, phoneNumberId, {
        contacts: [{ profile: { name: 'Member' }, wa_id: from }],
        messages: [
          {
            from,
            id: messageId,
            timestamp: String(Math.floor(Date.now() / 1000)),
            type: 'text',
            text: { body: text },
          },
        ],
      });
    },
    async post(hook) {
      if (!fake.webhookUrl) throw new Error('the fake has no webhookUrl');
      const response = await fetch(fake.webhookUrl, {
        method: 'POST',
        headers: hook.headers,
        body: hook.body,
      });
      await response.arrayBuffer();
      return response.status;
    },
    buttonWebhook(from, payload, text, messageId = wamid()) {
      return signed(fake.sign, phoneNumberId, {
        contacts: [{ profile: { name: 'Member' }, wa_id: from }],
        messages: [
          {
            context: { from: '15550000000', id: wamid() },
            from,
            id: messageId,
            timestamp: String(Math.floor(Date.now() / 1000)),
            type: 'button',
            button: { payload, text },
          },
        ],
      });
    },
  };

  const server = createServer(async (request, response) => {
    const path = new URL(request.url ?? '/', 'http://fake').pathname;
    const body = await readBody(request);
    const record = (status: number) => requests.push({ method: request.method ?? '', path, status });
    if (request.method === 'GET' && path === '/_fake/messages') {
      // For browser suites in another process: the messages sent to a number (wa_id form), oldest first.
      const to = new URL(request.url ?? '/', 'http://fake').searchParams.get('to') ?? '';
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ messages: fake.to(to) }));
      return;
    }
    const match = /^\/v[\d.]+\/([^/]+)\/messages$/.exec(path);
    if (request.method !== 'POST' || !match) {
      record(404);
      return graphError(response, 404, 100, 'Unsupported request', `Unknown path ${path}`);
    }
    if (request.headers.authorization !== `Bearer ${token}`) {
      record(401);
      return graphError(response, 401, 190, 'Invalid OAuth access token.', 'Invalid OAuth access token.');
    }
    if (match[1] !== phoneNumberId) {
      record(400);
      return graphError(response, 400, 100, 'Invalid parameter', `Unknown phone number id ${match[1]}`);
    }
    let parsed: FakeTemplateRequest;
    try {
      parsed = JSON.parse(body) as FakeTemplateRequest;
    } catch {
      record(400);
      return graphError(response, 400, 100, 'Invalid parameter', 'The body is not JSON');
    }
    const wellFormed =
      parsed.messaging_product === 'whatsapp' &&
      Boolean(parsed.to) &&
      ((parsed.type === 'template' && Boolean(parsed.template?.name)) ||
        (parsed.type === 'text' && Boolean(parsed.text?.body)));
    if (!wellFormed) {
      record(400);
      return graphError(
        response,
        400,
        131008,
        'Required parameter is missing',
        'messaging_product, to, template or text',
      );
    }
    if (fake.mode === 'error') {
      record(500);
      return graphError(response, 500, 131000, 'Something went wrong', 'Message failed to send');
    }
    const to = parsed.to.replace(/^\+/, '');
    if (fake.mode === 'undeliverable' || unreachable.has(to)) {
      record(400);
      return graphError(response, 400, 131026, 'Message Undeliverable.', 'Message Undeliverable.');
    }
    const id = wamid();
    const message = {
      id,
      phoneNumberId,
      to,
      body: parsed,
      authorization: request.headers.authorization,
      at: new Date(),
    };
    messages.push(message);
    options.onMessage?.(message);
    const callbacks = async () => {
      for (const status of ['sent', 'delivered'] as const) {
        await fake.post(fake.statusWebhook(id, status)).catch(() => 0);
      }
    };
    if (fake.webhookUrl && fake.callbacks === 'before') {
      // The callbacks answered before the send is: the server has not recorded the message yet.
      await callbacks();
    } else if (fake.webhookUrl) {
      // Meta's callbacks come after the answer: sent, then delivered (a server that is down just misses them).
      setTimeout(() => void callbacks(), 50);
    }
    record(200);
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(
      JSON.stringify({
        messaging_product: 'whatsapp',
        contacts: [{ input: parsed.to, wa_id: to }],
        messages: [{ id, message_status: 'accepted' }],
      }),
    );
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  fake.url = `http://127.0.0.1:${port}/${GRAPH_VERSION}`;
  fake.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return fake;
}

/** A `whatsapp_business_account` webhook with one change of the `messages` field, signed. */
function signed(
  sign: (raw: string) => string,
  phoneNumberId: string,
  value: Record<string, unknown>,
): FakeWhatsappWebhook {
  const body = JSON.stringify({
    object: 'whatsapp_business_account',
    entry: [
      {
        id: '102290129340398',
        changes: [
          {
            field: 'messages',
            value: {
              messaging_product: 'whatsapp',
              metadata: { display_phone_number: '15550783881', phone_number_id: phoneNumberId },
              ...value,
            },
          },
        ],
      },
    ],
  });
  return { body, headers: { 'content-type': 'application/json', 'x-hub-signature-256': sign(body) } };
}
