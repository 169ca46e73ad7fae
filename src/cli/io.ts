/**
 * The streams a run of the CLI works with (injected: tests pass PassThroughs),
 * and the stdout writer: it waits for 'drain' so 100,000 records stream with
 * bounded memory, and turns a closed pipe (`slotui list ... | head`) into a
 * quiet stop rather than a crash.
 */
import type { ViewRegistry } from '../presentation/resources.js';
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
  /** Tests only: the progress line's timing (delay, interval, clock), and when a slow request is named. */
  progress?: Omit<ProgressOptions, 'env'> & { waitNoticeMs?: number };
  /** Tests only: the clock (ages, token expiry). */
  now?: () => Date;
  /** The resources commands know (default: REGISTRY); tests run the CLI on another. */
  registry?: ViewRegistry;
  /** Called as a command starts reading a whole list (`list --all`): the program keeps its heap small (startup/heap.ts). */
  onWholeList?: () => void;
  /**
   * The process ends when main returns (the program's entry; not a test running main in its
   * own process): connections with nothing under way are left for the system to close.
   */
  endsWithProcess?: boolean;
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

/**
 * Writes to stderr: errors, prompts, progress. Failures to write there are
 * ignored (nowhere else to report them). On a terminal a line longer than the
 * terminal is broken between words (the terminal itself would break it inside
 * one); into a pipe or a file it stays one line, for scripts and logs.
 */
export function stderrWriter(stream: NodeJS.WritableStream & { isTTY?: boolean; columns?: number }): StderrWriter {
  stream.on('error', () => {});
  const raw = (text: string): void => {
    try {
      stream.write(text);
    } catch {
      // stderr is gone: nothing more can be said.
    }
  };
  const line = (text: string): void => {
    const body = text.endsWith('\n') ? text.slice(0, -1) : text;
    const columns = stream.isTTY === true && stream.columns && stream.columns > 0 ? stream.columns : 0;
    raw(`${columns > 0 ? wrapWords(body, columns) : body}\n`);
  };
  return { raw, line };
}

/**
 * Each line of `text` broken at spaces so that none is wider than `columns`
 * (a word wider than that stands alone on its line), measured in terminal cells.
 */
export function wrapWords(text: string, columns: number): string {
  return text
    .split('\n')
    .map((paragraph) => {
      if (cells(paragraph) <= columns) return paragraph;
      const lines: string[] = [];
      let current = '';
      for (const word of paragraph.split(' ')) {
        if (current !== '' && cells(current) + 1 + cells(word) > columns) {
          lines.push(current);
          current = word;
        } else current = current === '' ? word : `${current} ${word}`;
      }
      lines.push(current);
      return lines.join('\n');
    })
    .join('\n');
}

// East Asian wide characters and the common emoji blocks take two cells. A small table rather than
// the full width module: every command (even --version) loads this file.
const WIDE =
  /[\u1100-\u115f\u2e80-\u303e\u3041-\u33ff\u3400-\u4dbf\u4e00-\u9fff\ua000-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6]|[\u{1f300}-\u{1f64f}\u{1f900}-\u{1f9ff}\u{20000}-\u{3fffd}]/gu;

/** Terminal cells of a line of plain text (no control characters: stderr text is sanitised). */
function cells(text: string): number {
  let count = 0;
  for (const _ of text) count++;
  return count + (text.match(WIDE)?.length ?? 0);
}
