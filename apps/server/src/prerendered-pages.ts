import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, gzipSync, constants as zlibConstants } from 'node:zlib';
import {
  isLanguage,
  LANGUAGE_TAGS,
  languageFromAcceptLanguage,
  languagePath,
  splitLanguagePath,
} from '@barterads/core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';

/**
 * The web app's pre-rendered public pages (apps/web/scripts/prerender.mjs writes them to
 * `<web dist>/prerendered/`, with `manifest.json` naming the path of each). The browser paints them from
 * HTML and CSS, then hydrates them. Served only for the exact path without a query string: a page whose
 * search parameters change what it shows (the marketplace's filters) gets the plain app shell instead,
 * which renders on the client as every other route does.
 */
interface PrerenderedPage {
  identity: Buffer;
  /** The page compressed for a client that accepts these encodings (undefined: neither). */
  compressed(accepts: Accepted): Promise<{ encoding: 'br' | 'gzip'; body: Buffer } | undefined>;
}

interface Accepted {
  br: boolean;
  gzip: boolean;
}

/**
 * What the build writes beside the pages: the path of each page's file, and every route pattern of the app.
 * `pages` are rendered signed out (the header's Sign in and Create account); `sessionPages`, the same pages for a
 * request that carries a session cookie, render the signed-in parts as neutral placeholders until the browser
 * knows who is signed in (a signed-in member never sees "Sign in" flash at first paint).
 */
interface PrerenderManifest {
  pages: Record<string, string>;
  sessionPages?: Record<string, string>;
  routes?: string[];
  /** The page template for pages rendered on request: the pre-rendered pages' head and loader, an empty root. */
  template?: string;
  /**
   * The template of a signed-in member's pages: the same, with the dashboard's shell painted from the HTML before
   * the stylesheet (apps/web/scripts/member-shell.mjs).
   */
  memberTemplate?: string;
  /** The web app's SSR build (apps/web/src/prerender.tsx), relative to the web dist folder. */
  renderer?: string;
}

/** The build's manifest, or undefined for a build without pre-rendered pages. */
function readManifest(webDist: string): PrerenderManifest | undefined {
  const manifestPath = join(webDist, 'prerendered', 'manifest.json');
  if (!existsSync(manifestPath)) return undefined;
  return JSON.parse(readFileSync(manifestPath, 'utf8')) as PrerenderManifest;
}

/** What the build writes in place of the site's origin (its `hreflang` alternates): APP_URL's. */
const ORIGIN_PLACEHOLDER = '%APP_ORIGIN%';

const brotliAsync = promisify(brotliCompress);

/**
 * A page as the build wrote it, with APP_URL's origin in place. Compressed when first asked for, not at start-up:
 * compressing all 66 pages there (4 MB, brotli 11 and gzip 9) held the event loop for 4.1 s of a server's start
 * (a CPU profile of the browser suites' server, 29 Nov). Brotli at its best quality (for phones on slow
 * connections) takes a quarter to half a second for a 58 KB page, so it is made in libuv's thread pool after the
 * first request for it, which gets gzip (1 ms, about a fifth bigger) rather than wait; later ones get brotli.
 */
function readPage(webDist: string, file: string, origin: string): PrerenderedPage {
  const identity = Buffer.from(
    readFileSync(join(webDist, 'prerendered', file), 'utf8').replaceAll(ORIGIN_PLACEHOLDER, origin),
  );
  let br: Buffer | undefined;
  let brotli: Promise<Buffer> | undefined;
  let gzip: Buffer | undefined;
  return {
    identity,
    async compressed(accepts) {
      if (accepts.br) {
        if (br) return { encoding: 'br', body: br };
        if (!brotli) {
          brotli = brotliAsync(identity, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } });
          brotli.then((body) => (br = body)).catch(() => {});
        }
        if (!accepts.gzip) return { encoding: 'br', body: await brotli };
      }
      if (!accepts.gzip) return undefined;
      gzip ??= gzipSync(identity, { level: 9 });
      return { encoding: 'gzip', body: gzip };
    },
  };
}

/**
 * Each path's page, and its variant for a request with a session cookie: none for a page pre-rendered only signed
 * out (sign-in and sign-up), which such a request gets rendered in the browser.
 */
function readPages(
  webDist: string,
  origin: string,
): Map<string, { signedOut: PrerenderedPage; session: PrerenderedPage | undefined }> {
  const manifest = readManifest(webDist);
  const pages = new Map<string, { signedOut: PrerenderedPage; session: PrerenderedPage | undefined }>();
  for (const [path, file] of Object.entries(manifest?.pages ?? {})) {
    const sessionFile = manifest?.sessionPages?.[path];
    pages.set(path, {
      signedOut: readPage(webDist, file, origin),
      session: sessionFile ? readPage(webDist, sessionFile, origin) : undefined,
    });
  }
  return pages;
}

