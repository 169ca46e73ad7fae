// Writes the dashboard's key table (from src/tui/help.ts, over the one keymap) into
// docs/keys.md between the keys markers. test/readme.test.ts fails when they drift.
import { build } from 'esbuild';
import { readFile, writeFile } from 'node:fs/promises';
import { Buffer } from 'node:buffer';

const out = await build({
  entryPoints: ['src/tui/help.ts'],
  bundle: true,
  format: 'esm',
  platform: 'node',
  write: false,
  logLevel: 'error',
});
const { keyTableMarkdown } = await import(
  `data:text/javascript;base64,${Buffer.from(out.outputFiles[0].text).toString('base64')}`
);
const readme = await readFile('docs/keys.md', 'utf8');
const next = readme.replace(/(<!-- keys:start -->\n)[\s\S]*?(<!-- keys:end -->)/, `$1${keyTableMarkdown()}\n$2`);
await writeFile('docs/keys.md', next);
