#!/usr/bin/env node
/**
 * The program's entry (kept small): runs the CLI's CommonJS parts with V8's
 * code cache (see startup/parts.ts), then writes the cache of the parts that
 * had none once the command has run. Built as CommonJS (scripts/build.mjs):
 * Node's ES module loader would cost every start about 10 ms more.
 */
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { main as Main } from './cli/main.js';
import { cacheRootFrom, openCodeCache } from './startup/codeCache.js';
import { Parts } from './startup/parts.js';
import { keepStreamHeapFlat } from './startup/heap.js';

/** How long a finished command may take to wind down before the process ends anyway. */
const EXIT_GRACE_MS = 200;

const opened = openCodeCache(cacheRootFrom(process.env), SLOTUI_BUILD_ID);
if (opened.refused) process.stderr.write(`slotui: ${opened.refused}\n`);
// A one-shot command's first word names its pack of parts (startup/parts.ts); the dashboard (no
// word, or options only) loads its parts on need and has none.
const word = process.argv[2];
const command = word !== undefined && /^[a-z][a-z-]{0,30}$/.test(word) && word !== 'dashboard' ? word : undefined;
const parts = new Parts(join(dirname(fileURLToPath(import.meta.url)), 'parts'), opened.cache, command);
const { main } = parts.load('main.js') as { main: typeof Main };

void main({
  argv: process.argv.slice(2),
  env: process.env,
  // Made when first read: process.stdin builds its stream (and loads fs streams and readline) at
  // the first touch, about 4 ms that a command reading no input (list, get) never needs.
  get stdin() {
    return process.stdin;
  },
  stdout: process.stdout,
  stderr: process.stderr,
  onWholeList: keepStreamHeapFlat,
  endsWithProcess: true,
}).then((code) => {
  process.exitCode = code;
  parts.saveCodeCache(code === 0);
  // The command is done and has said everything: whatever is still pending (a request the service
  // never answers, a socket not yet torn down) must not hold the process. The interface promises
  // that q, Ctrl+C and SIGTERM end the dashboard within a second.
  setTimeout(() => process.exit(code), EXIT_GRACE_MS).unref();
});
