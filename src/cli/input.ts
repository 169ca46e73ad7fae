/** Reading what the user gives: a JSON file or stdin, a token on stdin, a yes/no answer. */
import { open, type FileHandle } from 'node:fs/promises';
import { SlotuiError } from '../api/errors.js';
import { describeJsonProblem, locateJsonProblem } from './json-error.js';

/** A record payload bigger than this is a mistake (the wrong file), not a record. */
const MAX_PAYLOAD_BYTES = 10 * 1024 * 1024;

/** Reads a whole stream as UTF-8, refusing more than maxBytes. */
export async function readAll(stream: NodeJS.ReadableStream, maxBytes: number, what: string): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    const buffer = typeof chunk === 'string' ? Buffer.from(chunk) : Buffer.from(chunk);
    size += buffer.length;
    if (size > maxBytes) {
      throw new SlotuiError(
        'validation',
        `${what} is larger than ${Math.round(maxBytes / 1024)} KB; that is not what slotui expects there.`,
      );
    }
    chunks.push(buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** How much `readTextInput` takes, and what to say beyond it. */
export interface InputLimit {
  maxBytes: number;
  /** Ends the sentence that refuses a larger input. */
  hint: string;
}

const ONE_RECORD: InputLimit = { maxBytes: MAX_PAYLOAD_BYTES, hint: 'give a file that holds one record' };

/** The text of `file`, or of stdin for "-". Messages name the file as the user wrote it. */
export async function readTextInput(
  file: string,
  stdin: NodeJS.ReadableStream,
  limit: InputLimit = ONE_RECORD,
): Promise<{ text: string; name: string }> {
  const tooLarge = (name: string) =>
    new SlotuiError(
      'validation',
      `${name} is larger than ${Math.round(limit.maxBytes / 1024 / 1024)} MB; ${limit.hint}.`,
    );
  if (file === '-') {
    const text = await readAll(stdin, limit.maxBytes, 'stdin').catch((error: unknown) => {
      throw error instanceof SlotuiError ? tooLarge('stdin') : error;
    });
    return { text, name: 'stdin' };
  }
  let handle: FileHandle | undefined;
  try {
    handle = await open(file, 'r');
    const info = await handle.stat();
    if (info.isDirectory()) throw Object.assign(new Error('EISDIR'), { code: 'EISDIR' });
    // The size first: a wrong file (a disk image) is refused without being read. A device, a
    // FIFO or `<(…)` has no size: its bytes are counted as they come, and refused past the limit.
    if (info.size > limit.maxBytes) throw tooLarge(file);
    const text = await readAll(handle.createReadStream({ autoClose: false }), limit.maxBytes, file).catch(
      (error: unknown) => {
        throw error instanceof SlotuiError ? tooLarge(file) : error;
      },
    );
    return { text, name: file };
  } catch (error) {
    if (error instanceof SlotuiError) throw error;
    const code = (error as NodeJS.ErrnoException).code;
    const why =
      code === 'ENOENT'
        ? 'no such file'
        : code === 'EISDIR'
          ? 'it is a folder'
          : code === 'EACCES' || code === 'EPERM'
            ? 'permission denied'
            : (code ?? 'unknown error');
    throw new SlotuiError('validation', `Cannot read ${file}: ${why}.`, { cause: error });
  } finally {
    await handle?.close();
  }
}

/** Parses JSON; a refusal says where it goes wrong without quoting the text. */
export function parseJsonInput(text: string, name: string): unknown {
  const clean = text.replace(/^\uFEFF/, ''); // editors on Windows add a byte-order mark
  try {
    return JSON.parse(clean);
  } catch {
    throw new SlotuiError('validation', `${name} is not valid JSON: ${describeJsonProblem(locateJsonProblem(clean))}.`);
  }
}

/**
 * Reads one line from stdin (a confirmation). Resolves with undefined when
 * stdin ends first. Stops listening afterwards so the process can exit.
 */
export function readLine(stdin: NodeJS.ReadableStream, maxChars = 1024): Promise<string | undefined> {
  return new Promise((resolve, reject) => {
    let buffer = '';
    const finish = (value: string | undefined) => {
      stdin.off('data', onData);
      stdin.off('end', onEnd);
      stdin.off('error', onError);
      stdin.pause();
      resolve(value);
    };
    const onData = (chunk: Buffer | string) => {
      buffer += chunk.toString();
      const newline = buffer.indexOf('\n');
      if (newline >= 0) finish(buffer.slice(0, newline).replace(/\r$/, ''));
      else if (buffer.length > maxChars) finish(buffer);
    };
    const onEnd = () => finish(buffer === '' ? undefined : buffer);
    const onError = (error: Error) => {
      stdin.off('data', onData);
      stdin.off('end', onEnd);
      reject(error);
    };
    stdin.on('data', onData);
    stdin.once('end', onEnd);
    stdin.once('error', onError);
    stdin.resume();
  });
}

export function isYes(answer: string | undefined): boolean {
  return /^\s*y(es)?\s*$/i.test(answer ?? '');
}
