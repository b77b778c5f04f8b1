import { expect, type Locator, type Page } from '@playwright/test';

/**
 * Where `target` stands (`place`) each time it is on screen after `open()`, while the page's requests to `url` come
 * one at a time:
 * each request waits until the one before it has been let through and the page has settled on its answer, until
 * `done` shows and none is left. A page that draws a control and then something above it moves the control under
 * a finger about to tap it (and Playwright's press lands on the button, its release elsewhere): the places differ.
 */
export async function placesWhileArriving(
  page: Page,
  url: string | RegExp,
  {
    open,
    target,
    done,
    place,
  }: { open: () => Promise<unknown>; target: Locator; done: Locator; place: () => Promise<number> },
): Promise<number[]> {
  const held: Array<{ continue: () => Promise<void> }> = [];
  const hold = (route: { continue: () => Promise<void> }) => {
    held.push(route);
  };
  await page.route(url, hold);
  const places: number[] = [];
  try {
    await open();
    for (;;) {
      await expect.poll(async () => held.length > 0 || (await done.isVisible())).toBe(true);
      if (await target.isVisible()) places.push(await place());
      const next = held.shift();
      if (!next) break;
      await next.continue();
    }
  } finally {
    await page.unroute(url, hold);
  }
  places.push(await place());
  return places;
}

/**
 * The page's layout shifts so far: their score (the sum, as Cumulative Layout Shift counts it) and what moved
 * (left, top).
 * With `within` (a selector), only the shifts that moved something inside it: their score and their moves there.
 */
export async function layoutShifts(
  page: Page,
  { within }: { within?: string } = {},
): Promise<{ score: number; moves: string[] }> {
  return page.evaluate((within) => {
    interface Shift extends PerformanceEntry {
      value: number;
      hadRecentInput: boolean;
      sources: { node: Node | null; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[];
    }
    // Layout shifts are not in the performance timeline: a buffered observer gets the ones so far, at once.
    const observer = new PerformanceObserver(() => {});
    observer.observe({ type: 'layout-shift', buffered: true });
    const region = within ? document.querySelector(within) : null;
    const inRegion = (node: Node | null) => !within || (node !== null && region?.contains(node) === true);
    const shifts = (observer.takeRecords() as Shift[]).filter(
      (s) => !s.hadRecentInput && s.sources.some((m) => inRegion(m.node)),
    );
    observer.disconnect();
    const name = (node: Node | null) =>
      node instanceof Element
        ? `${node.tagName.toLowerCase()}${node.id ? `#${node.id}` : ''}${node.getAttribute('aria-label') ? `[${node.getAttribute('aria-label')}]` : ''}`
        : (node?.nodeName ?? '?');
    return {
      score: shifts.reduce((sum, s) => sum + s.value, 0),
      moves: shifts.flatMap((s) =>
        s.sources
          .filter((m) => inRegion(m.node))
          .map(
            (m) =>
              `${name(m.node)} at ${Math.round(s.startTime)} ms: from (${Math.round(m.previousRect.left)}, ${Math.round(m.previousRect.top)}) to (${Math.round(m.currentRect.left)}, ${Math.round(m.currentRect.top)})`,
          ),
      ),
    };
  }, within);
}
