/**
 * The streams a run of the CLI works with (injected: tests pass PassThroughs),
 * and the stdout writer: it waits for 'drain' so 100,000 records stream with
 * bounded memory, and turns a closed pipe (`slotui list ... | head`) into a
 * quiet stop rather than a crash.
 */
import type { Registry } from '../api/resources.js';
import type { ApiClient, ClientOptions } from '../api/types.js';
import type { ProgressOptions } from './progress.js';

export interface CliIo {
  argv: string[];
  env: NodeJS.ProcessEnv;
  stdin: NodeJS.ReadableStream & { isTTY?: boolean };
  stdout: NodeJS.WritableStream & { isTTY?: boolean; columns?: number };
  stderr: NodeJS.WritableStream & { isTTY?: boolean; columns?: number };
  /** Ends long-running commands (sandbox); without it they listen to SIGINT and SIGTERM themselves. */
  signal?: AbortSignal;
  /** Tests only: builds the API clients instead of createClient (small timeouts, a client that fails). */
  createClient?: (options: ClientOptions) => ApiClient;
  /** Tests only: the progress line's timing (delay, interval, clock). */
  progress?: Omit<ProgressOptions, 'env'>;
  /** Tests only: the clock (ages, token expiry). */
  now?: () => Date;
  /** The resources commands know (default: REGISTRY); tests run the CLI on another. */
  registry?: Registry;
}

/** The reader of stdout went away (EPIPE): the run ends quietly with exit code 0. */
export class OutputClosed extends Error {
  constructor() {
    super('stdout was closed');
    this.name = 'OutputClosed';
  }
}

const CLOSED_CODES = new Set(['EPIPE', 'ERR_STREAM_DESTROYED', 'ERR_STREAM_WRITE_AFTER_END']);

export class Output {
  private closed = false;
  private failure: Error | undefined;
  private wake: (() => void) | undefined;

  constructor(private readonly stream: NodeJS.WritableStream) {
    // Stays attached for the life of the process: an EPIPE reported after the
    // command finished must not become an uncaught exception either.
    stream.on('error', (error: NodeJS.ErrnoException) => {
      if (CLOSED_CODES.has(error.code ?? '')) this.closed = true;
      else this.failure = error;
      this.wake?.();
    });
    stream.on('close', () => {
      this.closed = true;
      this.wake?.();
    });
  }

  get isClosed(): boolean {
    return this.closed;
  }

  /** Writes text; resolves once the stream can take more. Throws OutputClosed when the reader is gone. */
  async write(text: string): Promise<void> {
    this.check();
    if (text === '') return;
    let ok: boolean;
    try {
      ok = this.stream.write(text);
    } catch (error) {
      if (CLOSED_CODES.has((error as NodeJS.ErrnoException).code ?? '')) throw new OutputClosed();
      throw error;
    }
    if (!ok) await this.drained();
    this.check();
  }

  private check(): void {
    if (this.closed) throw new OutputClosed();
    if (this.failure) throw this.failure;
  }

  private drained(): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        this.stream.off('drain', done);
        this.wake = undefined;
        resolve();
      };
      this.wake = done;
      this.stream.on('drain', done);
    });
  }
}

export interface StderrWriter {
  /** One line (a newline is added when missing). */
  line(text: string): void;
  /** Text as is (a prompt that waits on the same line). */
  raw(text: string): void;
}

/** Writes to stderr: errors, prompts, progress. Failures to write there are ignored (nowhere else to report them). */
export function stderrWriter(stream: NodeJS.WritableStream): StderrWriter {
  stream.on('error', () => {});
  const raw = (text: string): void => {
    try {
      stream.write(text);
    } catch {
      // stderr is gone: nothing more can be said.
    }
  };
  return { raw, line: (text) => raw(text.endsWith('\n') ? text : `${text}\n`) };
}