/**
 * CSP sources (`'sha256-…'`) for the inline scripts of the built web app's HTML: the colour scheme script, which
 * must run before the first paint, and the pre-rendered pages' loader (apps/web/scripts/page-loader.js). Only
 * scripts of our own build output are admitted.
 */
export function webInlineScriptSources(webDist: string): string[] {
  const files = [join(webDist, 'index.html')];
  const manifest = readManifest(webDist);
  for (const file of [
    ...Object.values(manifest?.pages ?? {}),
    ...Object.values(manifest?.sessionPages ?? {}),
    ...(manifest?.template ? [manifest.template] : []),
    ...(manifest?.memberTemplate ? [manifest.memberTemplate] : []),
  ]) {
    files.push(join(webDist, 'prerendered', file));
  }
  const sources = new Set<string>();
  for (const file of files) {
    if (!existsSync(file)) continue;
    const html = readFileSync(file, 'utf8');
    for (const match of html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)) {
      const body = match[1] ?? '';
      if (body.trim() === '') continue;
      sources.add(`'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`);
    }
  }
  return [...sources];
}

function acceptedEncodings(request: FastifyRequest): Accepted {
  const accepted = String(request.headers['accept-encoding'] ?? '');
  return { br: /\bbr\b/.test(accepted), gzip: /\bgzip\b/.test(accepted) };
}

/**
 * Whether a path is one of the web app's routes, by the patterns its build wrote (`routes` in the manifest;
 * a `$name` segment matches any one segment, a lone `$` the rest). Without a manifest (a build without it)
 * every path counts as a route, as before.
 */
export function webRouteMatcher(webDist: string): (path: string) => boolean {
  const routes = readManifest(webDist)?.routes;
  if (!routes) return () => true;
  const patterns = routes.map((route) => route.split('/').filter(Boolean));
  return (localizedPath) => {
    // `/hi/…` and `/mr/…` are the same routes in Hindi and Marathi.
    const path = splitLanguagePath(localizedPath).path;
    const segments = path.split('/').filter(Boolean);
    return patterns.some((pattern) => {
      for (const [i, part] of pattern.entries()) {
        if (part === '$') return true;
        const segment = segments[i];
        if (segment === undefined) return false;
        if (!part.startsWith('$') && part !== decodeURIComponentSafe(segment)) return false;
      }
      return pattern.length === segments.length;
    });
  };
}

