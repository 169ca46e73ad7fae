/**
 * The bench's sandbox: the embedded service in its own process, so its work
 * does not share an event loop with the measuring harness. It is bundled by
 * scripts/bench/sandbox.mjs (esbuild) because the handle's connection count
 * is only reachable in-process.
 *
 * Protocol, one JSON object a line on stdout:
 *   start  -> {"ready":true,"baseUrl":...,"caFile":...,"token":...}
 *   stdin "stats\n"    -> {"stats":{"connections":N,"requests":N}}
 *   stdin "requests\n" -> {"requests":["GET /v1/slis/?limit=..", ...]} (and clears the log)
 * Arguments: the number of generated SLIs (default 100,000), then of generated SLOs (default 0).
 *   stdin closed       -> the sandbox closes and the process exits.
 */
import { createInterface } from 'node:readline';
import { startSandbox } from '../../src/sandbox/server.js';

const seed = Number(process.argv[2] ?? '100000');
const seedSlos = Number(process.argv[3] ?? '0');
const sandbox = await startSandbox({ host: '127.0.0.1', port: 0, seed, seedSlos });
const reply = (value: unknown) => process.stdout.write(`${JSON.stringify(value)}\n`);

reply({ ready: true, baseUrl: sandbox.baseUrl, caFile: sandbox.caFile, token: sandbox.token });

const lines = createInterface({ input: process.stdin });
lines.on('line', (line) => {
  const command = line.trim();
  if (command === 'stats') reply({ stats: sandbox.stats() });
  else if (command === 'requests') {
    reply({ requests: sandbox.requests.map((r) => `${r.method} ${r.path}`) });
    sandbox.requests.length = 0;
  } else reply({ error: `unknown command ${command}` });
});
lines.on('close', () => {
  void sandbox.close().then(() => process.exit(0));
});
