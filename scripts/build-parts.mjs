// What makes a bundle of slotui's code runnable as CommonJS parts (see
// scripts/build.mjs): esbuild plugins and options shared by the build and by
// the bench's floors, and the step that turns an ES module chunk into a part.
import { transform } from 'esbuild';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';

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
        return {
          contents: code,
          loader: 'js',
          warnings: [
            { text: "yoga-layout's wasm loader changed: it may load the WebAssembly through fetch() (slower start)." },
          ],
        };
      }
      return { contents: code.replace(pattern, 'return true?Promise.resolve()'), loader: 'js' };
    });
  },
};

/**
 * yoga-layout waits for its WebAssembly with a top-level await, which
 * CommonJS cannot have: its module exports the engine's object at once, with
 * its enums, and fills in the rest when the WebAssembly is ready; src/tui/layoutEngine.ts (awaited
 * before the dashboard's first render) becomes that promise.
 */
const yogaWithoutTopLevelAwait = (root) => ({
  name: 'yoga-without-top-level-await',
  setup(build) {
    build.onLoad({ filter: /yoga-layout[\\/]dist[\\/]src[\\/]index\.js$/ }, async (args) => {
      const code = await readFile(args.path, 'utf8');
      const awaited = 'const Yoga = wrapAssembly(await loadYoga());';
      if (!code.includes(awaited)) {
        return {
          errors: [
            {
              text: "yoga-layout's entry changed: its top-level await must be replaced for the CommonJS bundle (scripts/build.mjs).",
            },
          ],
        };
      }
      // The enums need no WebAssembly and libraries read them as they load
      // (Ink's styles map 'row' to Yoga.FLEX_DIRECTION_ROW at import): they
      // are there at once; only Node and Config wait for the engine.
      const filled =
        "import yogaEnums from './generated/YGEnums.js';\nconst Yoga = { ...yogaEnums };\nexport const yogaReady = loadYoga().then((engine) => { Object.assign(Yoga, wrapAssembly(engine)); });";
      return { contents: code.replace(awaited, filled), loader: 'js' };
    });
    build.onLoad({ filter: /src[\\/]tui[\\/]layoutEngine\.ts$/ }, () => ({
      contents: "export { yogaReady as layoutEngineReady } from 'yoga-layout';",
      loader: 'ts',
      resolveDir: join(root, 'src', 'tui'),
    }));
  },
});

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

/**
 * undici loads node:http (about 4-13 ms) and node:http2 (about 2-6 ms) as it
 * loads, though slotui speaks HTTP/1.1 only (allowH2: false, src/api/http.ts):
 * its utilities take IncomingMessage from node:http to recognise one being
 * destroyed, the client reads node:http's maxHeaderSize to make a default, and
 * the HTTP/2 code reads node:http2's constants at the top. Here each is taken
 * when used: IncomingMessage only for a stream whose class has that name (none
 * can exist unless node:http is loaded), maxHeaderSize when a client is made
 * (the same value: node:http reads it from Node's options), and the HTTP/2
 * code when a connection negotiates HTTP/2. If undici's code no longer has a
 * pattern, the build warns and bundles that file as it is (a slower start).
 */
const UNDICI_AT_USE = [
  {
    file: /undici[\\/]lib[\\/]core[\\/]util\.js$/,
    replace: [
      ["const { IncomingMessage } = require('node:http')\n", ''],
      [
        'Object.getPrototypeOf(stream).constructor === IncomingMessage',
        "Object.getPrototypeOf(stream).constructor?.name === 'IncomingMessage' && Object.getPrototypeOf(stream).constructor === require('node:http').IncomingMessage",
      ],
    ],
  },
  {
    file: /undici[\\/]lib[\\/]dispatcher[\\/]client\.js$/,
    replace: [
      ["const http = require('node:http')\n", ''],
      [
        "const connectH2 = require('./client-h2.js')",
        "const connectH2 = (...args) => require('./client-h2.js')(...args)",
      ],
      [
        `const getDefaultNodeMaxHeaderSize = http &&
  http.maxHeaderSize &&
  Number.isInteger(http.maxHeaderSize) &&
  http.maxHeaderSize > 0
  ? () => http.maxHeaderSize
  : () => { throw new InvalidArgumentError('http module not available or http.maxHeaderSize invalid') }`,
        `const getDefaultNodeMaxHeaderSize = () => {
  const http = require('node:http')
  if (http && http.maxHeaderSize && Number.isInteger(http.maxHeaderSize) && http.maxHeaderSize > 0) return http.maxHeaderSize
  throw new InvalidArgumentError('http module not available or http.maxHeaderSize invalid')
}`,
      ],
    ],
  },
];

