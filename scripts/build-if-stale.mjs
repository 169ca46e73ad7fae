// `npm start` and `npm test`: build dist/ only when a source is newer than it (scripts/freshness.mjs);
// after `npm ci` (whose prepare step builds) the tests run on that build.
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { staleReason } from './freshness.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
if (staleReason(root) !== undefined) await import('./build.mjs');
