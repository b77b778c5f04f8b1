/**
 * Page-weight budgets, checked by every production build of the web and admin apps.
 *
 * After Rollup/Rolldown has written the bundle, this plugin works out, for every page (leaf route file),
 * which JavaScript and CSS the browser must download before the page renders: the entry chunk and its
 * static imports, plus the lazily loaded chunks of each route file on the way from the root to the page
 * (TanStack Router's autoCodeSplitting) and their static imports. It prints each page's gzip size, writes
 * `dist/.vite/page-weight.json` (the benchmarks print it again) and fails the build when a budget
 * is exceeded or a page would load a forbidden module (chart libraries on public pages, admin code).
 */
import { relative, sep } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

export interface PageWeightBudgets {
  /** Budget of every page's initial JavaScript, gzip bytes. */
  maxPageJs: number;
  /** Budget of every page's initial CSS, gzip bytes. */
  maxPageCss?: number;
  /** Tighter JavaScript budgets for some pages, by URL pattern (for example `{ '/': 200 * 1024 }`). */
  pageJs?: Record<string, number>;
  /** Pages that must not load the `forbidden` modules (URL patterns; every page when unset). */
  publicPages?: (page: string) => boolean;
  /** Module ids (absolute paths) that public pages must not load, for example chart libraries. */
  forbidden?: RegExp[];
}

export interface PageWeightOptions {
  /** The app's name in the report. */
  app: string;
  /** The app's `src/routes` folder. */
  routesDir: string;
  budgets: PageWeightBudgets;
}

export interface PageWeightEntry {
  page: string;
  routeFiles: string[];
  jsFiles: string[];
  cssFiles: string[];
  jsGzip: number;
  cssGzip: number;
  jsBudget: number;
  cssBudget: number | undefined;
  forbiddenModules: string[];
  ok: boolean;
}

export interface PageWeightReport {
  app: string;
  pages: PageWeightEntry[];
  failures: string[];
}

/** Where the report is written, relative to the build's output folder (not served: a dot folder). */
export const PAGE_WEIGHT_REPORT = '.vite/page-weight.json';

interface ChunkInfo {
  fileName: string;
  imports: string[];
  moduleIds: string[];
  css: string[];
  routeFile: string | undefined;
  isEntry: boolean;
  gzip: number;
}

const KB = 1024;

export function formatKb(bytes: number): string {
  return `${(bytes / KB).toFixed(1)} KB`;
}

/** `about.tsx` → `about`, `dashboard/route.tsx` → `dashboard`, `marketplace.$id.tsx` → `marketplace/$id`. */
export function routeIdOf(file: string): string {
  const withoutExt = file
    .replace(/\.(tsx|ts|jsx|js)$/, '')
    .split(sep)
    .join('/');
  const parts = withoutExt.split('/').flatMap((p) => p.split('.'));
  if (parts[parts.length - 1] === 'route') parts.pop();
  return parts.join('/');
}

/** The URL a leaf route id answers: `_admin/users` → `/users`, `dashboard/index` → `/dashboard`. */
export function pageOf(routeId: string): string {
  const segments = routeId
    .split('/')
    .filter((s) => s !== 'index' && !s.startsWith('_') && !(s.startsWith('(') && s.endsWith(')')));
  return `/${segments.join('/')}`;
}

/** Every route file from the root to each leaf: layouts first, the page last. */
export function routeChains(routeFiles: string[]): Map<string, string[]> {
  const ids = new Map(routeFiles.filter((f) => !f.includes('__root')).map((f) => [routeIdOf(f), f]));
  const chains = new Map<string, string[]>();
  for (const [id, file] of ids) {
    const isParent = [...ids.keys()].some((other) => other !== id && other.startsWith(`${id}/`));
    if (isParent && !id.endsWith('/index') && id !== 'index') {
      // A layout with children is never shown alone unless it has no index child.
      if ([...ids.keys()].some((other) => other === `${id}/index`)) continue;
      if (id.startsWith('_') || id.split('/').pop()?.startsWith('_')) continue;
    }
    const parts = id.split('/');
    const chain: string[] = [];
    for (let i = 1; i < parts.length; i++) {
      const ancestor = ids.get(parts.slice(0, i).join('/'));
      if (ancestor) chain.push(ancestor);
    }
    chain.push(file);
    chains.set(pageOf(id), chain);
  }
  return new Map([...chains.entries()].sort(([a], [b]) => a.localeCompare(b)));
}

function gzipSize(source: string | Uint8Array): number {
  return gzipSync(source, { level: 9 }).length;
}

