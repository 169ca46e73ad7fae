import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from 'vitest';
import { keyTableMarkdown } from '../src/tui/help.js';

const root = fileURLToPath(new URL('..', import.meta.url));

test('the key table of docs/keys.md is the keymap (run `npm run readme:keys` after changing keys)', async () => {
  const page = await readFile(join(root, 'docs', 'keys.md'), 'utf8');
  const section = /<!-- keys:start -->\n([\s\S]*?)<!-- keys:end -->/.exec(page)?.[1];
  expect(section?.trim()).toBe(keyTableMarkdown().trim());
});

test('every link of the README and docs/ leads to a file of the repository', async () => {
  const pages = [
    'README.md',
    ...(await readdir(join(root, 'docs'))).filter((f) => f.endsWith('.md')).map((f) => `docs/${f}`),
  ];
  for (const page of pages) {
    const text = await readFile(join(root, page), 'utf8');
    for (const [, target = ''] of text.matchAll(/\]\(([^)#\s]+)(?:#[^)]*)?\)/g)) {
      if (/^[a-z]+:/.test(target)) continue;
      expect(existsSync(join(root, dirname(page), target)), `${page} links to ${target}`).toBe(true);
    }
  }
});

test('the README stays short enough to read in two minutes, and points into every page of docs/', async () => {
  const readme = await readFile(join(root, 'README.md'), 'utf8');
  // About 200 lines of prose and commands, and the table of the bench's headline figures.
  expect(readme.split('\n').length).toBeLessThan(220);
  for (const page of (await readdir(join(root, 'docs'))).filter((f) => f.endsWith('.md')))
    expect(readme, page).toContain(`](docs/${page})`);
});
