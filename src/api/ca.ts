/**
 * Extra certificate authorities (SLOTUI_CA_FILE or the profile's caFile):
 * read, checked and warned about here, trusted beside the system ones by
 * trust.ts (which needs node:tls, loaded with the HTTP stack).
 */
import { X509Certificate } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import { dirname } from 'node:path';
import { SlotuiError } from './errors.js';

const PEM_CERTIFICATE = /-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g;

/** The certificate blocks of a PEM text (anything else, such as comments or keys, is left out). */
function pemCertificates(text: string): string[] {
  return text.match(PEM_CERTIFICATE) ?? [];
}

/** The extra certificates (each a readable certificate), or undefined when none is given; 'config' for text that holds none. */
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

/**
 * Reads a PEM file of extra CAs; a clear 'config' error when missing, unreadable or not PEM.
 * Read at once (a CA file is small): the first asynchronous file operation of a run starts
 * libuv's thread pool (about 3 ms), which nothing else needs before the dashboard's first frame.
 */
export async function readCaFile(path: string): Promise<string> {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
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
