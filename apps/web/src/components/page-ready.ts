/**
 * Dispatched on `document` once the page's own content has hydrated (or rendered): the loader of a pre-rendered
 * page (scripts/prerender.mjs) then repeats the clicks, typing and form submissions made before that moment.
 */
export const PAGE_READY_EVENT = 'barterads:page-ready';

let announced = false;

/**
 * Says, once per document, that the page answers clicks: `<html data-app-ready>` for scripts and browser tests,
 * and PAGE_READY_EVENT for the loader. Called from an effect of the page's own component (usePageMeta): React
 * hydrates the app's shell first and the route's content, behind its Suspense boundary, in a later pass, so an
 * effect of the root would say so too early.
 */
export function announcePageReady(): void {
  if (announced) return;
  announced = true;
  document.documentElement.dataset.appReady = 'true';
  document.dispatchEvent(new Event(PAGE_READY_EVENT));
}
