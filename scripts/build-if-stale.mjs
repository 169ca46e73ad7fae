// `npm start`: builds dist/ only when a source is newer than it (scripts/freshness.mjs).
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { staleReason } from './freshness.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
if (staleReason(root) !== undefined) await import('./build.mjs');
