/**
 * The reference of the sandbox's speed: a bare node:https server that answers
 * every request with the same JSON (a list page the sandbox served), with the
 * same kind of certificate and nothing else (no routing, token, store or
 * serialising). Prints {"ready":true,"baseUrl":..,"caFile":..} on stdout; exits
 * when stdin closes. Reads the body from the file named by its first argument.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTlsMaterial } from '../../src/sandbox/tls.js';

const body = readFileSync(process.argv[2] ?? '', 'utf8');
const tls = await createTlsMaterial(['127.0.0.1', 'localhost']);
const caFile = join(tmpdir(), `slotui-bench-bare-${process.pid}.pem`);
writeFileSync(caFile, tls.cert);
const server = createServer({ key: tls.key, cert: tls.cert }, (req, res) => {
  req.resume();
  res.writeHead(200, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(body),
  });
  res.end(body);
});
server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  process.stdout.write(`${JSON.stringify({ ready: true, baseUrl: `https://127.0.0.1:${port}`, caFile })}\n`);
});
process.stdin.resume();
process.stdin.on('end', () => {
  server.closeAllConnections();
  server.close(() => process.exit(0));
});
