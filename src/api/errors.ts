/**
 * Every expected failure is a SlotuiError: a kind, the exit code of the
 * interface, and a message of one or two sentences that says what happened
 * and what to do. Messages never contain the token (see redact()).
 */
export type ErrorKind =
  | 'usage' // bad flags or arguments (exit 2)
  | 'auth' // no token, 401, 403 (exit 4)
  | 'not-found'
  | 'validation' // 400 with field messages, or a payload we refused before sending
  | 'rate-limited'
  | 'server' // 5xx
  | 'network'
  | 'tls' // the service was reached, but its certificate is not trusted or not valid
  | 'timeout'
  | 'protocol' // a body that isn't JSON or doesn't match the expected shape
  | 'insecure' // http:// or a cross-origin link: refused before a socket is opened
  | 'read-only'
  | 'config'
  | 'cancelled';

const EXIT = { ok: 0, failure: 1, usage: 2, auth: 4 } as const;

/**
 * What to do, said for each place the error is shown: the CLI names commands
 * and flags, the dashboard keys. The message is what happened; the CLI shows
 * it with `cli` after it, the dashboard with `dashboard`.
 */
export interface Advice {
  cli: string;
  dashboard: string;
}

/** Advice that reads the same in the CLI and the dashboard. */
export const adviceEverywhere = (text: string): Advice => ({ cli: text, dashboard: text });

export interface SlotuiErrorOptions {
  /** What to do, when the CLI and the dashboard say it differently (or it must be said in both). */
  advice?: Advice;
  status?: number;
  /** Server field messages of a 400, by field name. */
  fieldErrors?: Record<string, string[]>;
  retryAfterMs?: number;
  cause?: unknown;
}

export class SlotuiError extends Error {
  readonly kind: ErrorKind;
  readonly status?: number;
  readonly fieldErrors?: Record<string, string[]>;
  readonly retryAfterMs?: number;
  /** What happened, without the advice. */
  readonly what: string;
  readonly advice?: Advice;

  /** `message` says what happened; the error's message is that with the CLI's advice after it. */
  constructor(kind: ErrorKind, message: string, options: SlotuiErrorOptions = {}) {
    const withAdvice = options.advice ? `${message} ${options.advice.cli}` : message;
    super(withAdvice, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'SlotuiError';
    this.what = message;
    this.advice = options.advice;
    this.kind = kind;
    this.status = options.status;
    this.fieldErrors = options.fieldErrors;
    this.retryAfterMs = options.retryAfterMs;
  }

  get exitCode(): number {
    if (this.kind === 'usage') return EXIT.usage;
    if (this.kind === 'auth') return EXIT.auth;
    return EXIT.failure;
  }
}

export function isSlotuiError(error: unknown): error is SlotuiError {
  return error instanceof SlotuiError;
}

/** Removes every occurrence of the given secrets from a text (for logs and crash reports). */
export function redact(text: string, secrets: readonly (string | undefined)[]): string {
  let out = text;
  for (const secret of secrets) {
    if (secret && secret.length >= 4) out = out.split(secret).join('[redacted]');
  }
  return out;
}

/** A one-line message for any thrown value; unexpected ones say so without a stack. */
export function describeError(error: unknown): string {
  if (isSlotuiError(error)) return error.message;
  if (error instanceof Error) return `Unexpected error: ${error.message}`;
  return `Unexpected error: ${String(error)}`;
}