const undiciLoadsHttpOnUse = {
  name: 'undici-loads-http-on-use',
  setup(build) {
    for (const { file, replace } of UNDICI_AT_USE) {
      build.onLoad({ filter: file }, async (args) => {
        const code = await readFile(args.path, 'utf8');
        const missing = replace.filter(([from]) => !code.includes(from));
        if (missing.length > 0) {
          return {
            contents: code,
            loader: 'js',
            warnings: [
              {
                text: `undici's ${args.path} changed: it may load node:http or node:http2 as it loads (slower start).`,
              },
            ],
          };
        }
        return { contents: replace.reduce((text, [from, to]) => text.replace(from, to), code), loader: 'js' };
      });
    }
  },
};

/** Every library's string-width goes through the fast path of src/text/stringWidth.ts. */
const fastStringWidth = (root) => ({
  name: 'fast-string-width',
  setup(build) {
    const wrapper = join(root, 'src', 'text', 'stringWidth.ts');
    // The wrapper's own string-width, and the part that bundles it (loaded on first use), are the package.
    build.onResolve({ filter: /^string-width$/ }, (args) =>
      args.importer === wrapper || args.kind === 'entry-point' ? undefined : { path: wrapper },
    );
  },
});

/**
 * A package that slotui's code require()s (instead of importing it) is loaded
 * on first use, synchronously (conf, the config writer): it becomes a part of
 * its own, which the entry's loader serves. Collects the packages in
 * `required` (package name to part name); build.mjs bundles each.
 */
export function requiredOnUse(root, required) {
  const src = join(root, 'src');
  return {
    name: 'required-on-use',
    setup(build) {
      build.onResolve({ filter: /^[^./]/ }, (args) => {
        if (args.kind !== 'require-call' || !args.importer.startsWith(src) || args.path.startsWith('node:'))
          return undefined;
        const part = `required-${args.path.replace(/[^A-Za-z0-9]+/g, '-')}.js`;
        required.set(args.path, part);
        return { path: `./${part}`, external: true };
      });
    },
  };
}

/** The plugins of every part bundle; `root` is the repository. */
/**
 * undici's 34 modules each require node:assert for their checks of their own
 * state (assert(value) alone, never a method of it). Loading node:assert loads
 * its message diffing and comparisons with it (about 4 ms idle, more loaded),
 * on the path of every request-bearing start. Here undici's assert is a check
 * that loads node:assert only when one fails, and then throws what it throws.
 */
const undiciAssertOnFailure = {
  name: 'undici-assert-on-failure',
  setup(build) {
    build.onResolve({ filter: /^(node:)?assert$/ }, (args) =>
      /[\\/]undici[\\/]/.test(args.importer) ? { path: 'assert', namespace: 'undici-assert' } : undefined,
    );
    build.onLoad({ filter: /.*/, namespace: 'undici-assert' }, () => ({
      contents:
        "module.exports = function assert(value, message) { if (!value) require('node:assert')(value, message); };",
      loader: 'js',
    }));
  },
};

export function bundlePlugins(root) {
  return [
    yogaDecodesWithoutFetch,
    yogaWithoutTopLevelAwait(root),
    inkWithoutDevtools,
    fastStringWidth(root),
    undiciLoadsHttpOnUse,
    undiciAssertOnFailure,
  ];
}

/**
 * esbuild options of every part bundle: production React, Intl.Segmenter made on need
 * (src/text/segmenter.ts), and undici as bundled builds of it are (Node's own): `esbuildDetection`
 * defined leaves out its experimental second HTTP/1 parser (Milo, off unless UNDICI_USE_MILO is set;
 * its two WebAssembly modules are 115 KB of the HTTP part's 476 KB of source, read and held at every
 * start that sends a request). llhttp, undici's parser by default, parses every answer either way.
 */
export function partDefines(root) {
  return {
    // Never loaded (see inkWithoutDevtools); not a dependency.
    external: ['react-devtools-core'],
    define: { 'process.env.NODE_ENV': '"production"', 'Intl.Segmenter': 'LazySegmenter', esbuildDetection: 'true' },
    inject: [join(root, 'src', 'text', 'segmenter.ts')],
  };
}

/** An ES module chunk turned into a CommonJS part: import() becomes require(), served by the entry's loader. */
export async function toPart(code) {
  // A part's import.meta.url is its file's URL, as it was in the ES module chunk.
  const usesImportMeta = code.includes('import.meta');
  const result = await transform(code, {
    format: 'cjs',
    platform: 'node',
    target: 'node22',
    supported: { 'dynamic-import': false },
    minify: true,
    legalComments: 'none',
    logLevel: 'warning',
    ...(usesImportMeta && {
      banner: 'var __slotuiImportMetaUrl=require("node:url").pathToFileURL(__filename).href;',
      define: { 'import.meta.url': '__slotuiImportMetaUrl' },
    }),
  });
  return result.code;
}
