/**
 * A self-signed certificate for 127.0.0.1 / localhost, made at start, so the
 * sandbox speaks real TLS and clients verify it against this certificate as
 * their CA (verification is never turned off).
 */
import selfsigned from 'selfsigned';

export interface TlsMaterial {
  key: string;
  cert: string;
}

export async function createTlsMaterial(hosts: readonly string[] = ['127.0.0.1', 'localhost']): Promise<TlsMaterial> {
  const altNames = hosts.map((h) =>
    /^[\d.]+$|:/.test(h) ? { type: 7 as const, ip: h } : { type: 2 as const, value: h },
  );
  const now = Date.now();
  const pems = await selfsigned.generate([{ name: 'commonName', value: 'slotui sandbox' }], {
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
