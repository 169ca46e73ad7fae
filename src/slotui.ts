#!/usr/bin/env node
/**
 * The program's entry (ESM, kept small): runs the CLI's CommonJS parts with
 * V8's code cache (see startup/parts.ts), then writes the cache of the parts
 * that had none once the command has run.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { main as Main } from './cli/main.js';
import { cacheRootFrom, openCodeCache } from './startup/codeCache.js';
import { Parts } from './startup/parts.js';

const opened = openCodeCache(cacheRootFrom(process.env), SLOTUI_BUILD_ID);
if (opened.refused) process.stderr.write(`slotui: ${opened.refused}\n`);
const parts = new Parts(path.join(path.dirname(fileURLToPath(import.meta.url)), 'parts'), opened.cache);
const { main } = parts.load('main.js') as { main: typeof Main };

const code = await main({
  argv: process.argv.slice(2),
  env: process.env,
  stdin: process.stdin,
  stdout: process.stdout,
  stderr: process.stderr,
});
process.exitCode = code;
parts.saveCodeCache();
