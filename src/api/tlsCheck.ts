/**
 * Whether the service's certificate is trusted, before any token exists: one
 * TLS handshake with the base URL's origin and nothing sent over it. The
 * token setup asks this as soon as the base URL is entered, so a private
 * certificate authority is asked for before the user fetches and pastes a
 * token. A failure is the SlotuiError a request to the service would meet
 * (failures.ts), so the advice is the same.
 */
import { connect } from 'node:tls';
import { isIP } from 'node:net';
import { extraCertificates } from './ca.js';
import { trustContext } from './trust.js';
import { transportFailure } from './failures.js';
import { WIRE_REGISTRY } from './resources.js';

export interface TlsCheckOptions {
  /** A PEM text of extra certificate authorities (a CA file's), trusted beside the system's. */
  ca?: string;
  /** How long the connection and the handshake may take (default 5 s). */
  timeoutMs?: number;
}

const DEFAULT_TIMEOUT_MS = 5_000;

export async function checkTls(baseUrl: string, options: TlsCheckOptions = {}): Promise<void> {
  const url = new URL(baseUrl);
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const extra = extraCertificates(options.ca, 'The CA file');
  const context = trustContext(extra);
  const host = url.hostname.replace(/^\[|\]$/g, '');
  return new Promise<void>((resolve, reject) => {
    const socket = connect({
      host,
      port: Number(url.port || 443),
      // SNI takes names only; a certificate for an address is checked against the address all the same.
      ...(isIP(host) ? {} : { servername: host }),
      ...(context ? { secureContext: context } : {}),
      rejectUnauthorized: true,
      ALPNProtocols: ['http/1.1'],
    });
    const fail = (error: unknown) => {
      clearTimeout(timer);
      socket.destroy();
      const def = WIRE_REGISTRY.defs[0]!;
      reject(
        transportFailure(error, 'request', {
          method: 'GET',
          url,
          target: { resource: def.name, def, action: 'probe' },
          timeouts: { connectMs: timeoutMs, headersMs: timeoutMs, bodyMs: timeoutMs, totalMs: timeoutMs },
          extraCa: Boolean(extra),
        }).error,
      );
    };
    const timer = setTimeout(
      () => fail(Object.assign(new Error('connect timeout'), { code: 'UND_ERR_CONNECT_TIMEOUT' })),
      timeoutMs,
    );
    timer.unref();
    socket.once('secureConnect', () => {
      clearTimeout(timer);
      socket.end();
      socket.destroy();
      resolve();
    });
    socket.once('error', fail);
  });
}
