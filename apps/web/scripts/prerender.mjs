// Pre-renders the public pages after `vite build` (see src/prerender.tsx): runs the pre-renderer's SSR build
// and writes each page's HTML, built from dist/index.html, to dist/prerendered/, with manifest.json naming
// the path of each. The server (apps/server/src/prerendered-pages.ts) serves them; the browser hydrates them.
// The SSR build stays in dist-ssr/ (`renderer` in the manifest) with the page template (`template`): the server
// renders the listing and business pages with it on request (apps/server/src/listing-pages.ts).
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const appDir = fileURLToPath(new URL('..', import.meta.url));
const dist = join(appDir, 'dist');
const ssrDir = join(appDir, 'dist-ssr');
const outDir = join(dist, 'prerendered');

const escapeHtml = (text) =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');

const shell = readFileSync(join(dist, 'index.html'), 'utf8');
const ROOT = '<div id="root"></div>';
if (!shell.includes(ROOT)) throw new Error(`dist/index.html has no ${ROOT}`);

const {
  LANGUAGE_TAGS,
  LANGUAGES,
  PAGE_READY_EVENT,
  PRERENDERED_PATHS,
  SIGNED_OUT_ONLY_PATHS,
  languagePath,
  renderPage,
  routePatterns,
} = await import(pathToFileURL(join(ssrDir, 'prerender.js')).href);
const { MEMBER_SHELL_MARKUP, MEMBER_SHELL_STYLE } = await import('./member-shell.mjs');

// The scripts are taken out of the page's head and loaded by the loader (scripts/page-loader.js).
const entryScript = shell.match(/ *<script type="module" crossorigin src="([^"]+)"><\/script>\n/);
if (!entryScript) throw new Error('dist/index.html has no module entry script');
// No modulepreload links (vite.config.ts, `modulePreload: false`): they would be fetched before the first paint.
if (shell.includes('rel="modulepreload"')) throw new Error('dist/index.html has modulepreload links');
let deferredHead = shell.replace(entryScript[0], '');
// The CSS of the routes' own chunks (CSS modules of the marketplace's cards and filters, the segmented choices,
// the FAQ), which the app links only once its script has loaded: inlined in the head, so that a page painted from
// its HTML is styled at once (on a slow phone the marketplace showed unstyled filters and full-width card images
// until the script came). Every page's initial CSS files, from the page-weight report, but the main stylesheet.
const weight = JSON.parse(readFileSync(join(dist, '.vite', 'page-weight.json'), 'utf8'));
const mainCss = shell.match(/href="\/(assets\/[^"]+\.css)"/)?.[1];
const routeCss = [...new Set(weight.pages.flatMap((page) => page.cssFiles))].filter(
  (file) => file !== mainCss,
);
const inlineCss = routeCss.map((file) => readFileSync(join(dist, file), 'utf8').trim()).join('\n');
if (inlineCss.includes('</style')) throw new Error('a route stylesheet contains </style');
if (!deferredHead.includes('</head>')) throw new Error('dist/index.html has no </head>');
deferredHead = deferredHead.replace('</head>', `    <style data-route-css>${inlineCss}</style>\n  </head>`);
const loader = readFileSync(join(appDir, 'scripts', 'page-loader.js'), 'utf8')
  .replace(/^\/\/.*\n/gm, '')
  .replace('__PAGE_READY_EVENT__', JSON.stringify(PAGE_READY_EVENT))
  .replace('__ENTRY_SCRIPT__', JSON.stringify(entryScript[1]));
if (/__[A-Z_]+__/.test(loader))
  throw new Error('scripts/page-loader.js has a placeholder this script does not fill');
if (!deferredHead.includes('</body>')) throw new Error('dist/index.html has no </body>');
deferredHead = deferredHead.replace('</body>', `    <script>\n${loader}    </script>\n  </body>`);

