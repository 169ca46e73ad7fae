/**
 * The unit tier draws nothing through Ink: Ink, React's renderer and yoga
 * cost each of the tier's workers about half a second to load, and what they
 * draw is the integration tier's (`*.int.test.ts(x)`: a frame through Ink,
 * beside the unit test that reads the same state from the view model). Read
 * from the files' static imports, followed through test/ and src/; a dynamic
 * import (the dashboard the CLI loads only when it runs) is not followed, as
 * it is not loaded until called.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, test } from 'vitest';

const root = resolve(import.meta.dirname, '../..');
const DRAWING = new Set(['ink', 'ink-testing-library']);
// Static imports and re-exports that load a module: `import … from 'x'`, `import 'x'`, `export … from 'x'`;
// not `import type` / `export type`, which TypeScript removes.
const STATIC_IMPORT = /^\s*(?:import|export)\s+(?!type\s)(?:[^'"]*?\sfrom\s+)?['"]([^'"]+)['"]/gm;

function testFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return testFiles(path);
    return /\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** The file a relative import names: `./x.js` is `./x.ts` or `./x.tsx` in the sources. */
function fileOf(from: string, specifier: string): string | undefined {
  const base = resolve(dirname(from), specifier);
  const stem = base.replace(/\.js$/, '');
  return [base, `${stem}.ts`, `${stem}.tsx`].find((path) => /\.(ts|tsx|mjs)$/.test(path) && existsSync(path));
}

/** What a file imports statically: the files of the repository and the packages. Read once a file. */
const importsOf = (() => {
  const read = new Map<string, { files: string[]; packages: string[] }>();
  return (path: string) => {
    let found = read.get(path);
    if (!found) {
      found = { files: [], packages: [] };
      for (const [, specifier] of readFileSync(path, 'utf8').matchAll(STATIC_IMPORT)) {
        if (!specifier) continue;
        if (!specifier.startsWith('.')) found.packages.push(specifier);
        else {
          const next = fileOf(path, specifier);
          if (next) found.files.push(next);
        }
      }
      read.set(path, found);
    }
    return found;
  };
})();

/** The packages a file loads through its static imports, with the chain of files that leads to each. */
function packagesLoaded(file: string): Map<string, string[]> {
  const packages = new Map<string, string[]>();
  const seen = new Set<string>([file]);
  const queue: { path: string; chain: string[] }[] = [{ path: file, chain: [relative(root, file)] }];
  for (let next = queue.shift(); next; next = queue.shift()) {
    const { files, packages: names } = importsOf(next.path);
    for (const name of names) if (!packages.has(name)) packages.set(name, next.chain);
    for (const path of files)
      if (!seen.has(path)) {
        seen.add(path);
        queue.push({ path, chain: [...next.chain, relative(root, path)] });
      }
  }
  return packages;
}

const all = testFiles(join(root, 'test'));
const unit = all.filter((path) => !/\.(int|e2e)\.test\.tsx?$/.test(path));

describe('the unit tier loads no renderer', () => {
  test('no unit test file imports Ink, directly or through a helper or a source file', () => {
    const drawing = unit.flatMap((file) =>
      [...packagesLoaded(file)]
        .filter(([name]) => DRAWING.has(name))
        .map(([name, chain]) => `${chain.join(' → ')} → ${name}`),
    );
    expect(drawing).toEqual([]);
  });

  test('the scan sees Ink where it is: through the frame helper, a screen component and ink-testing-library', () => {
    const reaches = (path: string) => [...packagesLoaded(join(root, path)).keys()].filter((name) => DRAWING.has(name));
    expect(reaches('test/tui/whole-list-faults.int.test.ts')).toEqual(['ink']);
    expect(reaches('test/tui/forms/formScreen.int.test.tsx').sort()).toEqual(['ink', 'ink-testing-library']);
    expect(unit.length).toBeGreaterThan(100);
  });
});