function decodeURIComponentSafe(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** Text safe in HTML content and attribute values. */
export const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

/** The cookie of the language a visitor chose in the header (apps/web/src/i18n/preference.ts). */
export const LANGUAGE_COOKIE = 'ba_lang';

/** A page rendered on request with its data (the marketplace with its results), or undefined (then the build's). */
export type PageWithData = (request: FastifyRequest, reply: FastifyReply) => Promise<string | undefined>;

/**
 * Registers a GET (and HEAD) route for each pre-rendered page of the web app; nothing when there are none. A
 * request with a session cookie (`sessionCookie`) gets the page's session variant. A path in `withData` is rendered
 * on request with its data first (the build's page when that gives nothing).
 */
export function registerPrerenderedPages(
  app: FastifyInstance,
  webDist: string,
  sendShell: (reply: FastifyReply) => FastifyReply,
  sessionCookie: string,
  withData: Record<string, PageWithData> = {},
  origin = '',
): void {
  for (const [path, variants] of readPages(webDist, origin)) {
    app.get(path, async (request, reply) => {
      // A first visit to the home page follows the browser's language (Accept-Language), a later one the language
      // the visitor chose in the header (its cookie): `/` in English, `/hi/` in Hindi, `/mr/` in Marathi.
      if (path === '/') {
        const chosen = request.cookies?.[LANGUAGE_COOKIE];
        const language = isLanguage(chosen)
          ? chosen
          : languageFromAcceptLanguage(request.headers['accept-language']);
        reply.header('Vary', 'Accept-Encoding, Accept-Language, Cookie');
        if (language !== 'en') {
          const query = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : '';
          return reply
            .header('Cache-Control', 'no-cache')
            .redirect(`${languagePath(language, '/')}${query}`, 302);
        }
      }
      if (request.url.includes('?')) return sendShell(reply);
      const rendered = await withData[path]?.(request, reply);
      if (rendered !== undefined) {
        return reply
          .header('Cache-Control', 'no-cache')
          .header(
            'Vary',
            path === '/' ? 'Accept-Encoding, Accept-Language, Cookie' : 'Accept-Encoding, Cookie',
          )
          .type('text/html; charset=utf-8')
          .compress(rendered);
      }
      const page = request.cookies?.[sessionCookie] ? variants.session : variants.signedOut;
      if (!page) return sendShell(reply);
      const compressed = await page.compressed(acceptedEncodings(request));
      reply
        .header('Cache-Control', 'no-cache')
        .header('Vary', path === '/' ? 'Accept-Encoding, Accept-Language, Cookie' : 'Accept-Encoding, Cookie')
        .type('text/html; charset=utf-8');
      if (compressed) reply.header('Content-Encoding', compressed.encoding);
      return reply.send(compressed ? compressed.body : page.identity);
    });
  }
}

/**
 * Whether the page is rendered for a visitor known to be signed out, with the signed-in parts as placeholders, or
 * for the signed-in member whose session goes in its data (`member`: their own page, such as a deal).
 */
export type RenderSession = 'out' | 'pending' | 'member';

/** The answers a page is rendered with (the web app's `PageData`, prerender.tsx). */
export interface RenderData {
  listing?: { id: string; answer: unknown };
  business?: { id: string; answer: unknown };
  reviews?: { id: string; answer: unknown };
  session?: { answer: unknown };
  deal?: { id: string; answer: unknown };
  /** The deal's Tax section (its parties only). */
  taxPreview?: { id: string; answer: unknown };
  /** The payment settings (a deal page's Pay commission button). */
  paymentsConfig?: { answer: unknown };
  marketplace?: { answer: unknown };
}

/** What the web app's SSR build exports for rendering on request (apps/web/src/prerender.tsx). */
interface RendererModule {
  renderPageWithData(
    path: string,
    session: RenderSession,
    data: RenderData,
  ): Promise<{ html: string; state: unknown; title?: string | undefined; description?: string | undefined }>;
}

/**
 * Renders a page of the web app into the page template: its HTML in the root, the query cache it used beside it. A
 * member's page (`member`) goes into the member template and is never kept: it holds their own data.
 */
export type PageRenderer = (path: string, session: RenderSession, data: RenderData) => Promise<string>;

const ROOT = '<div id="root"></div>';

/** JSON safe inside a <script> element: no `</script>` or `<!--` can end or change it. */
const scriptJson = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

/**
 * The web app's renderer for pages with data (listing and business pages), or undefined for a build without
 * one (the app then renders those pages in the browser). The page's data goes in
 * `<script type="application/json" id="page-data">`, which main.tsx puts in the query cache before it hydrates:
 * a data block, never executed, so the CSP needs no hash for it.
 */
export async function loadPageRenderer(webDist: string): Promise<PageRenderer | undefined> {
  const manifest = readManifest(webDist);
  if (!manifest?.template || !manifest.renderer) return undefined;
  const templatePath = join(webDist, 'prerendered', manifest.template);
  const rendererPath = resolve(webDist, manifest.renderer);
  if (!existsSync(templatePath) || !existsSync(rendererPath)) return undefined;
  const template = readFileSync(templatePath, 'utf8');
  if (!template.includes(ROOT)) return undefined;
  const memberPath = manifest.memberTemplate
    ? join(webDist, 'prerendered', manifest.memberTemplate)
    : undefined;
  const memberTemplate = memberPath && existsSync(memberPath) ? readFileSync(memberPath, 'utf8') : undefined;
  const renderer = (await import(pathToFileURL(rendererPath).href)) as RendererModule;
  // A page is a function of its path, session variant and data: the same three give the same page, so the last
  // RENDERED_PAGES pages are kept by a hash of them (a render costs tens of milliseconds of CPU, the data a few).
  const rendered = new LRUCache<string, string>({ max: RENDERED_PAGES });
  // The page's own title and description, as the app sets them in that language (a page with data of its own,
  // such as a listing, replaces them again with its data's).
  const fill = (
    page: string,
    session: RenderSession,
    rendered: { html: string; state: unknown; title?: string | undefined; description?: string | undefined },
    path: string,
  ) => {
    const { html, state, title, description } = rendered;
    let filled = page
      .replace(/<html lang="[^"]*">/, `<html lang="${LANGUAGE_TAGS[splitLanguagePath(path).language]}">`)
      .replace(
        ROOT,
        () =>
          `<div id="root" data-session="${session}">${html}</div>\n    <script type="application/json" id="page-data">${scriptJson(state)}</script>`,
      );
    if (title) filled = filled.replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(title)}</title>`);
    if (description)
      filled = filled.replace(
        /<meta name="description" content="[^"]*"\s*\/?>/,
        () => `<meta name="description" content="${escapeHtml(description)}" />`,
      );
    return filled;
  };
  return async (path, session, data) => {
    if (session === 'member') {
      if (!memberTemplate?.includes(ROOT)) throw new Error('the build has no member page template');
      return fill(memberTemplate, session, await renderer.renderPageWithData(path, session, data), path);
    }
    const key = createHash('sha256')
      .update(JSON.stringify([path, session, data]))
      .digest('base64url');
    const kept = rendered.get(key);
    if (kept !== undefined) return kept;
    const page = fill(template, session, await renderer.renderPageWithData(path, session, data), path);
    rendered.set(key, page);
    return page;
  };
}

/** How many rendered pages a process keeps (about 40 KB each). */
const RENDERED_PAGES = 500;
