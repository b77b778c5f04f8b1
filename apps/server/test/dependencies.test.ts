import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Dependency versions come from one pnpm catalog (`catalog:` in pnpm-workspace.yaml), and the server's bundle
 * finds at run time every npm package its workspace packages need (it bundles ours and keeps npm packages
 * external, so they must be its own dependencies too).
 */
const root = join(import.meta.dirname, '..', '..', '..');

interface Manifest {
  name: string;
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
}

function manifest(dir: string): Manifest {
  return JSON.parse(readFileSync(join(root, dir, 'package.json'), 'utf8')) as Manifest;
}

const packageDirs = [
  '.',
  ...['apps', 'packages'].flatMap((parent) =>
    readdirSync(join(root, parent), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => `${parent}/${entry.name}`),
  ),
].filter((dir) => {
  try {
    manifest(dir);
    return true;
  } catch {
    return false;
  }
});

/** The default catalog's entries, read from pnpm-workspace.yaml (one `name: range` per line under `catalog:`). */
function catalog(): Map<string, string> {
  const lines = readFileSync(join(root, 'pnpm-workspace.yaml'), 'utf8').split('\n');
  const start = lines.indexOf('catalog:');
  const entries = new Map<string, string>();
  for (const line of lines.slice(start + 1)) {
    if (!line.startsWith('  ')) break;
    const match = /^\s+["']?([^"':]+(?::[^"':]+)?)["']?:\s*["']?([^"']+)["']?\s*$/.exec(line);
    if (match?.[1] && match[2]) entries.set(match[1], match[2]);
  }
  return entries;
}

/** Dependencies written as something other than `catalog:` or a workspace link, as `package: name@spec`. */
function offCatalog(
  manifests: Array<{ dir: string; manifest: Manifest }>,
  known: Map<string, string>,
): string[] {
  return manifests.flatMap(({ dir, manifest }) =>
    (['dependencies', 'devDependencies', 'optionalDependencies'] as const).flatMap((field) =>
      Object.entries(manifest[field] ?? {}).flatMap(([name, spec]) =>
        spec.startsWith('workspace:') || (spec === 'catalog:' && known.has(name))
          ? []
          : [`${dir}: ${name}@${spec}`],
      ),
    ),
  );
}

describe('dependency versions', () => {
  const manifests = packageDirs.map((dir) => ({ dir, manifest: manifest(dir) }));
  const known = catalog();

  it('come from the one catalog', () => {
    expect(manifests.length).toBeGreaterThanOrEqual(11);
    expect(known.size).toBeGreaterThan(50);
    expect(known.get('typescript')).toMatch(/^\d/);
    expect(offCatalog(manifests, known)).toEqual([]);
  });

  it('catches a version written into a package.json (a planted one)', () => {
    const planted = [
      { dir: 'packages/x', manifest: { name: 'x', dependencies: { zod: '^4.0.0', 'left-pad': 'catalog:' } } },
    ];
    expect(offCatalog(planted, known)).toEqual(['packages/x: zod@^4.0.0', 'packages/x: left-pad@catalog:']);
  });

  it('the server lists every npm package its workspace packages need at run time', () => {
    const server = manifest('apps/server').dependencies ?? {};
    const missing = ['packages/api', 'packages/db', 'packages/core'].flatMap((dir) =>
      Object.entries(manifest(dir).dependencies ?? {})
        .filter(([name, spec]) => !spec.startsWith('workspace:') && !(name in server))
        .map(([name]) => `${dir}: ${name}`),
    );
    expect(missing).toEqual([]);
  });
});
