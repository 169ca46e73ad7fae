// Builds dist/: a small ESM entry (dist/slotui.js) and the program's parts
// (dist/parts/), CommonJS files that the entry runs through vm.Script with
// V8's code cache (src/startup/parts.ts). Every dynamic import() in src
// becomes a part of its own, loaded when it runs, so `slotui list` never
// loads React and a new lazily loaded command needs no change here.
//
// Two steps: esbuild splits the program into ES module chunks (shared code
// once), then each chunk is turned into CommonJS: import() becomes a require()
// of the part, which the entry's loader resolves.
import { build, transform } from 'esbuild';
import { createHash } from 'node:crypto';
import { chmod, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const source = (file) => join(root, 'src', file);

/**
 * Ink's layout engine (yoga) ships its WebAssembly as base64 and decodes it
 * through fetch() when fetch exists, which makes Node load its own bundled
 * undici (~13 ms at every dashboard start) to read a data: URL. Its loader has
 * a plain decoding path for environments without fetch; this makes it take
 * that path. If a new yoga no longer has the pattern, the build warns and
 * bundles the file as it is.
 */
const yogaDecodesWithoutFetch = {
  name: 'yoga-decodes-without-fetch',
  setup(build) {
    build.onLoad({ filter: /yoga-layout[\\/]dist[\\/]binaries[\\/]yoga-wasm-base64-esm\.js$/ }, async (args) => {
      const code = await readFile(args.path, 'utf8');
      const pattern = /return (\w+)\|\|"function"!=typeof fetch\?Promise\.resolve\(\)/;
      if (!pattern.test(code)) {
        return { contents: code, loader: 'js', warnings: [{ text: 'yoga-layout\'s wasm loader changed: it may load the WebAssembly through fetch() (slower start).' }] };
      }
      return { contents: code.replace(pattern, 'return true?Promise.resolve()'), loader: 'js' };
    });
  },
};

/**
 * yoga-layout waits for its WebAssembly with a top-level await, which
 * CommonJS cannot have: its module exports the engine's object at once and
 * fills it when the WebAssembly is ready; src/tui/layoutEngine.ts (awaited
 * before the dashboard's first render) becomes that promise.
 */
const yogaWithoutTopLevelAwait = {
  name: 'yoga-without-top-level-await',
  setup(build) {
    build.onLoad({ filter: /yoga-layout[\\/]dist[\\/]src[\\/]index\.js$/ }, async (args) => {
      const code = await readFile(args.path, 'utf8');
      const awaited = 'const Yoga = wrapAssembly(await loadYoga());';
      if (!code.includes(awaited)) {
        return { errors: [{ text: 'yoga-layout\'s entry changed: its top-level await must be replaced for the CommonJS bundle (scripts/build.mjs).' }] };
      }
      const filled = 'const Yoga = {};\nexport const yogaReady = loadYoga().then((engine) => { Object.assign(Yoga, wrapAssembly(engine)); });';
      return { contents: code.replace(awaited, filled), loader: 'js' };
    });
    build.onLoad({ filter: /src[\\/]tui[\\/]layoutEngine\.ts$/ }, () => ({
      contents: "export { yogaReady as layoutEngineReady } from 'yoga-layout';",
      loader: 'ts',
      resolveDir: source('tui'),
    }));
  },
};

/**
 * Ink connects to React's devtools when DEV=true, through top-level awaits
 * (CommonJS has none); react-devtools-core is not a dependency, so the bundle
 * leaves that out: the reconciler's DEV tests become false and the devtools
 * module is empty.
 */
const inkWithoutDevtools = {
  name: 'ink-without-devtools',
  setup(build) {
    build.onLoad({ filter: /[\\/]ink[\\/]build[\\/]devtools\.js$/ }, () => ({ contents: '', loader: 'js' }));
    build.onLoad({ filter: /[\\/]ink[\\/]build[\\/]reconciler\.js$/ }, async (args) => {
      const code = await readFile(args.path, 'utf8');
      return { contents: code.replaceAll("process.env['DEV'] === 'true'", 'false'), loader: 'js' };
    });
  },
};

/** Every library's string-width goes through the fast path of src/text/stringWidth.ts. */
const fastStringWidth = {
  name: 'fast-string-width',
  setup(build) {
    const wrapper = source('text/stringWidth.ts');
    build.onResolve({ filter: /^string-width$/ }, (args) => (args.importer === wrapper ? undefined : { path: wrapper }));
  },
};

await rm(join(root, 'dist'), { recursive: true, force: true });

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
  external: ['react-devtools-core'],
  define: {
    'process.env.NODE_ENV': '"production"',
    'Intl.Segmenter': 'LazySegmenter',
  },
  inject: ['src/text/segmenter.ts'],
  plugins: [yogaDecodesWithoutFetch, yogaWithoutTopLevelAwait, inkWithoutDevtools, fastStringWidth],
  logLevel: 'warning',
});

const parts = [];
for (const file of split.outputFiles.filter((f) => f.path.endsWith('.js'))) {
  // A part's import.meta.url is its file's URL, as it was in the ES module chunk.
  const usesImportMeta = file.text.includes('import.meta');
  const { code } = await transform(file.text, {
    format: 'cjs',
    platform: 'node',
    target: 'node22',
    // import() of a part becomes require(), which the entry's loader serves.
    supported: { 'dynamic-import': false },
    minify: true,
    legalComments: 'none',
    logLevel: 'warning',
    ...(usesImportMeta && {
      banner: 'var __slotuiImportMetaUrl=require("node:url").pathToFileURL(__filename).href;',
      define: { 'import.meta.url': '__slotuiImportMetaUrl' },
    }),
  });
  parts.push({ path: file.path, code });
}
await mkdir(join(root, 'dist', 'parts'), { recursive: true });
const hash = createHash('sha256');
for (const part of parts.sort((a, b) => a.path.localeCompare(b.path))) {
  hash.update(basename(part.path)).update('\0').update(part.code).update('\0');
  await writeFile(part.path, part.code);
}

await build({
  absWorkingDir: root,
  entryPoints: { slotui: 'src/slotui.ts' },
  outdir: 'dist',
  bundle: true,
  format: 'esm',
  platform: 'node',
  target: 'node22',
  minify: true,
  legalComments: 'none',
  packages: 'external',
  define: { SLOTUI_BUILD_ID: JSON.stringify(hash.digest('hex').slice(0, 16)) },
  logLevel: 'warning',
});
await chmod(join(root, 'dist', 'slotui.js'), 0o755);