/** The Vite plugin; `apply: 'build'` so the dev server never runs it. */
export function pageWeight(options: PageWeightOptions): Plugin {
  let root = process.cwd();
  return {
    name: 'barterads-page-weight',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      root = config.root;
    },
    generateBundle(_output, bundle) {
      const chunks = new Map<string, ChunkInfo>();
      const cssSizes = new Map<string, number>();
      for (const item of Object.values(bundle)) {
        if (item.type === 'asset') {
          if (item.fileName.endsWith('.css')) cssSizes.set(item.fileName, gzipSize(item.source));
          continue;
        }
        const facade = item.facadeModuleId ?? '';
        const routeFile = facade.includes('tsr-split')
          ? relative(options.routesDir, facade.split('?')[0]!)
          : undefined;
        const meta = (item as { viteMetadata?: { importedCss?: Set<string> } }).viteMetadata;
        chunks.set(item.fileName, {
          fileName: item.fileName,
          imports: item.imports,
          moduleIds: item.moduleIds,
          css: [...(meta?.importedCss ?? [])],
          routeFile,
          isEntry: item.isEntry,
          gzip: gzipSize(item.code),
        });
      }

      const closure = (start: string[]): Set<string> => {
        const seen = new Set<string>();
        const stack = [...start];
        while (stack.length > 0) {
          const file = stack.pop()!;
          if (seen.has(file)) continue;
          seen.add(file);
          for (const imported of chunks.get(file)?.imports ?? []) stack.push(imported);
        }
        return seen;
      };

      const entries = [...chunks.values()].filter((c) => c.isEntry).map((c) => c.fileName);
      const routeFiles = new Set<string>();
      for (const c of chunks.values()) if (c.routeFile) routeFiles.add(c.routeFile);
      // Route files whose whole code stayed in the entry (nothing to split) still count as pages.
      for (const c of chunks.values())
        for (const id of c.moduleIds) {
          const path = id.split('?')[0]!;
          if (path.startsWith(options.routesDir + sep)) routeFiles.add(relative(options.routesDir, path));
        }

      const { budgets } = options;
      const report: PageWeightReport = { app: options.app, pages: [], failures: [] };
      for (const [page, chain] of routeChains([...routeFiles])) {
        const lazy = [...chunks.values()]
          .filter((c) => c.routeFile && chain.includes(c.routeFile))
          .map((c) => c.fileName);
        const files = closure([...entries, ...lazy]);
        const jsFiles = [...files].sort();
        const cssFiles = [...new Set(jsFiles.flatMap((f) => chunks.get(f)?.css ?? []))].sort();
        const jsGzip = jsFiles.reduce((sum, f) => sum + (chunks.get(f)?.gzip ?? 0), 0);
        const cssGzip = cssFiles.reduce((sum, f) => sum + (cssSizes.get(f) ?? 0), 0);
        const jsBudget = budgets.pageJs?.[page] ?? budgets.maxPageJs;
        const mustBeClean = budgets.publicPages ? budgets.publicPages(page) : true;
        const forbiddenModules =
          mustBeClean && budgets.forbidden
            ? [
                ...new Set(
                  jsFiles.flatMap((f) =>
                    (chunks.get(f)?.moduleIds ?? []).filter((id) =>
                      budgets.forbidden!.some((re) => re.test(id)),
                    ),
                  ),
                ),
              ]
            : [];
        const entry: PageWeightEntry = {
          page,
          routeFiles: chain,
          jsFiles,
          cssFiles,
          jsGzip,
          cssGzip,
          jsBudget,
          cssBudget: budgets.maxPageCss,
          forbiddenModules,
          ok: true,
        };
        if (jsGzip > jsBudget)
          report.failures.push(`${page}: initial JS ${formatKb(jsGzip)} gzip > budget ${formatKb(jsBudget)}`);
        if (budgets.maxPageCss !== undefined && cssGzip > budgets.maxPageCss)
          report.failures.push(
            `${page}: initial CSS ${formatKb(cssGzip)} gzip > budget ${formatKb(budgets.maxPageCss)}`,
          );
        if (forbiddenModules.length > 0)
          report.failures.push(
            `${page}: public page loads forbidden modules: ${forbiddenModules
              .slice(0, 5)
              .map((id) => relative(root, id))
              .join(', ')}`,
          );
        entry.ok = !report.failures.some((f) => f.startsWith(`${page}:`));
        report.pages.push(entry);
      }

      console.log(`\nPage weight of ${options.app} (initial download per page, gzip):`);
      console.log(formatReport(report));
      this.emitFile({ type: 'asset', fileName: PAGE_WEIGHT_REPORT, source: JSON.stringify(report, null, 2) });
      if (report.pages.length === 0) this.error('page-weight: no routes found; is routesDir right?');
      if (report.failures.length > 0)
        this.error(`Page-weight budget exceeded:\n  ${report.failures.join('\n  ')}`);
    },
  };
}

/** A plain-text table of a report, one line per page with PASS or FAIL. */
export function formatReport(report: PageWeightReport): string {
  const width = Math.max(6, ...report.pages.map((p) => p.page.length));
  const lines = [
    `  ${'page'.padEnd(width)}  ${'JS gzip'.padStart(10)}  ${'budget'.padStart(10)}  ${'CSS gzip'.padStart(10)}  result`,
  ];
  for (const p of report.pages) {
    lines.push(
      `  ${p.page.padEnd(width)}  ${formatKb(p.jsGzip).padStart(10)}  ${formatKb(p.jsBudget).padStart(10)}  ${formatKb(
        p.cssGzip,
      ).padStart(10)}  ${p.ok ? 'PASS' : 'FAIL'}`,
    );
  }
  return lines.join('\n');
}
