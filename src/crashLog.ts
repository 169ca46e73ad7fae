/**
 * Crash reports: when something unexpected ends a run (a bug, not a failure
 * the program knows how to describe), the person sees one sentence and the
 * details go to a file in the config folder, <configDir>/crash-<time>-<pid>.log,
 * mode 0600. The file holds the stack and its causes with every secret
 * redacted and terminal escapes removed (it is meant to be `cat`ed and shared).
 *
 * Shared by the CLI and the dashboard; no UI here. Synchronous on purpose: it
 * runs on the way out, where the process may end right after.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { redact } from './api/errors.js';
import { sanitizeText } from './text/sanitize.js';

export interface CrashLogOptions {
  configDir: string;
  /** Texts that must not be written (tokens); their lower-case forms are removed too. */
  secrets: readonly (string | undefined)[];
  /** What was running, e.g. "slotui list slis" or "dashboard". */
  context?: string;
  now?: () => Date;
  version?: string;
}

const MAX_CAUSES = 5;

/** The stack (or message) of an error and of its causes, as plain text. */
export function crashDetails(error: unknown): string {
  const parts: string[] = [];
  let current: unknown = error;
  for (let depth = 0; depth <= MAX_CAUSES && current !== undefined && current !== null; depth++) {
    const prefix = depth === 0 ? '' : 'Caused by: ';
    if (current instanceof Error) {
      parts.push(prefix + (current.stack ?? `${current.name}: ${current.message}`));
      current = (current as { cause?: unknown }).cause;
    } else {
      parts.push(prefix + safeString(current));
      break;
    }
  }
  return parts.join('\n');
}

function safeString(value: unknown): string {
  try {
    return typeof value === 'string' ? value : (JSON.stringify(value) ?? String(value));
  } catch {
    return String(value);
  }
}

/** Every secret and its lower-case form (a host name in a URL is lower-cased). */
function secretsOf(secrets: readonly (string | undefined)[]): string[] {
  return secrets.flatMap((s) => (s ? [s, s.toLowerCase()] : []));
}

/**
 * Writes the crash log and returns its path, or undefined when it could not
 * be written (the caller then says so; a crash report must never crash).
 */
export function writeCrashLog(error: unknown, options: CrashLogOptions): string | undefined {
  const when = (options.now ?? (() => new Date()))();
  const stamp = when.toISOString().replace(/[:.]/g, '-');
  const file = join(options.configDir, `crash-${stamp}-${process.pid}.log`);
  const text = [
    `slotui${options.version ? ` ${options.version}` : ''} crash report`,
    `time: ${when.toISOString()}`,
    `node: ${process.version} ${process.platform} ${process.arch}`,
    ...(options.context ? [`running: ${options.context}`] : []),
    '',
    crashDetails(error),
    '',
  ].join('\n');
  const clean = sanitizeText(redact(text, secretsOf(options.secrets)));
  try {
    mkdirSync(options.configDir, { recursive: true, mode: 0o700 });
    // 'wx': never follow or overwrite something already there (a planted link).
    writeFileSync(file, clean, { mode: 0o600, flag: 'wx' });
    return file;
  } catch {
    return undefined;
  }
}

/** The sentence's second half: where the details are, or that they could not be kept. */
export function crashLogNote(file: string | undefined): string {
  return file ? `The details are in ${file}.` : 'The details could not be written to a log file.';
}
