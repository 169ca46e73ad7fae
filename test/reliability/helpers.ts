/**
 * Shared by the reliability tests: the CLI's main() with in-memory streams
 * and an injected client factory (small timeouts, instant backoff), a watch
 * on the process for unhandled rejections and uncaught exceptions, and
 * hostile text of every kind a server could send to a terminal.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { expect } from 'vitest';
import { createClient } from '../../src/api/client.js';
import type { ApiClient, ClientOptions } from '../../src/api/types.js';
import { main } from '../../src/cli/main.js';

export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

export interface CliRunOptions {
  env: NodeJS.ProcessEnv;
  /** Merged into every client the CLI makes (timeouts, retry, sleep). */
  client?: Partial<ClientOptions>;
  /** Replaces the client factory altogether (a client that throws). */
  createClient?: (options: ClientOptions) => ApiClient;
  /** Text on stdin, then it ends; undefined: stdin ends at once, empty. */
  stdin?: string;
  stdoutIsTTY?: boolean;
  columns?: number;
}

/** Runs `slotui <argv>` in-process, as test/cli does, with the client factory injected. */
export async function runCli(argv: string[], options: CliRunOptions): Promise<CliRun> {
  const stdin = new PassThrough();
  const stdout = new PassThrough() as PassThrough & { isTTY?: boolean; columns?: number };
  const stderr = new PassThrough();
  if (options.stdoutIsTTY) {
    stdout.isTTY = true;
    stdout.columns = options.columns ?? 100;
  }
  const out: Buffer[] = [];
  const err: Buffer[] = [];
  stdout.on('data', (c: Buffer) => out.push(c));
  stderr.on('data', (c: Buffer) => err.push(c));
  stdin.end(options.stdin ?? '');
  const factory = options.createClient ?? ((o: ClientOptions) => createClient({ ...o, ...options.client }));
  const code = await main({ argv, env: options.env, stdin, stdout, stderr, createClient: factory });
  await new Promise((resolve) => setImmediate(resolve));
  return { code, stdout: Buffer.concat(out).toString('utf8'), stderr: Buffer.concat(err).toString('utf8') };
}

/** A backoff sleep that records the waits and returns at once (no real time spent). */
export function instantSleep(): { waits: number[]; sleep: (ms: number) => Promise<void> } {
  const waits: number[] = [];
  return { waits, sleep: async (ms: number) => void waits.push(ms) };
}

/**
 * Listens for unhandled rejections and uncaught exceptions while a test runs;
 * check() fails the test if any fired.
 */
export function watchProcess(): { check(): void; stop(): void; seen: unknown[] } {
  const seen: unknown[] = [];
  const onRejection = (reason: unknown) => void seen.push(reason);
  const onException = (error: unknown) => void seen.push(error);
  process.on('unhandledRejection', onRejection);
  process.on('uncaughtException', onException);
  return {
    seen,
    check: () => expect(seen.map(String), 'unhandled rejections or uncaught exceptions').toEqual([]),
    stop: () => {
      process.off('unhandledRejection', onRejection);
      process.off('uncaughtException', onException);
    },
  };
}

/** A fresh temporary folder; remove it with rm(dir). */
export function tempFolder(prefix: string): Promise<string> {
  return mkdtemp(join(tmpdir(), prefix));
}

export async function removeFolder(dir: string | undefined): Promise<void> {
  if (dir) await rm(dir, { recursive: true, force: true });
}

/** One line, a sentence or two, no stack trace. */
export function expectOneSentence(text: string): void {
  const lines = text.trimEnd().split('\n');
  expect(lines, text).toHaveLength(1);
  expect(text).not.toMatch(/\bat .*:\d+:\d+/);
  expect(text.length).toBeLessThan(600);
}

const ESC = '\u001b';
const BEL = '\u0007';
const ST = `${ESC}\\`;

/**
 * Each hostile payload glued between markers: what a safe program prints is
 * the markers side by side, and the raw output can be searched for the
 * payload next to its marker (Ink's own escape sequences are never there).
 */
export const HOSTILE_PAYLOADS: Record<string, string> = {
  color: `${ESC}[31;1m`,
  cursorUp: `${ESC}[10A`,
  cursorHome: `${ESC}[H`,
  clearScreen: `${ESC}[2J`,
  eraseLine: `${ESC}[2K`,
  altScreenOff: `${ESC}[?1049l`,
  title: `${ESC}]0;PWNED-TITLE${BEL}`,
  titleSt: `${ESC}]2;PWNED-TITLE2${ST}`,
  hyperlink: `${ESC}]8;;https://evil.example/${ST}`,
  clipboard: `${ESC}]52;c;ZXZpbCBjbGlwYm9hcmQ=${BEL}`,
  dcs: `${ESC}Pq#0;2;0;0;0${ST}`,
  apc: `${ESC}_hidden${ST}`,
  c1Csi: '\u009b2J',
  c1Osc: '\u009d0;PWNED-C1\u009c',
  bell: BEL,
  backspace: '\u0008\u0008\u0008',
  carriageReturn: '\r',
  formFeed: '\u000c',
  nul: '\u0000',
  del: '\u007f',
  nel: '\u0085',
  bidiOverride: '\u202e',
  bidiIsolate: '\u2066',
  zeroWidth: '\u200b',
  lineSeparator: '\u2028',
};

