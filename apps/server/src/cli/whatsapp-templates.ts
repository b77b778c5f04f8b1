/**
 * `pnpm --filter @barterads/server whatsapp:templates`: the WhatsApp template catalogue
 * (packages/api/src/whatsapp/templates.ts) as the bodies of Meta's template API
 * (`POST https://graph.facebook.com/v21.0/<WABA id>/message_templates`), one JSON object a line, for an operator
 * to submit (docs/operations.md). The link buttons open APP_URL.
 */
import { templateSubmissions } from '@barterads/api';
import { loadSettings } from '../settings';

const settings = loadSettings();
for (const submission of templateSubmissions(settings.appUrl)) console.log(JSON.stringify(submission));
