/**
 * The floor of `list --all` on this stack: Node and undici alone, one kept-alive
 * connection, the same pages curl fetches (limit 100, in order), each parsed
 * and its records printed as JSON, waiting for stdout to drain, nothing else:
 * no validation, no loop or origin checks, no asking ahead. Reads
 * SLOTUI_BASE_URL, SLOTUI_TOKEN, SLOTUI_CA_FILE and BENCH_TOTAL.
 */
import { readFileSync } from 'node:fs';
import { once } from 'node:events';
import { Pool } from 'undici';

const base = new URL(process.env.SLOTUI_BASE_URL ?? '');
const total = Number(process.env.BENCH_TOTAL ?? '0');
const pool = new Pool(base.origin, {
  connections: 1,
  connect: { ca: readFileSync(process.env.SLOTUI_CA_FILE ?? '', 'utf8') },
});
const headers = { authorization: `Bearer ${process.env.SLOTUI_TOKEN ?? ''}`, accept: 'application/json' };
let printed = 0;
for (let offset = 0; offset < total; offset += 100) {
  const response = await pool.request({ path: `/v1/slis/?limit=100&offset=${offset}`, method: 'GET', headers });
  const page = JSON.parse(await response.body.text()) as { results: unknown[] };
  printed += page.results.length;
  if (!process.stdout.write(`${JSON.stringify(page.results)}\n`)) await once(process.stdout, 'drain');
}
process.stderr.write(`${printed}\n`);
await pool.close();