rmSync(outDir, { recursive: true, force: true });
mkdirSync(outDir, { recursive: true });
const pages = {};
const sessionPages = {};
// The site's origin is the server's setting (APP_URL), not the build's: the server puts it in place of this.
const ORIGIN = '%APP_ORIGIN%';
if (!shell.includes('<html lang="en">')) throw new Error('dist/index.html has no <html lang="en">');
/** The page's language (`lang`) and its `hreflang` alternates in every language (x-default: English). */
const localize = (page, language, path) => {
  const alternates = [
    ...LANGUAGES.map(
      (other) =>
        `<link rel="alternate" hreflang="${LANGUAGE_TAGS[other]}" href="${ORIGIN}${languagePath(other, path)}" />`,
    ),
    `<link rel="alternate" hreflang="x-default" href="${ORIGIN}${path}" />`,
  ];
  return page
    .replace('<html lang="en">', `<html lang="${LANGUAGE_TAGS[language]}">`)
    .replace('</head>', `    ${alternates.join('\n    ')}\n  </head>`);
};
// Each page in each language (`/hi/marketplace`), and twice: signed out (for requests without a session cookie)
// and with the signed-in parts as placeholders (with one; not for SIGNED_OUT_ONLY_PATHS, sign-in and sign-up, which
// send a signed-in member on); `data-session` on the root tells the browser which one it hydrates.
for (const language of LANGUAGES) {
  for (const path of PRERENDERED_PATHS) {
    const localized = languagePath(language, path);
    const base = `${language === 'en' ? '' : `${language}-`}${path === '/' ? 'index' : path.slice(1).replaceAll('/', '-')}`;
    for (const session of SIGNED_OUT_ONLY_PATHS.includes(path) ? ['out'] : ['out', 'pending']) {
      const { html, title, description } = await renderPage(localized, session);
      let page = deferredHead.replace(ROOT, `<div id="root" data-session="${session}">${html}</div>`);
      if (title) page = page.replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(title)}</title>`);
      if (description)
        page = page.replace(
          /<meta name="description" content="[^"]*" \/>/,
          `<meta name="description" content="${escapeHtml(description)}" />`,
        );
      page = localize(page, language, path);
      const file = session === 'out' ? `${base}.html` : `${base}.session.html`;
      writeFileSync(join(outDir, file), page);
      (session === 'out' ? pages : sessionPages)[localized] = file;
      console.log(
        `prerendered ${localized} (${session}) -> prerendered/${file} (${(page.length / 1024).toFixed(1)} KB)`,
      );
    }
  }
}
// The template of the pages the server renders on request: the same head and loader, the root left empty.
const template = 'page.html';
writeFileSync(join(outDir, template), deferredHead);
// The template of a signed-in member's pages (apps/server/src/member-pages.ts): the shell of the dashboard painted
// from the HTML alone (scripts/member-shell.mjs), the stylesheet moved into the body after it, so that on a slow
// connection the shell shows at once and only what follows waits for the stylesheet: the app's root, empty or
// holding a page the server rendered with the member's data (a deal).
const stylesheet = deferredHead.match(/ *<link rel="stylesheet"[^>]*>\n/);
if (!stylesheet) throw new Error('dist/index.html has no stylesheet link');
const memberTemplate = 'member.html';
writeFileSync(
  join(outDir, memberTemplate),
  deferredHead
    .replace(stylesheet[0], '')
    .replace('</head>', `    ${MEMBER_SHELL_STYLE}\n  </head>`)
    .replace(ROOT, `${MEMBER_SHELL_MARKUP}\n    ${stylesheet[0].trim()}\n    ${ROOT}`),
);
// `routes`: every route pattern of the app, so the server answers 404 (with the app's not-found page) for others.
// `renderer`: the SSR build, relative to dist/.
writeFileSync(
  join(outDir, 'manifest.json'),
  `${JSON.stringify({ pages, sessionPages, routes: routePatterns(), template, memberTemplate, renderer: '../dist-ssr/prerender.js' }, null, 2)}\n`,
);
