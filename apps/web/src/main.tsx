// First: before any module that could load zod.
import '@barterads/ui/zod-config';
import '@barterads/ui/styles.css';
import '@barterads/ui/devanagari.css';
import { type DehydratedState, hydrate } from '@tanstack/react-query';
import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './App';
import { api } from './api';
import { setPrerenderedSession } from './features/accounts/session';
import { activateLanguage, languageOfPath } from './i18n';
import { createAppRouter } from './router';

// The URL's language from the start (its catalogues load with the page's route, before it renders).
activateLanguage(languageOfPath(window.location.pathname));

const container = document.getElementById('root')!;
const prerendered = container.hasChildNodes();
// A page the server rendered with data (a listing or business page): the query cache starts from the answers
// it was rendered with, so the first render here matches its HTML.
const pageData = document.getElementById('page-data');
if (pageData?.textContent) {
  const state = JSON.parse(pageData.textContent) as DehydratedState;
  // Read by the server for this response: as fresh as an answer fetched now (by this browser's clock, whatever the
  // server's, and whenever the server rendered the page it kept).
  const now = Date.now();
  hydrate(api.queryClient, {
    ...state,
    queries: state.queries.map((query) => ({ ...query, state: { ...query.state, dataUpdatedAt: now } })),
  });
}
if (prerendered) {
  // The server sent the signed-out page only to a request without a session cookie: signed out for certain,
  // so the header's Sign in stays without asking the server. A member's page (a deal) came with their session in
  // its data. Otherwise the session loads as usual.
  const rendered = container.dataset.session;
  const session = rendered === 'out' ? 'out' : rendered === 'member' ? 'member' : 'pending';
  setPrerenderedSession(session, api.utils.accounts.session.getData()?.user ?? undefined);
  if (session === 'out') api.utils.accounts.session.setData(undefined, { user: null });
}
const router = createAppRouter({ hydrating: prerendered });

/**
 * A page whose HTML and first render differ (React error #418) is rendered again on the client, and what a visitor
 * typed into it before is lost. React reports such an error without saying where; this says where too (the elements
 * and components around it), on the console, as well as reporting it as React does.
 */
function reportHydrationError(error: unknown, info: { componentStack?: string | undefined }): void {
  console.error('The page was rendered again in the browser:', error, info.componentStack ?? '');
  window.reportError(error);
}
// A member's page painted its shell from the HTML (apps/web/scripts/member-shell.mjs): it stays until the app has
// something to show, then goes.
const bootShell = document.getElementById('boot-shell');
const removeBootShell = () => bootShell?.remove();

if (prerendered) {
  // A public page pre-rendered by the build (prerender.tsx): load the page's route chunks first, then
  // hydrate the server's HTML. The server rendered the matches without the router's outer Suspense
  // boundary; `ssr` tells the router to render the same tree here. Hydration runs as a transition, so React
  // yields to the browser between chunks of work instead of blocking the main thread in one long task.
  router.ssr = { manifest: undefined };
  // A macrotask between evaluating the app's modules and loading the route: two shorter tasks instead of one
  // long one, so that a tap or a frame can come in between on a slow phone.
  void new Promise((resolve) => setTimeout(resolve, 0))
    .then(() => router.load())
    .then(() => {
      startTransition(() => {
        hydrateRoot(container, <App router={router} />, { onRecoverableError: reportHydrationError });
      });
      removeBootShell();
    });
} else {
  // A page rendered here (sign-in, sign-up, a member's page): the route's code, its catalogues and the session load
  // first, then the app renders with them. A member's page shows its shell meanwhile instead of a blank screen. Before
  // its catalogues the app would render its texts as their ids for a moment (the dialogs' close label, with a warning
  // on the console), and the router shows nothing before the route is loaded anyway.
  void router
    .load()
    .catch(() => undefined)
    .then(() => {
      if (bootShell) {
        // Hidden by CSS the moment the root has content (member.html's style), removed right after.
        new MutationObserver((_changes, observer) => {
          if (!container.hasChildNodes()) return;
          observer.disconnect();
          removeBootShell();
        }).observe(container, { childList: true });
      }
      createRoot(container).render(<App router={router} />);
    });
}
