/**
 * Writing a file the user named (`slotui export --out`, the dashboard's
 * `:export`): a regular file (or a new one) is written whole or not at all,
 * through a temporary file beside it renamed over it once complete; anything
 * else that is there (a FIFO a reader waits on, a device, `/dev/stdout`) is
 * written into, never replaced by a file of our own.
 */
import { randomBytes } from 'node:crypto';
import { open, rename, rm, stat } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { SlotuiError } from '../api/errors.js';
import { sanitizeLine } from '../text/sanitize.js';

export interface OutputFileOptions {
  /** The new file's mode (0644 for definitions meant for git, 0600 for what only the user should read). */
  mode: number;
  /** False: a regular file already there is left alone and `'exists'` returned. */
  replace: boolean;
}

/** Writes the chunks to `file`; `'exists'` when a regular file is there and `replace` is false. */
export async function writeOutputFile(
  file: string,
  chunks: Iterable<string>,
  options: OutputFileOptions,
): Promise<'written' | 'exists'> {
  const existing = await stat(file).catch(() => undefined);
  if (existing && !existing.isFile() && !existing.isDirectory()) await writeInto(file, chunks);
  else if (existing?.isFile() && !options.replace) return 'exists';
  else await writeFileAtomically(file, chunks, options.mode);
  return 'written';
}

async function writeInto(file: string, chunks: Iterable<string>): Promise<void> {
  let handle;
  try {
    handle = await open(file, 'w');
    for (const text of batched(chunks)) await handle.write(text);
  } catch (error) {
    if (error instanceof SlotuiError) throw error;
    throw new SlotuiError('validation', `Cannot write ${sanitizeLine(file)}: ${fileProblem(error)}.`, { cause: error });
  } finally {
    await handle?.close().catch(() => undefined);
  }
}

/** Writes the chunks to a temporary file beside `file`, then renames it over `file`. */
async function writeFileAtomically(file: string, chunks: Iterable<string>, mode: number): Promise<void> {
  const temporary = join(dirname(file), `.${basename(file)}.${randomBytes(4).toString('hex')}.tmp`);
  let handle;
  try {
    handle = await open(temporary, 'wx', mode);
  } catch (error) {
    throw new SlotuiError('validation', `Cannot write ${sanitizeLine(file)}: ${fileProblem(error)}.`, { cause: error });
  }
  try {
    for (const text of batched(chunks)) await handle.write(text);
    await handle.sync();
    await handle.close();
    await rename(temporary, file);
  } catch (error) {
    await handle.close().catch(() => undefined);
    await rm(temporary, { force: true });
    if (error instanceof SlotuiError) throw error;
    throw new SlotuiError(
      'validation',
      `Cannot write ${sanitizeLine(file)}: ${fileProblem(error)}; the file was left as it was.`,
      { cause: error },
    );
  }
}

/** Chunks joined into writes of about this many characters: a write a document was 100,000 writes for 100,000 SLIs. */
const WRITE_CHARS = 64 * 1024;

/** The chunks joined, in order, into texts of at least WRITE_CHARS characters (the last one shorter). */
function* batched(chunks: Iterable<string>): Generator<string> {
  let parts: string[] = [];
  let length = 0;
  for (const chunk of chunks) {
    parts.push(chunk);
    length += chunk.length;
    if (length >= WRITE_CHARS) {
      yield parts.join('');
      parts = [];
      length = 0;
    }
  }
  if (parts.length > 0) yield parts.join('');
}

function fileProblem(error: unknown): string {
  const code = (error as NodeJS.ErrnoException).code;
  return code === 'ENOENT'
    ? 'its folder does not exist'
    : code === 'EACCES' || code === 'EPERM'
      ? 'permission denied'
      : code === 'EISDIR'
        ? 'it is a folder'
        : code === 'ENOSPC'
          ? 'the disk is full'
          : (code ?? 'unknown error');
}
