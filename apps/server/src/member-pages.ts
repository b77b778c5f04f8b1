import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync, constants as zlibConstants } from 'node:zlib';
import { type ApiServices, createCaller, createContext, SESSION_COOKIE } from '@barterads/api';
import { splitLanguagePath } from '@barterads/core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { loadPageRenderer, type PageRenderer, webRouteMatcher } from './prerendered-pages';
import { requestMeta } from './request-meta';
import type { Settings } from './settings';

/** A deal's page: rendered by the server with the member's deal, so it shows before the app's script arrives. */
const DEAL_PAGE = /^\/dashboard\/deals\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\/?$/i;

/**
 * A signed-in member's pages (/dashboard, /dashboard/…, /settings) for a request with a session cookie: on a phone's
 * slow connection a page whose body waited for the app's script (about 250 KB) stayed blank for seconds (issue 35).
 * Every one now gets the member template, whose shell (header, navigation, skeleton) paints from the HTML alone;
 * a deal's page comes rendered with the member's session and deal (the same procedures the browser calls, their
 * answers beside it for hydration), so the deal shows as soon as the stylesheet has loaded. A request without a
 * session cookie, or a build without the template, gets the app shell as before (the app sends it to sign in).
 */
export function registerMemberPages(app: FastifyInstance, services: ApiServices, settings: Settings): void {
  const manifestPath = join(settings.webDist, 'prerendered', 'manifest.json');
  if (!existsSync(manifestPath)) return;
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as { memberTemplate?: string };
  const templatePath = manifest.memberTemplate
    ? join(settings.webDist, 'prerendered', manifest.memberTemplate)
    : undefined;
  if (!templatePath || !existsSync(templatePath)) return;
  const shell = readFileSync(templatePath);
  const encoded = {
    br: brotliCompressSync(shell, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } }),
    gzip: gzipSync(shell, { level: 9 }),
  };
  const isWebRoute = webRouteMatcher(settings.webDist);
  let renderer: Promise<PageRenderer | undefined> | undefined;
  const pageRenderer = () => {
    renderer ??= loadPageRenderer(settings.webDist).catch((error: unknown) => {
      app.log.error({ err: error }, 'the web app renderer did not load; deal pages render in the browser');
      return undefined;
    });
    return renderer;
  };

  const sendShell = (request: FastifyRequest, reply: FastifyReply, status: number) => {
    const accepted = String(request.headers['accept-encoding'] ?? '');
    const encoding = /\bbr\b/.test(accepted) ? 'br' : /\bgzip\b/.test(accepted) ? 'gzip' : undefined;
    reply
      .code(status)
      .header('Cache-Control', 'no-cache')
      .header('Vary', 'Accept-Encoding, Cookie')
      .type('text/html; charset=utf-8');
    if (encoding) reply.header('Content-Encoding', encoding);
    return reply.send(encoding ? encoded[encoding] : shell);
  };

  /** The deal's page rendered for the member, or undefined (signed out, not theirs, no renderer: the shell). */
  const renderDeal = async (request: FastifyRequest, reply: FastifyReply, id: string, prefix: string) => {
    const render = await pageRenderer();
    if (!render) return undefined;
    try {
      const caller = createCaller(await createContext(services, requestMeta(request, reply, settings)));
      const session = await caller.accounts.session();
      if (!session.user) return undefined;
      // What the page draws above its actions comes with it, not after it: arriving later, each pushed the buttons
      // below down under a finger about to tap them. Its Tax section (the procedure answers the parties only; without
      // its answer the deal is still rendered, and the browser asks for it), and the payment settings that show the
      // Pay commission button above the deal letter's link (40 px, where a tap meant for the letter pressed on the
      // link and let go on the button, and nothing downloaded).
      const [deal, taxPreview, paymentsConfig] = await Promise.all([
        caller.deals.get({ id }),
        caller.tax.preview({ id }).catch(() => undefined),
        caller.payments.config(),
      ]);
      return await render(`${prefix}/dashboard/deals/${id}`, 'member', {
        session: { answer: session },
        deal: { id, answer: deal },
        ...(taxPreview ? { taxPreview: { id, answer: taxPreview } } : {}),
        paymentsConfig: { answer: paymentsConfig },
      });
    } catch (error) {
      // A deal that is not theirs (404) or a session that ended: the app shows that itself.
      request.log.debug({ err: error }, 'deal page not rendered on the server');
      return undefined;
    }
  };

  const handler = async (request: FastifyRequest, reply: FastifyReply) => {
    if (!request.cookies?.[SESSION_COOKIE]) return reply.callNotFound();
    const localized = request.url.split('?')[0] ?? '';
    const status = isWebRoute(localized) ? 200 : 404;
    // `/hi/dashboard/…`: the same page in Hindi.
    const { language, path } = splitLanguagePath(localized);
    const deal = status === 200 ? DEAL_PAGE.exec(path) : null;
    const prefix = language === 'en' ? '' : `/${language}`;
    const html = deal?.[1] ? await renderDeal(request, reply, deal[1], prefix) : undefined;
    if (html === undefined) return sendShell(request, reply, status);
    // The member's own data: never stored by a shared cache.
    return reply
      .header('Cache-Control', 'private, no-store')
      .header('Vary', 'Accept-Encoding, Cookie')
      .type('text/html; charset=utf-8')
      .compress(html);
  };
  for (const prefix of ['', '/hi', '/mr'])
    for (const path of ['/dashboard', '/dashboard/*', '/settings']) app.get(`${prefix}${path}`, handler);
}
