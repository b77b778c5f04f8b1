import { fileURLToPath } from 'node:url';
import { pageWeight, precompress } from '@barterads/bench/page-weight';
import { lingui } from '@lingui/vite-plugin';
import babel, { defineRolldownBabelPreset } from '@rolldown/plugin-babel';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const apiTarget = process.env.API_URL ?? 'http://127.0.0.1:3000';
const KB = 1024;
/** Pages anyone can open without signing in: they must never load chart or admin code. */
const PRIVATE_PAGES = /^\/(dashboard|settings)(\/|$)/;

export default defineConfig(({ isSsrBuild }) => ({
  // The renderer's build (dist-ssr/, loaded by the API server) needs no copy of the public files.
  ...(isSsrBuild ? { publicDir: false } : {}),
  plugins: [
    tanstackRouter({ target: 'react', autoCodeSplitting: true }),
    // Lingui's macros (`t`, `<Trans>`, `msg`) become catalogue look-ups; only files that import them go through
    // Babel. The plugin compiles the .po catalogues (src/locales) on import, each one a chunk of its own.
    babel({
      presets: [
        defineRolldownBabelPreset({
          preset: { plugins: ['@lingui/babel-plugin-lingui-macro'] },
          rolldown: { filter: { code: /@lingui\/(core|react)\/macro/ } },
        }),
      ],
    }),
    react(),
    lingui(),
    // The pre-renderer's own build (src/prerender.tsx, run by scripts/prerender.mjs) ships nothing.
    !isSsrBuild && precompress(),
    !isSsrBuild &&
      pageWeight({
        app: 'web',
        routesDir: fileURLToPath(new URL('./src/routes', import.meta.url)),
        budgets: {
          maxPageJs: 300 * KB,
          pageJs: { '/': 200 * KB },
          publicPages: (page) => !PRIVATE_PAGES.test(page),
          forbidden: [
            /[\\/]node_modules[\\/].*(recharts|@mantine[\\/]charts|d3-|victory|chart\.js)/,
            /apps[\\/]admin[\\/]/,
          ],
        },
      }),
  ],
  server: {
    port: 5173,
    strictPort: true,
    proxy: { '/api': apiTarget, '/trpc': apiTarget },
  },
  build: {
    sourcemap: false,
    // No modulepreload links, in the HTML or added before each lazy route chunk: on the pre-rendered pages the
    // scripts load after the first paint anyway (scripts/page-loader.js), and inserting the links (about 35 on
    // the landing page) cost the main thread more than the round trip they save while the page is already
    // visible (Lighthouse: landing TBT 140-340 -> 0-30 ms, docs/benchmarks-log.md). The browser still fetches a chunk's
    // static imports in parallel once it has the chunk.
    modulePreload: false,
    chunkSizeWarningLimit: 600,
    rolldownOptions: {
      output: {
        // Mantine's hooks in one small chunk of their own: otherwise the bundler files them in whichever
        // component chunk first shares them (ScrollArea), and a page using one hook downloads that component
        // and what it imports (floating-ui) too.
        // The shared rules' barrel (`@barterads/core`, every page imports it) in one chunk as well: left to the
        // bundler, a change in one of its modules moved the others between chunks and grew the landing page by 3 KB.
        // Rules only signed-in pages use (deal lifecycles, GSTIN checks, GST, deals and deliveries) stay out of it, in
        // their pages' chunks: in it, every public page downloaded them (the landing page went over its budget). So do
        // a listing's Hindi or Marathi version's helpers (listing-languages), which the landing page never shows.
        codeSplitting: {
          groups: [
            { name: 'mantine-hooks', test: /node_modules[\\/]@mantine[\\/]hooks/ },
            {
              name: 'core',
              test: /packages[\\/]core[\\/]src[\\/](?!saved-searches|lifecycle|gstin|gst\.|deals\.|deliveries\.|listing-languages)([^\\/]+|inventory[\\/]units)\.ts$/,
            },
          ],
        },
      },
    },
  },
}));
