/**
 * Extra certificate authorities (SLOTUI_CA_FILE or the profile's caFile) are
 * trusted beside the system ones. Node's `ca` option replaces the default
 * list, so the defaults are added back explicitly.
 */
import { X509Certificate } from 'node:crypto';
import { statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import tls, { type SecureContext } from 'node:tls';
import { SlotuiError } from './errors.js';

const PEM_CERTIFICATE = /-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g;

/** The certificate blocks of a PEM text (anything else, such as comments or keys, is left out). */
function pemCertificates(text: string): string[] {
  return text.match(PEM_CERTIFICATE) ?? [];
}

/** The default trust store: bundled roots plus NODE_EXTRA_CA_CERTS and, with --use-system-ca, the OS store. */
function defaultCertificates(): readonly string[] {
  // getCACertificates exists from Node 22.15; rootCertificates (bundled only) is the fallback.
  return typeof tls.getCACertificates === 'function' ? tls.getCACertificates('default') : tls.rootCertificates;
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

/** The extra certificates alone (checked as trustedCertificates checks them), or undefined when none is given. */
export function extraCertificates(
  extra: string | readonly string[] | undefined,
  source = 'The extra CA',
): string[] | undefined {
  const texts = extra === undefined ? [] : typeof extra === 'string' ? [extra] : extra;
  const certificates = texts.flatMap((text) => pemCertificates(text));
  if (texts.length > 0 && texts.some((t) => t.trim() !== '') && certificates.length === 0) {
    throw new SlotuiError(
      'config',
      `${source} holds no PEM certificate (a "-----BEGIN CERTIFICATE-----" block). Give a PEM file of the certificate authority.`,
    );
  }
  for (const pem of certificates) {
    try {
      new X509Certificate(pem);
    } catch {
      throw new SlotuiError(
        'config',
        `${source} holds a certificate that cannot be read. Give a valid PEM file of the certificate authority.`,
      );
    }
  }
  return certificates.length > 0 ? certificates : undefined;
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
  const context = tls.createSecureContext();
  const native = (context as { context?: { addCACert?: (pem: string) => void } }).context;
  // The native context's addCACert is what Node's own `ca` option calls; without it, the plain way.
  if (typeof native?.addCACert !== 'function')
    return tls.createSecureContext({ ca: [...defaultCertificates(), ...extra] });
  for (const pem of extra) native.addCACert(pem);
  return context;
}

/**
 * Why a CA file is not private to its user, or undefined when it is: whoever
 * can change it (or its folder) decides which servers slotui trusts, as
 * whoever can change the config could, which is refused. A CA file is often
 * shared on purpose (a company's), so this is a warning, not a refusal.
 */
export function caFileWarning(path: string, uid = process.getuid?.()): string | undefined {
  if (process.platform === 'win32' || uid === undefined) return undefined;
  const safe = path.replace(/[^\x20-\x7e]/g, '?').slice(0, 200);
  try {
    const file = statSync(path);
    if (file.uid !== uid && file.uid !== 0)
      return `the CA file ${safe} belongs to another user, who decides which servers slotui trusts.`;
    if (file.mode & 0o022)
      return `the CA file ${safe} can be changed by other users, who could then make slotui trust their server. Run \`chmod go-w ${safe}\`.`;
    const folder = statSync(dirname(path));
    // A sticky folder (/tmp) lets no one else replace a file of yours.
    if (folder.mode & 0o022 && !(folder.mode & 0o1000))
      return `the CA file ${safe} is in a folder other users can change, so they could replace it. Keep it in a folder only you can change.`;
  } catch {
    return undefined; // reading it says what is wrong
  }
  return undefined;
}

/** Reads a PEM file of extra CAs; a clear 'config' error when missing, unreadable or not PEM. */
export async function readCaFile(path: string): Promise<string> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const why =
      code === 'ENOENT'
        ? 'does not exist'
        : code === 'EACCES' || code === 'EPERM'
          ? 'cannot be read (permission denied)'
          : code === 'EISDIR'
            ? 'is a folder, not a file'
            : `cannot be read (${code ?? 'unknown error'})`;
    throw new SlotuiError(
      'config',
      `The CA file ${path} ${why}. Set SLOTUI_CA_FILE (or the profile's caFile) to a PEM file of certificate authorities.`,
      { cause: error },
    );
  }
  const certificates = pemCertificates(text);
  if (certificates.length === 0) {
    throw new SlotuiError(
      'config',
      `The CA file ${path} holds no PEM certificate (a "-----BEGIN CERTIFICATE-----" block). Set SLOTUI_CA_FILE (or the profile's caFile) to a PEM file of certificate authorities.`,
    );
  }
  extraCertificates(certificates, `The CA file ${path}`);
  return `${certificates.join('\n')}\n`;
}
