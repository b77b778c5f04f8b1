import { useEffect } from 'react';
import { announcePageReady } from './page-ready';

let serverPageMeta: { title: string; description?: string } | undefined;

function documentTitle(title: string): string {
  return title === 'BarterAds' ? title : `${title} | BarterAds`;
}

/** Sets the document title and description of a route, and says when the route's page is ready (page-ready.ts). */
export function usePageMeta(title: string, description?: string): void {
  // Pre-rendering (no document): remember them for the page's <head> (see prerender.tsx).
  if (typeof document === 'undefined') serverPageMeta = { title: documentTitle(title), description };
  useEffect(() => {
    document.title = documentTitle(title);
    if (description) {
      let meta = document.querySelector<HTMLMetaElement>('meta[name="description"]');
      if (!meta) {
        meta = document.createElement('meta');
        meta.name = 'description';
        document.head.appendChild(meta);
      }
      meta.content = description;
    }
  }, [title, description]);
  useEffect(announcePageReady, []);
}

/** The title and description the last server render asked for (then forgets them). */
export function takeServerPageMeta(): { title: string; description?: string } | undefined {
  const meta = serverPageMeta;
  serverPageMeta = undefined;
  return meta;
}
