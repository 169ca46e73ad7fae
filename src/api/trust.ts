/**
 * Extra certificate authorities are trusted beside the system ones. Node's
 * `ca` option replaces the default list, so the defaults are added back
 * explicitly. Apart from ca.ts so that node:tls loads with the HTTP stack,
 * not when a client is made.
 */
import { createSecureContext, getCACertificates, rootCertificates, type SecureContext } from 'node:tls';
import { extraCertificates } from './ca.js';

/** The default trust store: bundled roots plus NODE_EXTRA_CA_CERTS and, with --use-system-ca, the OS store. */
function defaultCertificates(): readonly string[] {
  // getCACertificates exists from Node 22.15; rootCertificates (bundled only) is the fallback.
  return typeof getCACertificates === 'function' ? getCACertificates('default') : rootCertificates;
}

/**
 * The `ca` list for TLS connections: undefined (system defaults) when no extra
 * CA is given, otherwise the defaults plus the extra certificates. Throws
 * 'config' for text that holds no valid certificate.
 */
export function trustedCertificates(
  extra: string | readonly string[] | undefined,
  source = 'The extra CA',
): string[] | undefined {
  const certificates = extraCertificates(extra, source);
  return certificates ? [...defaultCertificates(), ...certificates] : undefined;
}

/**
 * The TLS context that trusts the defaults plus the `extra` certificates (from
 * extraCertificates), or undefined for the defaults alone. Adding the extra
 * certificates to a default context reuses the root store Node has parsed
 * already; passing defaults and extras as `ca` parses every root again (about
 * 15 ms at each start).
 */
export function trustContext(extra: readonly string[] | undefined): SecureContext | undefined {
  if (!extra || extra.length === 0) return undefined;
  const context = createSecureContext();
  const native = (context as { context?: { addCACert?: (pem: string) => void } }).context;
  // The native context's addCACert is what Node's own `ca` option calls; without it, the plain way.
  if (typeof native?.addCACert !== 'function') return createSecureContext({ ca: [...defaultCertificates(), ...extra] });
  for (const pem of extra) native.addCACert(pem);
  return context;
}
