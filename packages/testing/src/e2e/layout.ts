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
