import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The messages the e2e server sent to a number (wa_id form: 919876543210) through the fake WhatsApp API. */
export async function whatsappMessagesTo(number: string): Promise<
  Array<{
    id: string;
    body: {
      template?: {
        name: string;
        components?: Array<{ type: string; parameters?: Array<{ text?: string }> }>;
      };
    };
  }>
> {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set: run through the e2e Playwright config');
  const { url } = JSON.parse(readFileSync(join(dataDir, 'whatsapp.json'), 'utf8')) as { url: string };
  const response = await fetch(`${new URL(url).origin}/_fake/messages?to=${encodeURIComponent(number)}`);
  return ((await response.json()) as { messages: never[] }).messages;
}

/** The confirmation code last sent to a number over WhatsApp, or undefined. */
export async function readWhatsappCode(number: string): Promise<string | undefined> {
  const codes = (await whatsappMessagesTo(number)).filter(
    (m) => m.body.template?.name === 'barterads_confirm_code',
  );
  return codes.at(-1)?.body.template?.components?.find((c) => c.type === 'body')?.parameters?.[0]?.text;
}
