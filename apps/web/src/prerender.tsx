import type { RouterOutputs } from '@barterads/api-client';
import { type DehydratedState, dehydrate } from '@tanstack/react-query';
import { createMemoryHistory } from '@tanstack/react-router';
import { renderToString } from 'react-dom/server';
import { App } from './App';
import { api } from './api';
import { takeServerPageMeta } from './components/usePageMeta';
import { type PrerenderedSession, setPrerenderedSession } from './features/accounts/session';
import { marketplaceSearchInput } from './features/listings/MarketplaceList';
import { activateLanguage, languageOfPath } from './i18n';
import { createAppRouter } from './router';

export { LANGUAGE_TAGS, LANGUAGES, languagePath } from '@barterads/core';
export { PAGE_READY_EVENT } from './components/page-ready';

/**
 * The public pages the build renders to HTML (scripts/prerender.mjs): their first paint comes from HTML and
 * CSS instead of waiting for the JavaScript, which then hydrates them (main.tsx). Only pages whose HTML is
 * the same for every visitor: data (featured listings, the marketplace's results, the signed-in header)
 * still loads in the browser, exactly as after a client-side navigation.
 */
export const PRERENDERED_PATHS = [
  '/',
  '/marketplace',
  '/how-it-works',
  '/pricing',
  '/about',
  '/help',
  '/contact',
  '/success-stories',
  '/privacy-policy',
  '/terms',
  '/refund-cancellation',
  '/login',
  '/signup',
] as const;

/**
 * Pages pre-rendered only signed out: a request with a session cookie gets the page rendered in the browser, whose
 * route sends a signed-in member on (to their dashboard) before anything shows. On a slow phone connection a visitor
 * sees the sign-in and sign-up forms from the HTML instead of a blank page until the app's script has loaded.
 */
export const SIGNED_OUT_ONLY_PATHS: readonly string[] = ['/login', '/signup'];

export interface RenderedPage {
  html: string;
  title: string | undefined;
  description: string | undefined;
}

/**
 * What a page rendered on request (not at build time) was rendered with: the answers of its queries, which the
 * server fetched through the same procedures the browser calls. The browser's query cache starts from them
 * (main.tsx), so it hydrates the same HTML without asking again.
 */
export interface PageData {
  listing?: { id: string; answer: RouterOutputs['listings']['get'] };
  business?: { id: string; answer: RouterOutputs['businessPages']['get'] };
  /** The business page's first page of reviews. */
  reviews?: { id: string; answer: RouterOutputs['reviews']['business'] };
  /** The marketplace's first page of results without filters (`/marketplace` as the server renders it). */
  marketplace?: { answer: RouterOutputs['listings']['search'] };
  /** A member's page: their session (the `member` render) and the deal it shows. */
  session?: { answer: RouterOutputs['accounts']['session'] };
  deal?: { id: string; answer: RouterOutputs['deals']['get'] };
  /** The deal's Tax section, for its parties. */
  taxPreview?: { id: string; answer: RouterOutputs['tax']['preview'] };
  /** The payment settings: whether a deal page shows its Pay commission button. */
  paymentsConfig?: { answer: RouterOutputs['payments']['config'] };
}

/** The page's HTML, and the query cache it was rendered from, for the browser to start from. */
export interface RenderedPageWithData extends RenderedPage {
  state: DehydratedState;
}

/**
 * Renders one page of the app to HTML, as the browser's first render of it would be before any data: signed out
 * (`out`, for requests without a session cookie) or with the signed-in parts as placeholders (`pending`).
 */
export async function renderPage(path: string, session: PrerenderedSession = 'out'): Promise<RenderedPage> {
  const { html, title, description } = await renderPageWithData(path, session, {});
  return { html, title, description };
}

let rendering: Promise<unknown> = Promise.resolve();

/**
 * Renders a page with its data (the listing and business pages, and a member's deal page, rendered by the API server
 * on request), one at a time: the app's query client and session are one per process, so two renders must not
 * interleave.
 */
export function renderPageWithData(
  path: string,
  session: PrerenderedSession,
  data: PageData,
): Promise<RenderedPageWithData> {
  const next = rendering.then(() => render(path, session, data));
  rendering = next.catch(() => undefined);
  return next;
}

async function render(
  path: string,
  session: PrerenderedSession,
  data: PageData,
): Promise<RenderedPageWithData> {
  api.queryClient.clear();
  activateLanguage(languageOfPath(path));
  setPrerenderedSession(session, data.session?.answer.user ?? undefined);
  if (data.listing) api.utils.listings.get.setData({ id: data.listing.id }, data.listing.answer);
  if (data.business) api.utils.businessPages.get.setData({ id: data.business.id }, data.business.answer);
  if (data.reviews) api.utils.reviews.business.setData({ id: data.reviews.id, page: 1 }, data.reviews.answer);
  // A member's page goes with their session, so the browser hydrates it signed in without asking again.
  if (data.session) api.utils.accounts.session.setData(undefined, data.session.answer);
  if (data.deal) api.utils.deals.get.setData({ id: data.deal.id }, data.deal.answer);
  if (data.taxPreview) api.utils.tax.preview.setData({ id: data.taxPreview.id }, data.taxPreview.answer);
  if (data.paymentsConfig) api.utils.payments.config.setData(undefined, data.paymentsConfig.answer);
  if (data.marketplace)
    api.utils.listings.search.setInfiniteData(marketplaceSearchInput({ sort: 'newest' }), {
      pages: [data.marketplace.answer],
      pageParams: [null],
    });
  // Only the page's own data goes to the browser (not the signed-out session below, which main.tsx sets itself).
  const state = dehydrate(api.queryClient);
  if (session === 'out') api.utils.accounts.session.setData(undefined, { user: null });
  const router = createAppRouter({
    history: createMemoryHistory({ initialEntries: [path] }),
    isServer: true,
  });
  await router.load();
  const html = renderToString(<App router={router} />);
  const meta = takeServerPageMeta();
  return { html, title: meta?.title, description: meta?.description, state };
}

/**
 * Every route pattern of the app (`/marketplace`, `/dashboard/settings`, `$param` segments if any): the build
 * writes them beside the pre-rendered pages so the server can answer 404 for a path no route matches.
 */
export function routePatterns(): string[] {
  const router = createAppRouter({ history: createMemoryHistory(), isServer: true });
  const patterns = Object.keys(router.routesByPath).map((path) =>
    path.length > 1 ? path.replace(/\/+$/, '') : path,
  );
  return [...new Set(patterns)].sort();
}
