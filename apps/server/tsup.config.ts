import { cpSync } from 'node:fs';
import { defineConfig } from 'tsup';

export default defineConfig({
  entry: { main: 'src/main.ts', migrate: 'src/cli/migrate.ts', seed: 'src/cli/seed.ts' },
  format: 'esm',
  platform: 'node',
  target: 'node20',
  outDir: 'dist',
  clean: true,
  sourcemap: true,
  // Our workspace packages are TypeScript source: bundle them. Everything from npm stays external, so this
  // package lists the runtime dependencies of the packages it bundles (argon2 is native, PGlite loads wasm).
  noExternal: [/^@barterads\//],
  external: [/^(?!@barterads\/)[^./]/],
  async onSuccess() {
    cpSync('../../packages/db/migrations', 'dist/migrations', { recursive: true });
  },
});
