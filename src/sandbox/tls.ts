/**
 * A self-signed certificate for 127.0.0.1 / localhost, made at start, so the
 * sandbox speaks real TLS and clients verify it against this certificate as
 * their CA (verification is never turned off).
 */
import { createRequire } from 'node:module';
import type * as Selfsigned from 'selfsigned';

export interface TlsMaterial {
  key: string;
  cert: string;
}

export async function createTlsMaterial(hosts: readonly string[] = ['127.0.0.1', 'localhost']): Promise<TlsMaterial> {
  const altNames = hosts.map((h) =>
    /^[\d.]+$|:/.test(h) ? { type: 7 as const, ip: h } : { type: 2 as const, value: h },
  );
  const now = Date.now();
  const pems = await loadSelfsigned().generate([{ name: 'commonName', value: 'slotui sandbox' }], {
    keyType: 'ec',
    curve: 'P-256',
    notBeforeDate: new Date(now - 60_000),
    notAfterDate: new Date(now + 30 * 24 * 3600_000),
    extensions: [
      { name: 'basicConstraints', cA: true },
      { name: 'keyUsage', digitalSignature: true, keyCertSign: true },
      { name: 'extKeyUsage', serverAuth: true },
      { name: 'subjectAltName', altNames },
    ],
  });
  return { key: pems.private, cert: pems.cert };
}

/**
 * selfsigned (and its certificate libraries, about 0.3 s to load), loaded when a certificate is
 * made: code that imports the sandbox without starting it over TLS (tests over the fake API) never
 * loads it. The build makes a package that src require()s a part of its own.
 */
function loadSelfsigned(): typeof Selfsigned {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  if (typeof require === 'function') return require('selfsigned') as typeof Selfsigned;
  return createRequire(import.meta.url)('selfsigned') as typeof Selfsigned;
}