/** Byte sequences that must never reach a terminal from server text. */
export const FORBIDDEN_IN_OUTPUT: readonly string[] = [
  `${ESC}]`, // any OSC: title, hyperlink, clipboard
  `${ESC}P`, // DCS
  `${ESC}_`, // APC
  '\u009b',
  '\u009d',
  '\u009c',
  '\u0085',
  '\u202e',
  '\u2066',
  '\u200b',
  '\u2028',
  BEL,
  '\u0000',
  '\u007f',
];

/** The hostile text: every payload between numbered markers, e.g. "<m3>…<m3>". */
export function hostileText(): string {
  return Object.values(HOSTILE_PAYLOADS)
    .map((payload, i) => `<m${i}>${payload}<m${i}>`)
    .join(' ');
}

/** Each payload glued to its marker, as it would appear in output if it got through. */
export function gluedPayloads(): string[] {
  return Object.values(HOSTILE_PAYLOADS).flatMap((payload, i) => [`<m${i}>${payload}`, `${payload}<m${i}>`]);
}

export const LONG_TEXT = `long-${'x'.repeat(100_000)}-end`;
export const WIDE_TEXT = '日本語の可用性 🚀🔥 이름 漢字';

const STAMP = '2025-01-01T00:00:00.000Z';

/** SLIs whose every field is hostile in one way or another, plus one plain record. */
export function hostileSlis(): Record<string, unknown>[] {
  const evil = hostileText();
  const sli = (n: number, fields: Record<string, unknown>) => ({
    id: `sli-${String(n).padStart(6, '0')}`,
    created_at: STAMP.replace('00.000', `${String(n).padStart(2, '0')}.000`),
    updated_at: STAMP,
    ...fields,
  });
  return [
    sli(1, {
      name: `evil ${evil}`,
      type: `latency${HOSTILE_PAYLOADS.c1Csi}`,
      description: `line one\n${evil}\nline three\r${HOSTILE_PAYLOADS.cursorUp}over`,
      unit_of_measure: `ms${HOSTILE_PAYLOADS.title}`,
      formula: evil,
      queries: {
        [`q${HOSTILE_PAYLOADS.clipboard}`]: {
          select: evil,
          from: 'spans',
          where: HOSTILE_PAYLOADS.hyperlink,
          limit: 5,
        },
      },
      [`extra${HOSTILE_PAYLOADS.clearScreen}key`]: evil,
    }),
    sli(2, { name: LONG_TEXT, type: 'latency', description: LONG_TEXT }),
    sli(3, { name: WIDE_TEXT, type: '可用性', description: `${WIDE_TEXT}\n${WIDE_TEXT}` }),
    sli(4, { name: 'plain record', type: 'latency' }),
    {
      ...sli(5, { name: 'hostile id', type: 'latency' }),
      id: `sli-${HOSTILE_PAYLOADS.title}${HOSTILE_PAYLOADS.bidiOverride}000005`,
    },
  ];
}

/** A sandbox data file (loaded as-is by --data) holding hostileSlis(). */
export function hostileDataFile(): string {
  const empty = { nextNumber: 1, records: [] };
  return JSON.stringify({
    format: 'slotui-sandbox-data',
    version: 1,
    collections: {
      slis: { nextNumber: 6, records: hostileSlis() },
      slos: empty,
      organizations: empty,
      agreements: empty,
    },
  });
}

/** Asserts none of the hostile sequences (nor any C0 but newline, nor C1, nor bidi controls) is in the text. */
export function expectNoHostileSequences(text: string, what: string, allowEscape = false): void {
  for (const bad of FORBIDDEN_IN_OUTPUT)
    expect(text.includes(bad), `${what} contains ${JSON.stringify(bad)}`).toBe(false);
  for (const glued of gluedPayloads())
    expect(text.includes(glued), `${what} contains ${JSON.stringify(glued)}`).toBe(false);
  /* eslint-disable no-control-regex -- looking for control characters is the point */
  const pattern = allowEscape
    ? /[\u0000-\u0009\u000b-\u001a\u001c-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/
    : /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;
  /* eslint-enable no-control-regex */
  const found = pattern.exec(text);
  expect(found ? `U+${found[0].charCodeAt(0).toString(16)} at ${found.index}` : null, what).toBeNull();
}
