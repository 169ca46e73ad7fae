// Floor of `slotui list`: one GET through the parts of undici slotui loads
// (a Pool and its request), verified TLS with the CA file, the body printed.
import { readFileSync } from 'node:fs';
import { URL } from 'node:url';
import Pool from 'undici/lib/dispatcher/pool.js';
import request from 'undici/lib/api/api-request.js';

export async function main(io) {
  const base = new URL(io.env.SLOTUI_BASE_URL);
  const pool = new Pool(base.origin, { connections: 1, connect: { ca: readFileSync(io.env.SLOTUI_CA_FILE) } });
  const { body } = await request.call(pool, {
    method: 'GET',
    path: '/v1/slis/?limit=25&offset=0',
    headers: { authorization: `Bearer ${io.env.SLOTUI_TOKEN}` },
  });
  io.stdout.write(await body.text());
  await pool.close();
  return 0;
}
