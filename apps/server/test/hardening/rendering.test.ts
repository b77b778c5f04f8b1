import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = resolve(fileURLToPath(new URL('../../../..', import.meta.url)));

function sources(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...sources(path));
    else if (/\.(tsx?|jsx?)$/.test(name) && !name.endsWith('.gen.ts')) out.push(path);
  }
  return out;
}

/** Stored text reaches the screen only as text: React escapes it unless a component opts out. */
describe('stored text is rendered as text in the apps', () => {
  it('no app or shared UI source injects HTML or evaluates strings', () => {
    const files = ['apps/web/src', 'apps/admin/src', 'packages/ui/src'].flatMap((dir) =>
      sources(join(root, dir)),
    );
    expect(files.length).toBeGreaterThan(10);
    const offenders = files.flatMap((file) => {
      const text = readFileSync(file, 'utf8');
      return [
        /dangerouslySetInnerHTML/,
        /\.innerHTML\s*=/,
        /\.outerHTML\s*=/,
        /insertAdjacentHTML/,
        /\beval\(/,
        /new Function\(/,
      ]
        .filter((pattern) => pattern.test(text))
        .map((pattern) => `${file.slice(root.length + 1)}: ${pattern}`);
    });
    expect(offenders).toEqual([]);
  });
});
