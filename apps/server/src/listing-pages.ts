import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type ApiServices, createCaller, createContext, SESSION_COOKIE } from '@barterads/api';
import {
  LANGUAGE_TAGS,
  LANGUAGES,
  type Language,
  LIMITS,
  LISTING_COVER_SIZES,
  languagePath,
} from '@barterads/core';
import { listings, users } from '@barterads/db';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  escapeHtml,
  loadPageRenderer,
  type PageRenderer,
  type PageWithData,
  type RenderData,
} from './prerendered-pages';
import { requestMeta } from './request-meta';
import type { Settings } from './settings';

interface Head {
  /** The page's title and description; undefined keeps the ones the app gave the page (in its language). */
  title: string | undefined;
  description: string | undefined;
  canonical: string;
  /** The page's path without a language (`/listings/…`) and its language: `lang` and the `hreflang` alternates. */
  alternates?: { origin: string; path: string; language: Language };
  image: string | null;
  /** The page's largest image, fetched at once beside the app's scripts (its LCP element). */
  preload?: { href: string; srcset: string; sizes: string } | undefined;
}

/** A page's `hreflang` alternates: the same path in every language, English the default. */
export function alternateLinks(origin: string, path: string): string[] {
  return [
    ...LANGUAGES.map(
      (language) =>
        `<link rel="alternate" hreflang="${LANGUAGE_TAGS[language]}" href="${escapeHtml(origin + languagePath(language, path))}" />`,
    ),
    `<link rel="alternate" hreflang="x-default" href="${escapeHtml(origin + path)}" />`,
  ];
}

const UNESCAPED: Record<string, string> = {
  '&amp;': '&',
  '&lt;': '<',
  '&gt;': '>',
  '&quot;': '"',
  '&#39;': "'",
};

/** The web app's shell with a page's own title, description, canonical URL and Open Graph tags in its <head>. */
function withHead(shell: string, head: Head): string {
  const fromHtml = (text: string) =>
    text.replace(/&(amp|lt|gt|quot|#39);/g, (entity) => UNESCAPED[entity] ?? entity);
  const title =
    head.title !== undefined
      ? escapeHtml(`${head.title} | BarterAds`)
      : escapeHtml(fromHtml(/<title>([^<]*)<\/title>/.exec(shell)?.[1] ?? 'BarterAds'));
  const description = escapeHtml(
    (head.description ?? fromHtml(/<meta name="description" content="([^"]*)"/.exec(shell)?.[1] ?? '')).slice(
      0,
      200,
    ),
  );
  const tags = [
    `<link rel="canonical" href="${escapeHtml(head.canonical)}" />`,
    `<meta property="og:type" content="website" />`,
    `<meta property="og:title" content="${title}" />`,
    `<meta property="og:description" content="${description}" />`,
    `<meta property="og:url" content="${escapeHtml(head.canonical)}" />`,
    head.image ? `<meta property="og:image" content="${escapeHtml(head.image)}" />` : '',
    `<meta name="twitter:card" content="${head.image ? 'summary_large_image' : 'summary'}" />`,
    head.preload
      ? `<link rel="preload" as="image" href="${escapeHtml(head.preload.href)}" imagesrcset="${escapeHtml(head.preload.srcset)}" imagesizes="${escapeHtml(head.preload.sizes)}" fetchpriority="high" />`
      : '',
    ...(head.alternates ? alternateLinks(head.alternates.origin, head.alternates.path) : []),
  ].join('\n    ');
  return shell
    .replace(/<html lang="[^"]*">/, `<html lang="${LANGUAGE_TAGS[head.alternates?.language ?? 'en']}">`)
    .replace(/<title>[^<]*<\/title>/, `<title>${title}</title>`)
    .replace(
      /<meta name="description" content="[^"]*"\s*\/?>/,
      `<meta name="description" content="${description}" />`,
    )
    .replace('</head>', `    ${tags}\n  </head>`);
}

/**
 * The listing page /listings/:id and the business page /b/:id, rendered by the server: the web app's HTML of the
 * page with its data (the browser paints it before any script runs, then hydrates it from the same data), and
 * their own title, description, canonical URL and Open Graph image for crawlers and link previews; 404 for an
 * unknown or hidden one. A build without the web app's renderer sends the app shell with the head (the app then
 * renders the body). Also /sitemap.xml of the public pages, active listings and business pages.
 */
