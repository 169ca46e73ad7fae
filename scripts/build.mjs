// Builds dist/: a small CommonJS entry (dist/slotui.js) and the program's parts
// (dist/parts/), CommonJS files that the entry runs through vm.Script with
// V8's code cache (src/startup/parts.ts). Every dynamic import() in src
// becomes a part of its own, loaded when it runs, so `slotui list` never
// loads React and a new lazily loaded command needs no change here.
//
// Two steps: esbuild splits the program into ES module chunks (shared code
// once), then each chunk is turned into CommonJS: import() becomes a require()
// of the part, which the entry's loader resolves.
import { build } from 'esbuild';
import { bundlePlugins, partDefines, requiredOnUse, toPart } from './build-parts.mjs';
import { createHash } from 'node:crypto';
import { chmod, mkdir, rm, writeFile } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

await rm(join(root, 'dist'), { recursive: true, force: true });
const required = new Map();

const split = await build({
  absWorkingDir: root,
  entryPoints: { main: 'src/cli/main.ts' },
  outdir: 'dist/parts',
  write: false,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node22',
  minify: true,
  legalComments: 'none',
  entryNames: '[name]',
  chunkNames: '[name]-[hash]',
  ...partDefines(root),
  plugins: [requiredOnUse(root, required), ...bundlePlugins(root)],
  logLevel: 'warning',
});

const parts = [];
for (const file of split.outputFiles.filter((f) => f.path.endsWith('.js'))) {
  parts.push({ path: file.path, code: await toPart(file.text) });
}
// Each package required on use, bundled alone as CommonJS (it shares nothing
// with the rest): require() gives what the package's own require() gives.
for (const [name, part] of required) {
  const bundled = await build({
    absWorkingDir: root,
    entryPoints: [name],
    write: false,
    bundle: true,
    format: 'cjs',
    platform: 'node',
    target: 'node22',
    minify: true,
    legalComments: 'none',
    ...partDefines(root),
    banner: { js: 'var __slotuiImportMetaUrl=require("node:url").pathToFileURL(__filename).href;' },
    define: { ...partDefines(root).define, 'import.meta.url': '__slotuiImportMetaUrl' },
    plugins: bundlePlugins(root),
    logLevel: 'warning',
  });
  parts.push({ path: join(root, 'dist', 'parts', part), code: await toPart(bundled.outputFiles[0].text) });
}
await mkdir(join(root, 'dist', 'parts'), { recursive: true });
const hash = createHash('sha256');
for (const part of parts.sort((a, b) => a.path.localeCompare(b.path))) {
  hash.update(basename(part.path)).update('\0').update(part.code).update('\0');
  await writeFile(part.path, part.code);
}

// The entry is CommonJS (Node's ES module loader costs every start about 10 ms): dist/ says so
// to Node, as the repository's package.json says "module".
await writeFile(join(root, 'dist', 'package.json'), `${JSON.stringify({ type: 'commonjs' })}\n`);
await build({
  absWorkingDir: root,
  entryPoints: { slotui: 'src/slotui.ts' },
  outdir: 'dist',
  bundle: true,
  format: 'cjs',
  banner: { js: '"use strict";var __slotuiImportMetaUrl=require("node:url").pathToFileURL(__filename).href;' },
  platform: 'node',
  target: 'node22',
  minify: true,
  legalComments: 'none',
  packages: 'external',
  define: {
    SLOTUI_BUILD_ID: JSON.stringify(hash.digest('hex').slice(0, 16)),
    'import.meta.url': '__slotuiImportMetaUrl',
  },
  logLevel: 'warning',
});
await chmod(join(root, 'dist', 'slotui.js'), 0o755);
