// The bench's own view of the sandbox: a keep-alive HTTPS client (node:https)
// to learn expected page contents and to time the server on a warm connection.
import { Buffer } from 'node:buffer';
import { URL } from 'node:url';
import { performance } from 'node:perf_hooks';
import { readFileSync } from 'node:fs';
import { Agent, request } from 'node:https';

export function createApi({ baseUrl, caFile, token }) {
  const agent = new Agent({ keepAlive: true, maxSockets: 1, ca: readFileSync(caFile, 'utf8') });

  /** GET a path under the base URL; resolves { status, body (text), ms } (ms: request start to last byte). */
  const get = (path, { timeoutMs = 10_000 } = {}) =>
    new Promise((resolve, reject) => {
      const started = performance.now();
      const req = request(new URL(path, baseUrl), { agent, headers: { authorization: `Bearer ${token}` } }, (res) => {
        const chunks = [];
        res.on('data', (chunk) => chunks.push(chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode,
            body: Buffer.concat(chunks).toString('utf8'),
            ms: performance.now() - started,
          }),
        );
        res.on('error', reject);
      });
      req.setTimeout(timeoutMs, () => req.destroy(new Error(`GET ${path} took longer than ${timeoutMs} ms.`)));
      req.on('error', reject);
      req.end();
    });

  const getJson = async (path) => {
    const res = await get(path);
    if (res.status !== 200) throw new Error(`GET ${path} answered ${res.status}.`);
    return JSON.parse(res.body);
  };

  return {
    get,
    getJson,
    /** The list URL path of SLIs for a limit and offset, as the sandbox builds its links. */
    slisPath: (limit, offset) => `/v1/slis/?limit=${limit}&offset=${offset}`,
    /** The name of the SLI (or of another resource's record) at `offset` (creation order). */
    nameAt: async (offset, resource = 'slis') =>
      (await getJson(`/v1/${resource}/?limit=1&offset=${offset}`)).results[0]?.name,
    close: () => agent.destroy(),
  };
}
