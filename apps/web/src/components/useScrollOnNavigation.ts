import { useRouterState } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';

function prefersReducedMotion(): boolean {
  return typeof matchMedia !== 'undefined' && matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/**
 * Spec section 2: every navigation scrolls to the top, or smoothly to the anchored element when the
 * URL has a hash. The target may render a moment after the path changes, so it is looked up a few times.
 */
export function useScrollOnNavigation(): void {
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const hash = useRouterState({ select: (s) => s.location.hash });
  // The page's first render keeps the browser's own position: a pre-rendered page may have been scrolled (or
  // opened at its anchor, or reloaded mid-page) before the app hydrated, and must not jump to the top then.
  const firstRender = useRef(true);
  // a new path without a hash must scroll to the top again
  useEffect(() => {
    const behavior: ScrollBehavior = prefersReducedMotion() ? 'auto' : 'smooth';
    const initial = firstRender.current;
    firstRender.current = false;
    if (!hash) {
      if (!initial) window.scrollTo({ top: 0, left: 0, behavior: 'instant' });
      return;
    }
    // The first render looks for the anchor the address holds now: a visitor may have followed another link of
    // the pre-rendered page while the app was starting with the one it was opened at, and scrolling to that
    // one took them back (the landing page's anchors test, now and then on a busy machine).
    const anchor = (initial && window.location.hash.slice(1)) || hash;
    // Bands that skip their layout until scrolled near (content-visibility) are laid out while the page is at
    // an anchor (features/public/Section.module.css): a smooth scroll aims at where its target is when it
    // starts, and bands taking their real size as it passed them moved the target away under it.
    const root = document.documentElement;
    let tries = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const seek = () => {
      const target = document.getElementById(decodeURIComponent(anchor));
      if (target) {
        root.setAttribute('data-anchor-scroll', '');
        target.scrollIntoView({ behavior, block: 'start' });
        return;
      }
      if (tries++ < 40) timer = setTimeout(seek, 50);
    };
    seek();
    return () => {
      clearTimeout(timer);
      root.removeAttribute('data-anchor-scroll');
    };
  }, [pathname, hash]);
}
