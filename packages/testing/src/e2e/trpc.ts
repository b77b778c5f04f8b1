/**
 * Matches the requests that call the tRPC procedure `path` (`messages.send`), alone or batched with others: the web
 * client sends the calls of one moment in one request (`/trpc/messages.list,messages.send?batch=1`), so a glob on
 * `/trpc/messages.send` misses the call whenever another comes first in its batch.
 */
export function callsProcedure(path: string): (url: URL) => boolean {
  return (url) => {
    const procedures = /\/trpc\/([^/]+)$/.exec(url.pathname)?.[1];
    return procedures ? decodeURIComponent(procedures).split(',').includes(path) : false;
  };
}