export function registerListingPages(
  app: FastifyInstance,
  services: ApiServices,
  settings: Settings,
): Record<string, PageWithData> {
  const shellPath = join(settings.webDist, 'index.html');
  const origin = new URL(settings.appUrl).origin;
  const absolute = (path: string) => (path.startsWith('/') ? `${origin}${path}` : path);
  let shell: string | undefined;
  const readShell = () => {
    shell ??= existsSync(shellPath) ? readFileSync(shellPath, 'utf8') : undefined;
    return shell;
  };
  let renderer: Promise<PageRenderer | undefined> | undefined;
  const pageRenderer = () => {
    renderer ??= loadPageRenderer(settings.webDist).catch((error: unknown) => {
      app.log.error({ err: error }, 'the web app renderer did not load; pages render in the browser');
      return undefined;
    });
    return renderer;
  };
  // Loaded at start (React and the app's modules take a second or two), not by the first visitor's request.
  void pageRenderer();
  const send = (reply: FastifyReply, status: number, html: string) =>
    reply
      .code(status)
      .header('Cache-Control', 'no-cache')
      .header('Vary', 'Accept-Encoding, Cookie')
      .type('text/html; charset=utf-8')
      .compress(html);
  // The public procedures the browser calls, without the visitor's session: the page is the same for everyone.
  const publicCaller = async (request: FastifyRequest, reply: FastifyReply) =>
    createCaller(
      await createContext(services, {
        ...requestMeta(request, reply, settings),
        bearerToken: undefined,
        cookieToken: undefined,
      }),
    );
  /** The page rendered with its data, or the shell (no renderer, or it failed: the browser renders it). */
  const page = async (
    request: FastifyRequest,
    path: string,
    data: RenderData,
    fallback: string,
  ): Promise<string> => {
    const render = await pageRenderer();
    if (!render) return fallback;
    const session = request.cookies?.[SESSION_COOKIE] ? 'pending' : 'out';
    try {
      return await render(path, session, data);
    } catch (error) {
      request.log.error({ err: error, path }, 'server render failed; the browser renders the page');
      return fallback;
    }
  };

  // Each page in every language: `/hi/listings/…` is the listing page in Hindi.
  for (const language of LANGUAGES) {
    const prefix = language === 'en' ? '' : `/${language}`;
    app.get<{ Params: { id: string } }>(`${prefix}/listings/:id`, async (request, reply) => {
      const html = readShell();
      if (!html) return reply.callNotFound();
      const caller = await publicCaller(request, reply);
      let listing: Awaited<ReturnType<typeof caller.listings.get>>;
      try {
        listing = await caller.listings.get({ id: request.params.id });
      } catch {
        return send(reply, 404, html);
      }
      const { barter } = listing;
      const business = await caller.businessPages.get({ id: barter.ownerId }).catch(() => undefined);
      const body = await page(
        request,
        `${prefix}/listings/${barter._id}`,
        {
          listing: { id: request.params.id, answer: listing },
          business: business ? { id: barter.ownerId, answer: business } : undefined,
        },
        html,
      );
      return send(
        reply,
        200,
        withHead(body, {
          title: barter.title,
          description: barter.description,
          canonical: `${origin}${prefix}/listings/${barter._id}`,
          alternates: { origin, path: `/listings/${barter._id}`, language },
          image: barter.image ? absolute(barter.image) : null,
          // The same URLs and sizes as the page's cover <img>, so the browser uses what it preloaded. A page the web app
          // rendered has React's own preload of it at the top of its body already.
          preload:
            barter.photos[0] && body === html
              ? {
                  href: barter.photos[0].url,
                  srcset: barter.photos[0].variants.map((v) => `${v.url} ${v.width}w`).join(', '),
                  sizes: LISTING_COVER_SIZES,
                }
              : undefined,
        }),
      );
    });

    app.get<{ Params: { id: string } }>(`${prefix}/b/:id`, async (request, reply) => {
      const html = readShell();
      if (!html) return reply.callNotFound();
      const caller = await publicCaller(request, reply);
      let business: Awaited<ReturnType<typeof caller.businessPages.get>>;
      try {
        business = await caller.businessPages.get({ id: request.params.id });
      } catch {
        return send(reply, 404, html);
      }
      const name = business.business.companyName ?? business.business.name;
      const image = business.listings.find((l) => l.image)?.image;
      const reviews = await caller.reviews
        .business({ id: request.params.id, page: 1 })
        .catch(() => undefined);
      const body = await page(
        request,
        `${prefix}/b/${business.business._id}`,
        {
          business: { id: request.params.id, answer: business },
          reviews: reviews ? { id: request.params.id, answer: reviews } : undefined,
        },
        html,
      );
      return send(
        reply,
        200,
        withHead(body, {
          title: name,
          description: business.business.description ?? `${name} on BarterAds`,
          canonical: `${origin}${prefix}/b/${business.business._id}`,
          alternates: { origin, path: `/b/${business.business._id}`, language },
          image: image ? absolute(image) : null,
        }),
      );
    });
  }

  /**
   * `/marketplace` without filters, in each language (`/hi/marketplace`), rendered with its first page of results
   * (newest first, as the page asks without filters: MarketplaceList's marketplaceSearchInput): on a phone the
   * results are the first screen (issue 35), so they come in the HTML instead of after the app's script and a
   * search. Its title and description are the app's in that language.
   */
  const marketplaceIn =
    (language: Language): PageWithData =>
    async (request, reply) => {
      const render = await pageRenderer();
      if (!render) return undefined;
      const path = languagePath(language, '/marketplace');
      try {
        const caller = await publicCaller(request, reply);
        const answer = await caller.listings.search({ sort: 'newest', limit: LIMITS.listingsPageDefault });
        const session = request.cookies?.[SESSION_COOKIE] ? 'pending' : 'out';
        const html = await render(path, session, { marketplace: { answer } });
        return withHead(html, {
          title: undefined,
          description: undefined,
          canonical: `${origin}${path}`,
          alternates: { origin, path: '/marketplace', language },
          image: null,
        });
      } catch (error) {
        request.log.error(
          { err: error, path },
          'marketplace not rendered on the server; the build page is sent',
        );
        return undefined;
      }
    };

  app.get('/sitemap.xml', async (_request, reply) => {
    const db = services.database.db;
    const [active, businesses] = await Promise.all([
      db
        .select({ id: listings.id, updatedAt: listings.updatedAt })
        .from(listings)
        .where(eq(listings.status, 'active'))
        .orderBy(desc(listings.updatedAt))
        .limit(15_000),
      db
        .select({ id: users.id })
        .from(users)
        .where(
          and(eq(users.status, 'active'), eq(users.prefShowProfile, true), sql`${users.deletedAt} is null`),
        )
        .limit(1_300),
    ]);
    const pages = [
      '/',
      '/marketplace',
      '/how-it-works',
      '/pricing',
      '/about',
      '/contact',
      '/help',
      '/success-stories',
    ];
    // Every page in every language: each <url> names its Hindi and Marathi (and English) versions.
    const entry = (path: string, extra = '') =>
      LANGUAGES.map(
        (language) =>
          `<url><loc>${origin}${languagePath(language, path)}</loc>${extra}${LANGUAGES.map(
            (other) =>
              `<xhtml:link rel="alternate" hreflang="${LANGUAGE_TAGS[other]}" href="${origin}${languagePath(other, path)}"/>`,
          ).join('')}</url>`,
      ).join('\n');
    const urls = [
      ...pages.map((p) => entry(p)),
      ...active.map((l) => entry(`/listings/${l.id}`, `<lastmod>${l.updatedAt.toISOString()}</lastmod>`)),
      ...businesses.map((b) => entry(`/b/${b.id}`)),
    ];
    return reply
      .type('application/xml; charset=utf-8')
      .header('Cache-Control', 'public, max-age=3600')
      .send(
        `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${urls.join('\n')}\n</urlset>\n`,
      );
  });
  return Object.fromEntries(
    LANGUAGES.map((language) => [languagePath(language, '/marketplace'), marketplaceIn(language)]),
  );
}
