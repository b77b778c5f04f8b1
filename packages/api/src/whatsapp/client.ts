import type { TemplateMessage } from './templates';

/** The WhatsApp Cloud API settings (WHATSAPP_*): all given, or the channel is off. */
export interface WhatsappConfig {
  /** The Graph API base with its version (`https://graph.facebook.com/v21.0`; tests point it at the fake). */
  apiUrl: string;
  token: string;
  phoneNumberId: string;
  /** Signs Meta's webhooks (`X-Hub-Signature-256`). */
  appSecret: string;
  /** Answers the subscription handshake (`hub.verify_token`). */
  verifyToken: string;
}

/** Meta's error codes that mean the number cannot receive WhatsApp: reported once, never retried. */
export const UNREACHABLE_CODES: ReadonlySet<number> = new Set([131026, 131030, 131009, 100]);

/** A send Meta refused or that did not get through. `unreachable`: the number cannot receive WhatsApp. */
export class WhatsappSendError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code: number | null,
    readonly unreachable: boolean,
  ) {
    super(message);
  }
}

interface GraphAnswer {
  messages?: Array<{ id?: string }>;
  error?: { message?: string; code?: number };
}

/** How long a call to Meta may take before it counts as failed (and is retried). */
const TIMEOUT_MS = 10_000;

/**
 * Sends one message (`POST {apiUrl}/{phone-number-id}/messages`) and answers Meta's message id (`wamid`). A 4xx with
 * a code of UNREACHABLE_CODES is `unreachable`; anything else is an error to retry.
 */
export async function sendWhatsapp(
  config: WhatsappConfig,
  body: TemplateMessage | TextMessage,
): Promise<{ wamid: string }> {
  let response: Response;
  try {
    response = await fetch(
      `${config.apiUrl.replace(/\/+$/, '')}/${encodeURIComponent(config.phoneNumberId)}/messages`,
      {
        method: 'POST',
        headers: { authorization: `Bearer ${config.token}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      },
    );
  } catch (error) {
    throw new WhatsappSendError(`WhatsApp unreachable: ${(error as Error).message}`, 0, null, false);
  }
  let answer: GraphAnswer = {};
  try {
    answer = (await response.json()) as GraphAnswer;
  } catch {
    answer = {};
  }
  const id = answer.messages?.[0]?.id;
  if (response.ok && id) return { wamid: id };
  const code = typeof answer.error?.code === 'number' ? answer.error.code : null;
  const unreachable =
    response.status >= 400 && response.status < 500 && code !== null && UNREACHABLE_CODES.has(code);
  throw new WhatsappSendError(
    `WhatsApp answered ${response.status}${code !== null ? ` (code ${code})` : ''}: ${answer.error?.message ?? 'no message id'}`,
    response.status,
    code,
    unreachable,
  );
}

/** A free-form text (only inside the 24 hours after the member wrote: the answer to a button press). */
export interface TextMessage {
  messaging_product: 'whatsapp';
  recipient_type: 'individual';
  to: string;
  type: 'text';
  text: { body: string; preview_url: boolean };
}

export function textMessage(to: string, body: string): TextMessage {
  return {
    messaging_product: 'whatsapp',
    recipient_type: 'individual',
    to,
    type: 'text',
    text: { body, preview_url: true },
  };
}
