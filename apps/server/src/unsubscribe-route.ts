import {
  type ApiServices,
  savedSearchName,
  unsubscribeSavedSearch,
  verifyUnsubscribeSignature,
} from '@barterads/api';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Settings } from './settings';

const Query = z.object({ id: z.uuid(), sig: z.string().min(1).max(100) });

export const UNSUBSCRIBE_MESSAGES = {
  invalid:
    'This unsubscribe link is not valid. Open the link from the alert e-mail as it is, or manage your saved searches in your dashboard.',
  gone: 'This saved search no longer exists, so it sends no alerts.',
  done: 'You will get no more alert e-mails for this saved search.',
} as const;

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** A small standalone page (the link is opened from an e-mail, signed out, maybe on a phone). */
function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${escapeHtml(title)} · BarterAds</title>
<style>body{font-family:system-ui,sans-serif;margin:0;padding:24px 16px;color:#111;background:#fafafa}
main{max-width:28rem;margin:0 auto;background:#fff;border:1px solid #ddd;border-radius:8px;padding:20px}
h1{font-size:1.25rem;margin:0 0 12px}button{font:inherit;padding:10px 16px;border-radius:6px;border:0;
background:#111;color:#fff;min-height:44px;cursor:pointer}a{color:#0b57d0}</style></head>
<body><main>${body}</main></body></html>`;
}

function answer(reply: FastifyReply, status: number, title: string, body: string): FastifyReply {
  return reply
    .code(status)
    .header('Cache-Control', 'no-store')
    .header('Referrer-Policy', 'no-referrer')
    .type('text/html; charset=utf-8')
    .send(page(title, `<h1>${escapeHtml(title)}</h1>${body}`));
}

/**
 * The saved-search alerts' one-click unsubscribe, signed out (the link and the List-Unsubscribe header of every
 * alert e-mail). GET shows the search's name and a button, changing nothing (mail scanners open links);
 * POST (the button, or a mail client's RFC 8058 `List-Unsubscribe=One-Click`) turns the search's alerts off.
 * The id's HMAC signature is the only credential: a missing or forged one is refused with 400 and no change.
 */
export function registerUnsubscribeRoute(
  app: FastifyInstance,
  services: ApiServices,
  settings: Settings,
): void {
  const dashboard = `${settings.appUrl.replace(/\/+$/, '')}/dashboard/saved-searches`;
  const verified = (request: FastifyRequest): string | null => {
    const query = Query.safeParse(request.query);
    if (!query.success) return null;
    return verifyUnsubscribeSignature(services.config.unsubscribeSecret, query.data.id, query.data.sig)
      ? query.data.id
      : null;
  };
  const invalid = (reply: FastifyReply) =>
    answer(
      reply,
      400,
      'Invalid unsubscribe link',
      `<p role="alert">${escapeHtml(UNSUBSCRIBE_MESSAGES.invalid)}</p><p><a href="${escapeHtml(dashboard)}">Saved searches</a></p>`,
    );

  void app.register(async (scope) => {
    // RFC 8058: the one-click POST's body is `List-Unsubscribe=One-Click`, form-encoded; the signed URL says it all.
    scope.addContentTypeParser(
      ['application/x-www-form-urlencoded', 'multipart/form-data', 'text/plain'],
      { parseAs: 'string', bodyLimit: 4096 },
      (_request, body, done) => done(null, body),
    );

    scope.get('/api/saved-searches/unsubscribe', async (request, reply) => {
      const id = verified(request);
      if (!id) return invalid(reply);
      const name = await savedSearchName(services.database.db, id);
      if (name === null)
        return answer(reply, 404, 'Saved search not found', `<p>${UNSUBSCRIBE_MESSAGES.gone}</p>`);
      const action = escapeHtml(request.url);
      return answer(
        reply,
        200,
        'Stop these alerts?',
        `<p>Stop the alert e-mails for your saved search <strong>${escapeHtml(name)}</strong>? The search stays in your list; you can turn alerts on again there.</p>
<form method="post" action="${action}"><input type="hidden" name="List-Unsubscribe" value="One-Click"><button type="submit">Unsubscribe</button></form>`,
      );
    });

    scope.post('/api/saved-searches/unsubscribe', async (request, reply) => {
      const id = verified(request);
      if (!id) return invalid(reply);
      const done = await unsubscribeSavedSearch(services.database.db, id);
      if (!done) return answer(reply, 404, 'Saved search not found', `<p>${UNSUBSCRIBE_MESSAGES.gone}</p>`);
      request.log.info({ savedSearchId: id }, 'saved-search alerts unsubscribed');
      return answer(
        reply,
        200,
        'Unsubscribed',
        `<p role="status">${escapeHtml(UNSUBSCRIBE_MESSAGES.done)} (<strong>${escapeHtml(done.name)}</strong>)</p><p><a href="${escapeHtml(dashboard)}">Manage your saved searches</a></p>`,
      );
    });
  });
}
