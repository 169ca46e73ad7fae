/**
 * runDashboard's terminal hygiene, in-process with stand-in TTY streams:
 * alternate screen and hidden cursor while it runs, everything restored on
 * every way out (q, Ctrl+C, SIGTERM, a crash while rendering), handlers
 * removed afterwards. The real terminal is tested end to end in test/e2e.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startSandbox } from '../../src/sandbox/server.js';
import type { SandboxHandle } from '../../src/sandbox/types.js';
import { crashSentence, runDashboard } from '../../src/tui/run.js';
import {
  createTerminalGuard,
  ENTER_ALTERNATE_SCREEN,
  LEAVE_ALTERNATE_SCREEN,
  SHOW_CURSOR,
} from '../../src/tui/terminal.js';
import type { ApiClient } from '../../src/api/types.js';
import { DraftStore } from '../../src/config/drafts.js';
import { DRAFT_KEPT_NOTE } from '../../src/tui/forms/draftController.js';
import { sandboxClient, testSettings, waitUntil } from './helpers.js';
import { FakeTty, fakeStdin } from './fakeTty.js';

let sandbox: SandboxHandle;
let crashDir: string;
beforeAll(async () => {
  sandbox = await startSandbox();
  crashDir = await mkdtemp(join(tmpdir(), 'slotui-run-test-'));
});
afterAll(async () => {
  await sandbox.close();
  await rm(crashDir, { recursive: true, force: true });
});

function start(client: ApiClient = sandboxClient(sandbox), drafts?: DraftStore) {
  const stdin = fakeStdin();
  const stdout = new FakeTty();
  const stderr = new FakeTty();
  const done = runDashboard({
    client,
    // A folder of its own: a crash writes its log there.
    settings: testSettings({ token: sandbox.token, configDir: crashDir }),
    ...(drafts ? { drafts } : {}),
    stdin,
    stdout: stdout as unknown as NodeJS.WriteStream,
    stderr,
  });
  return { stdin, stdout, stderr, done };
}

function expectRestored(run: ReturnType<typeof start>): void {
  const out = run.stdout.output;
  expect(out.startsWith(ENTER_ALTERNATE_SCREEN)).toBe(true);
  expect(out.lastIndexOf(LEAVE_ALTERNATE_SCREEN)).toBeGreaterThan(out.lastIndexOf(ENTER_ALTERNATE_SCREEN));
  expect(out.endsWith(LEAVE_ALTERNATE_SCREEN + SHOW_CURSOR)).toBe(true);
  expect(run.stdin.rawModes.at(-1)).toBe(false);
}

const listeners = () =>
  ['SIGTERM', 'SIGHUP', 'SIGINT', 'uncaughtException', 'unhandledRejection'].map((e) => process.listenerCount(e));

describe('runDashboard', () => {
  test('q: exit 0, terminal restored', async () => {
    const run = start();
    await waitUntil(() => run.stdout.output.includes('checkout-api'), 'rows');
    expect(run.stdin.rawModes[0]).toBe(true);
    run.stdin.write('q');
    expect(await run.done).toBe(0);
    expectRestored(run);
    expect(run.stderr.output).toBe('');
  });

  test('its signal and error handlers are there only while it runs', async () => {
    // Ink's own exit hook (signal-exit) stays installed once loaded; count ours on top of it.
    const before = listeners();
    const run = start();
    await waitUntil(() => run.stdout.output.includes('checkout-api'), 'rows');
    expect(listeners().every((n, i) => n > before[i]!)).toBe(true);
    run.stdin.write('q');
    expect(await run.done).toBe(0);
    expect(listeners()).toEqual(before);
  });

  test('Ctrl+C: exit 0, terminal restored', async () => {
    const run = start();
    await waitUntil(() => run.stdout.output.includes('checkout-api'), 'rows');
    run.stdin.write('\u0003');
    expect(await run.done).toBe(0);
    expectRestored(run);
  });

  test('SIGTERM: terminal restored, exit 143', async () => {
    const run = start();
    await waitUntil(() => run.stdout.output.includes('checkout-api'), 'rows');
    // Ink's exit hook (signal-exit) re-raises a signal when it thinks it is the last listener;
    // a listener of the test's own keeps this test process alive.
    const keepAlive = () => undefined;
    process.on('SIGTERM', keepAlive);
    try {
      process.emit('SIGTERM', 'SIGTERM');
      expect(await run.done).toBe(143);
    } finally {
      process.off('SIGTERM', keepAlive);
    }
    expectRestored(run);
  });

  test('SIGHUP (the SSH connection dropped) with a form open: what was typed is kept as a draft', async () => {
    const drafts = new DraftStore(join(crashDir, 'hangup'));
    const run = start(sandboxClient(sandbox), drafts);
    await waitUntil(() => run.stdout.output.includes('checkout-api'), 'rows');
    run.stdin.write('c');
    // Only the changed part of a line is redrawn: the title's end is what is new.
    await waitUntil(() => run.stdout.output.includes('Ctrl+S saves'), 'the form');
    run.stdin.write('typed before the hang-up');
    await waitUntil(() => run.stdout.output.includes('hang-up'), 'the typed name');
    const keepAlive = () => undefined;
    process.on('SIGHUP', keepAlive);
    try {
      process.emit('SIGHUP', 'SIGHUP');
      expect(await run.done).toBe(129);
    } finally {
      process.off('SIGHUP', keepAlive);
    }
    expect(drafts.load({ profile: 'default', resource: 'slis' })?.values).toEqual({
      name: 'typed before the hang-up',
    });
    expect(run.stderr.output).toBe(''); // nobody reads a terminal that hung up
  });

  test('the terminal gone before SIGHUP (writes fail with EIO, input ends): the draft is kept, exit 129', async () => {
    const drafts = new DraftStore(join(crashDir, 'terminal-gone'));
    const run = start(sandboxClient(sandbox), drafts);
    await waitUntil(() => run.stdout.output.includes('checkout-api'), 'rows');
    run.stdin.write('c');
    await waitUntil(() => run.stdout.output.includes('Ctrl+S saves'), 'the form');
    run.stdin.write('typed before the drop');
    await waitUntil(() => run.stdout.output.includes('drop'), 'the typed name');
    run.stdout.emit('error', Object.assign(new Error('write EIO'), { code: 'EIO' }));
    run.stdin.end();
    expect(await run.done).toBe(129);
    expect(drafts.load({ profile: 'default', resource: 'slis' })?.values).toEqual({ name: 'typed before the drop' });
    expect(run.stderr.output).toBe('');
  });

  test('Ctrl+C with a form open: exit 0, terminal restored, the draft kept and said in one line', async () => {
    const drafts = new DraftStore(join(crashDir, 'ctrl-c'));
    const run = start(sandboxClient(sandbox), drafts);
    await waitUntil(() => run.stdout.output.includes('checkout-api'), 'rows');
    run.stdin.write('c');
    await waitUntil(() => run.stdout.output.includes('Ctrl+S saves'), 'the form');
    run.stdin.write('half typed');
    await waitUntil(() => run.stdout.output.includes('half typed'), 'the typed name');
    run.stdin.write('\u0003');
    expect(await run.done).toBe(0);
    expectRestored(run);
    expect(run.stderr.output).toBe(`${DRAFT_KEPT_NOTE}\n`);
    expect(drafts.load({ profile: 'default', resource: 'slis' })?.values).toEqual({ name: 'half typed' });
  });

  test('an exception while rendering: terminal restored, one sentence on stderr, exit 1', async () => {
    const real = sandboxClient(sandbox);
    // A client whose base URL cannot even be read: the header throws while rendering.
    const broken = Object.create(real, {
      baseUrl: {
        get: () => {
          throw new Error(`boom ${sandbox.token}`);
        },
      },
    }) as ApiClient;
    const run = start(broken);
    expect(await run.done).toBe(1);
    expectRestored(run);
    const lines = run.stderr.output.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(
      /^The dashboard stopped on an unexpected error \(boom \[redacted\]\)\. The details are in .*crash-.*\.log\.$/,
    );
    expect(run.stderr.output).not.toContain(sandbox.token);
  });
});

describe('terminal guard', () => {
  test('restoring twice writes once; restoring before entering writes nothing', () => {
    const out = new FakeTty();
    const stdin = fakeStdin();
    const guard = createTerminalGuard(stdin, out);
    guard.restore();
    expect(out.output).toBe('');
    expect(stdin.rawModes).toEqual([]);
    guard.enter();
    // Raw mode as the terminal is taken, before any frame: keys typed as the first frame appears
    // are neither echoed onto it nor turned into line feeds.
    expect(stdin.rawModes).toEqual([true]);
    guard.restore();
    guard.restore();
    expect(out.output.split(LEAVE_ALTERNATE_SCREEN)).toHaveLength(2);
    expect(stdin.rawModes).toEqual([true, false]);
  });

  test('the crash sentence is one line without the token', () => {
    const sentence = crashSentence(new Error('failed with secret-token-123\n\u001b[31mline two'), ['secret-token-123']);
    expect(sentence).toBe('The dashboard stopped on an unexpected error (failed with [redacted] line two).');
  });
});
