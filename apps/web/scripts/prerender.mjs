// Pre-renders the public pages after `vite build` (see src/prerender.tsx): runs the pre-renderer's SSR build
// and writes each page's HTML, built from dist/index.html, to dist/prerendered/, with manifest.json naming
// the path of each. The server (apps/server/src/prerendered-pages.ts) serves them; the browser hydrates them.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const appDir = fileURLToPath(new URL('..', import.meta.url));
const dist = join(appDir, 'dist');
const ssrDir = join(appDir, '.prerender');
const outDir = join(dist, 'prerendered');

const escapeHtml = (text) =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');

const shell = readFileSync(join(dist, 'index.html'), 'utf8');
const ROOT = '<div id="root"></div>';
if (!shell.includes(ROOT)) throw new Error(`dist/index.html has no ${ROOT}`);

// The stylesheet first: the page paints from HTML and CSS, so the CSS request goes out before the scripts'.
const stylesheet = shell.match(/ *<link rel="stylesheet"[^>]*>\n/)?.[0];
const firstScript = shell.indexOf('    <script type="module"');
const head =
  stylesheet && firstScript > 0
    ? shell
        .replace(stylesheet, '')
        .replace('    <script type="module"', `${stylesheet}    <script type="module"`)
    : shell;

const { PAGE_READY_EVENT, PRERENDERED_PATHS, renderPage, routePatterns } = await import(
  pathToFileURL(join(ssrDir, 'prerender.js')).href
);

// The app's scripts load after the first paint. A pre-rendered page paints from HTML and CSS alone, and on a
// phone's connection the entry chunk and its preloads (about 190 KB) would otherwise share the bandwidth with the
// stylesheet and delay that paint; the browser also fetches them at high priority, ahead of images. The loader
// adds the same modulepreload links and module script once a frame has been painted (at once in a tab opened in
// the background, which paints nothing until shown). The server's CSP admits it by hash (prerendered-pages.ts).
//
// Until the page has hydrated, its buttons do nothing, a link clicked while React hydrates can be lost, a form
// would submit natively (its fields in the URL) and hydration resets what was typed. Until then the loader
// keeps clicks and submits from the half-hydrated app: links are followed by the browser, button clicks and
// submits remembered, text typed remembered; once the page says it is ready (PAGE_READY_EVENT,
// src/components/page-ready.ts; hydration keeps the same elements) it types the text again and repeats them.
const entryScript = head.match(/ *<script type="module" crossorigin src="([^"]+)"><\/script>\n/);
if (!entryScript) throw new Error('dist/index.html has no module entry script');
const preloadLinks = [...head.matchAll(/ *<link rel="modulepreload" crossorigin href="([^"]+)">\n/g)];
let deferredHead = head.replace(entryScript[0], '');
for (const link of preloadLinks) deferredHead = deferredHead.replace(link[0], '');
const loader = `<script>
      (() => {
        const early = [];
        const typed = new Map();
        const onClick = (event) => {
          const target = event.target instanceof Element ? event.target.closest('a[href], button, [role="button"]') : null;
          if (!target) return;
          // Kept from the half-hydrated app: the browser follows a link itself (a plain page load), and a button is
          // clicked again once the page is ready (a form's submit button: its submit event is kept instead).
          event.stopPropagation();
          if (target.matches('a[href]')) return;
          if (!(target instanceof HTMLButtonElement && target.type === 'submit' && target.form)) {
            early.push(() => target.click());
          }
        };
        const onInput = (event) => {
          const field = event.target;
          if (field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement) typed.set(field, field.value);
        };
        const onSubmit = (event) => {
          event.preventDefault();
          event.stopPropagation();
          const { target: form, submitter } = event;
          early.push(() => (submitter && submitter.form === form ? submitter.click() : form.requestSubmit()));
        };
        document.addEventListener('click', onClick, true);
        document.addEventListener('input', onInput, true);
        document.addEventListener('submit', onSubmit, true);
        document.addEventListener(
          ${JSON.stringify(PAGE_READY_EVENT)},
          () => {
            document.removeEventListener('click', onClick, true);
            document.removeEventListener('input', onInput, true);
            document.removeEventListener('submit', onSubmit, true);
            // The app's state does not hold what was typed: type it again, the way React hears it (the value
            // cleared through React's own value tracker, then set past it, so that the input event is a change).
            for (const [field, value] of typed) {
              if (!field.isConnected) continue;
              field.value = '';
              Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), 'value')?.set?.call(field, value);
              field.dispatchEvent(new Event('input', { bubbles: true }));
            }
            for (const repeat of early.splice(0)) repeat();
          },
          { once: true },
        );
        let started = false;
        const start = () => {
          if (started) return;
          started = true;
          for (const href of ${JSON.stringify(preloadLinks.map((link) => link[1]))}) {
            const link = document.createElement('link');
            link.rel = 'modulepreload';
            link.crossOrigin = '';
            link.href = href;
            document.head.append(link);
          }
          const script = document.createElement('script');
          script.type = 'module';
          script.crossOrigin = '';
          script.src = ${JSON.stringify(entryScript[1])};
          document.head.append(script);
        };
        if (document.visibilityState === 'visible') requestAnimationFrame(() => setTimeout(start, 0));
        else start();
      })();
    </script>`;
if (!deferredHead.includes('</body>')) throw new Error('dist/index.html has no </body>');
deferredHead = deferredHead.replace('</body>', `  ${loader}\n  </body>`);

rmSync(outDir, { recursive: true, force: true });
mkdirSync(outDir, { recursive: true });
const pages = {};
for (const path of PRERENDERED_PATHS) {
  const { html, title, description } = await renderPage(path);
  let page = deferredHead.replace(ROOT, `<div id="root">${html}</div>`);
  if (title) page = page.replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(title)}</title>`);
  if (description)
    page = page.replace(
      /<meta name="description" content="[^"]*" \/>/,
      `<meta name="description" content="${escapeHtml(description)}" />`,
    );
  const file = path === '/' ? 'index.html' : `${path.slice(1).replaceAll('/', '-')}.html`;
  writeFileSync(join(outDir, file), page);
  pages[path] = file;
  console.log(`prerendered ${path} -> prerendered/${file} (${(page.length / 1024).toFixed(1)} KB)`);
}
// `routes`: every route pattern of the app, so the server answers 404 (with the app's not-found page) for others.
writeFileSync(
  join(outDir, 'manifest.json'),
  `${JSON.stringify({ pages, routes: routePatterns() }, null, 2)}\n`,
);
rmSync(ssrDir, { recursive: true, force: true });
