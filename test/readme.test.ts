import { readFile } from 'node:fs/promises';
import { expect, test } from 'vitest';
import { keyTableMarkdown } from '../src/tui/keys.js';

test('the README key table is the keymap (run `node scripts/readme-keys.mjs` after changing keys)', async () => {
  const readme = await readFile(new URL('../README.md', import.meta.url), 'utf8');
  const section = /<!-- keys:start -->\n([\s\S]*?)<!-- keys:end -->/.exec(readme)?.[1];
  expect(section?.trim()).toBe(keyTableMarkdown().trim());
});
