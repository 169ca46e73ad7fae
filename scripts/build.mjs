// Bundles the CLI into dist/: one entry file plus lazily loaded chunks
// (the dashboard and the sandbox), so `slotui list` never loads React.
import { build } from 'esbuild';
import { rm, chmod } from 'node:fs/promises';

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
  logLevel: 'warning',
});
await chmod('dist/slotui.js', 0o755);
