import { fileURLToPath } from 'node:url';
import { pageWeight, precompress } from '@barterads/bench/page-weight';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const apiTarget = process.env.API_URL ?? 'http://127.0.0.1:3000';
const KB = 1024;

/** The admin app is built and deployed on its own, under /admin/. */
export default defineConfig({
  base: '/admin/',
  plugins: [
    tanstackRouter({ target: 'react', autoCodeSplitting: true }),
    react(),
    precompress(),
    pageWeight({
      app: 'admin',
      routesDir: fileURLToPath(new URL('./src/routes', import.meta.url)),
      budgets: {
        // The overview's charts load in a chunk of their own after its figures (200 KB for the overview, from
        // 302 KB when the chart library came with the page).
        maxPageJs: 300 * KB,
        // The sign-in page must not download the dashboard's chart library.
        publicPages: (page) => page === '/login',
        forbidden: [/[\\/]node_modules[\\/].*(recharts|@mantine[\\/]charts|d3-|victory|chart\.js)/],
      },
    }),
  ],
  server: {
    port: 5174,
    strictPort: true,
    proxy: { '/api': apiTarget, '/trpc': apiTarget },
  },
  build: { sourcemap: false, chunkSizeWarningLimit: 800 },
});
