/**
 * The HTTP client as the build ships it (dist/parts: undici bundled with the
 * substitutions of scripts/build-parts.mjs), in a process of its own against
 * the sandbox over TLS: its part loads without node:http, node:http2 or
 * node:assert, and a request through it is answered (node:http2 still never
 * loaded: slotui speaks HTTP/1.1 only; node:assert only if one of undici's
 * checks fails).
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startSandbox } from '../../src/sandbox/server.js';
import type { SandboxHandle } from '../../src/sandbox/types.js';
import { ensureBuilt, NODE, ROOT } from '../e2e/pty.js';

let sandbox: SandboxHandle;

beforeAll(async () => {
  ensureBuilt();
  sandbox = await startSandbox({});
}, 180_000);
afterAll(async () => {
  await sandbox?.close();
});

/** Loads the parts as the entry does (CommonJS run through vm), then sends one GET with the transport's part. */
const CHILD = `
const fs = require('node:fs'), path = require('node:path'), vm = require('node:vm');
const [dir, part, baseUrl, token, caFile] = process.argv.slice(1);
const modules = new Map();
function load(name) {
  if (modules.has(name)) return modules.get(name).exports;
  const module = { exports: {} };
  modules.set(name, module);
  const file = path.join(dir, name);
  const source = fs.readFileSync(file, 'utf8');
  const run = vm.runInThisContext('(function (exports, require, module, __filename, __dirname) {' + source + '\\n})', { filename: file });
  run.call(module.exports, module.exports, (n) => (n.startsWith('./') ? load(n.slice(2)) : require(n)), module, file, dir);
  return module.exports;
}
const http = () => process.moduleLoadList.filter((m) => ['NativeModule http', 'NativeModule http2', 'NativeModule assert'].includes(m));
const { createTransport } = load(part);
const atLoad = http();
const transport = createTransport({
  base: new URL(baseUrl + '/'),
  token,
  readOnly: false,
  ca: [fs.readFileSync(caFile, 'utf8')],
  timeouts: { connectMs: 5000, headersMs: 5000, bodyMs: 5000, totalMs: 10000 },
  retry: { tries: 1, baseDelayMs: 0, maxDelayMs: 0 },
  sleep: async () => undefined,
  userAgent: 'slotui-test',
});
transport
  .send({ method: 'GET', url: new URL(baseUrl + '/v1/slis/?limit=2&offset=0'), target: { resource: 'slis', action: 'list' } })
  .then(async (answer) => {
    await transport.close();
    console.log(JSON.stringify({ atLoad, afterRequest: http(), status: answer.status, results: answer.json.results.length }));
  });
`;

test('the bundled client loads without node:http, node:http2 or node:assert and answers over TLS', async () => {
  const dir = join(ROOT, 'dist', 'parts');
  const part = readdirSync(dir).find((name) => /^http-[A-Z0-9]+\.js$/.test(name));
  expect(part).toBeDefined();
  // Not spawnSync: the sandbox answers from this process.
  const run = await promisify(execFile)(
    NODE,
    ['-e', CHILD, dir, part!, sandbox.baseUrl, sandbox.token, sandbox.caFile],
    {
      encoding: 'utf8',
      timeout: 30_000,
    },
  );
  expect(run.stderr).toBe('');
  expect(JSON.parse(run.stdout)).toEqual({
    atLoad: [],
    // The largest header size Node allows is given to undici (src/api/headerLimit.ts): node:http never loads.
    afterRequest: [],
    status: 200,
    results: 2,
  });
});

test("the bundled client holds undici's llhttp parser alone, not its experimental second parser", () => {
  const dir = join(ROOT, 'dist', 'parts');
  const part = readdirSync(dir).find((name) => /^http-[A-Z0-9]+\.js$/.test(name));
  const source = readFileSync(join(dir, part!), 'utf8');
  // llhttp parses every answer (test above); Milo's parser and its WebAssembly are left out (scripts/build-parts.mjs).
  expect(source).toContain('llhttp_execute');
  expect(source).not.toContain('setShouldAutodetect');
  expect(source.length).toBeLessThan(400_000);
});
