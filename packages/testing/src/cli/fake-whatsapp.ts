/**
 * `pnpm fake:whatsapp`: the fake WhatsApp Cloud API on its own, for `pnpm dev`. It prints the WHATSAPP_* settings
 * to start the server with, prints each message it is sent (the confirmation codes among them), and sends Meta's
 * signed status callbacks to the server's webhook.
 */
import { startFakeWhatsapp } from '../fake-whatsapp';

const port = Number(process.env.FAKE_WHATSAPP_PORT ?? 4010);
const server = process.env.FAKE_WHATSAPP_SERVER ?? 'http://localhost:3000';
const fake = await startFakeWhatsapp({
  port,
  token: 'dev-whatsapp-token',
  appSecret: 'dev-whatsapp-app-secret',
  verifyToken: 'dev-whatsapp-verify-token',
  webhookUrl: `${server.replace(/\/+$/, '')}/api/whatsapp/webhook`,
  onMessage(message) {
    const template = message.body.template;
    const words = template
      ? `${template.name} (${template.language.code}): ${fake.bodyParameters(message).join(' | ')}`
      : (message.body.text?.body ?? '');
    console.log(`to +${message.to}: ${words}`);
  },
});
console.log(`Fake WhatsApp Cloud API on ${fake.url}; start the server with:\n`);
for (const [name, value] of Object.entries(fake.env())) console.log(`  ${name}=${value}`);
console.log('');
