/**
 * The pictures of docs/pictures/ are rendered from the real program (npm run
 * pictures); each carries the hash of what it was made from. A change to the
 * dashboard, the text layer, the SLO math, the demo's data or the script
 * makes them stale: this fails until they are rendered again, so they never
 * show a dashboard that is no longer there.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from 'vitest';
import { inputsHash, PICTURES } from '../scripts/pictures/inputs.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));

test.each(PICTURES.map((p) => [p.name]))('docs/pictures/%s.svg is current (else: npm run pictures)', async (name) => {
  const svg = await readFile(join(root, 'docs', 'pictures', `${name}.svg`), 'utf8');
  expect(svg.split('\n')[0]).toBe(`<!-- slotui-inputs: ${inputsHash(root)} -->`);
  expect(svg).toContain('<svg xmlns="http://www.w3.org/2000/svg"');
});

test('the README shows the dashboard', async () => {
  const readme = await readFile(join(root, 'README.md'), 'utf8');
  expect(readme).toContain('](docs/pictures/dashboard.svg)');
});
