// Bundles the CLI into dist/: one entry file plus lazily loaded chunks
// (the dashboard and the sandbox), so `slotui list` never loads React.
import { build } from 'esbuild';
import { rm, chmod, readFile } from 'node:fs/promises';

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
      const source = await readFile(args.path, 'utf8');
      const pattern = /return (\w+)\|\|"function"!=typeof fetch\?Promise\.resolve\(\)/;
      if (!pattern.test(source)) {
        return { contents: source, loader: 'js', warnings: [{ text: 'yoga-layout\'s wasm loader changed: it may load the WebAssembly through fetch() (slower start).' }] };
      }
      return { contents: source.replace(pattern, 'return true?Promise.resolve()'), loader: 'js' };
    });
  },
};

await rm('dist', { recursive: true, force: true });
await build({
  entryPoints: { slotui: 'src/slotui.ts' },
  outdir: 'dist',
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node22',
  minify: true,
  sourcemap: 'linked',
  legalComments: 'none',
  chunkNames: 'chunks/[name]-[hash]',
  // Ink only loads react-devtools-core when DEV=true; it is not a dependency.
  external: ['react-devtools-core'],
  define: { 'process.env.NODE_ENV': '"production"' },
  banner: {
    // Some bundled dependencies are CommonJS and call require().
    js: "import { createRequire as __slotuiCreateRequire } from 'node:module'; const require = __slotuiCreateRequire(import.meta.url);",
  },
  plugins: [yogaDecodesWithoutFetch],
  logLevel: 'warning',
});
await chmod('dist/slotui.js', 0o755);
