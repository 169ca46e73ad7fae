/**
 * Crash safety: an unexpected exception (a bug, not a failure slotui knows
 * how to describe) restores the terminal, prints one sentence with the path
 * of a crash log in the config folder, and exits 1. The log has mode 0600,
 * holds the stack, and never the token (nor its lower-case form), nor any
 * terminal escape.
 */
import { readdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createClient } from '../../src/api/client.js';
import type { ApiClient, ClientOptions } from '../../src/api/types.js';
import { crashDetails, writeCrashLog } from '../../src/crashLog.js';
import { startSandbox } from '../../src/sandbox/server.js';
import type { SandboxHandle } from '../../src/sandbox/types.js';
import { runDashboard } from '../../src/tui/run.js';
import { ENTER_ALTERNATE_SCREEN, LEAVE_ALTERNATE_SCREEN, SHOW_CURSOR } from '../../src/tui/terminal.js';
import { testSettings } from '../tui/helpers.js';
import { removeFolder, runCli, tempFolder } from './helpers.js';
import { FakeTty, fakeStdin } from '../tui/fakeTty.js';

let sandbox: SandboxHandle;
const folders: string[] = [];
beforeAll(async () => {
  sandbox = await startSandbox();
});
afterAll(async () => {
  await sandbox.close();
  await Promise.all(folders.map(removeFolder));
});

async function folder(): Promise<string> {
  const dir = await tempFolder('slotui-crash-');
  folders.push(dir);
  return dir;
}

/** The one crash log in `dir`: its text and mode. */
async function theLog(dir: string): Promise<{ path: string; text: string; mode: number }> {
  const logs = (await readdir(dir)).filter((f) => /^crash-.*\.log$/.test(f));
  expect(logs).toHaveLength(1);
  const path = join(dir, logs[0]!);
  return { path, text: await readFile(path, 'utf8'), mode: (await stat(path)).mode & 0o777 };
}

function expectSafeLog(log: { text: string; mode: number }, token: string): void {
  expect(log.mode).toBe(0o600);
  expect(log.text).not.toContain(token);
  expect(log.text).not.toContain(token.toLowerCase());
  expect(log.text).toContain('[redacted]');
  // The stack is there: the place in the code the error came from.
  expect(log.text).toMatch(/\n\s+at .+:\d+:\d+/);
  // eslint-disable-next-line no-control-regex
  expect(log.text).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/);
}

describe('the dashboard', () => {
  test('an exception while rendering: terminal restored, one sentence naming the log, exit 1', async () => {
    const dir = await folder();
    const real = createClient({ baseUrl: sandbox.baseUrl, token: sandbox.token, ca: sandbox.caPem });
    // The header reads the base URL while rendering: make it throw, with the token and an escape in the message.
    const broken = Object.create(real, {
      baseUrl: {
        get: () => {
          throw new TypeError(`render boom ${sandbox.token} \u001b]0;PWNED\u0007`);
        },
      },
    }) as ApiClient;
    const stdin = fakeStdin();
    const stdout = new FakeTty();
    const stderr = new FakeTty();
    const code = await runDashboard({
      client: broken,
      settings: testSettings({ token: sandbox.token, configDir: dir }),
      stdin,
      stdout: stdout as unknown as NodeJS.WriteStream,
      stderr,
    });
    await real.close();
    expect(code).toBe(1);
    // Restored: the alternate screen left and the cursor shown, last; raw mode off.
    expect(stdout.output.startsWith(ENTER_ALTERNATE_SCREEN)).toBe(true);
    expect(stdout.output.endsWith(LEAVE_ALTERNATE_SCREEN + SHOW_CURSOR)).toBe(true);
    expect(stdin.rawModes.at(-1)).toBe(false);
    const log = await theLog(dir);
    expect(stderr.output).toBe(
      `The dashboard stopped on an unexpected error (render boom [redacted]). The details are in ${log.path}.\n`,
    );
    expectSafeLog(log, sandbox.token);
    expect(log.text).toContain('TypeError: render boom [redacted]');
    expect(log.text).toContain('running: dashboard');
  });

  test('when the log cannot be written, the sentence says so (and the exit code is still 1)', async () => {
    const dir = await folder();
    const blocker = join(dir, 'a-file');
    await import('node:fs/promises').then((fs) => fs.writeFile(blocker, ''));
    const real = createClient({ baseUrl: sandbox.baseUrl, token: sandbox.token, ca: sandbox.caPem });
    const broken = Object.create(real, {
      baseUrl: {
        get: () => {
          throw new Error('boom');
        },
      },
    }) as ApiClient;
    const stderr = new FakeTty();
    const code = await runDashboard({
      client: broken,
      // A config "folder" below a plain file cannot be created.
      settings: testSettings({ token: sandbox.token, configDir: join(blocker, 'config') }),
      stdin: fakeStdin(),
      stdout: new FakeTty() as unknown as NodeJS.WriteStream,
      stderr,
    });
    await real.close();
    expect(code).toBe(1);
    expect(stderr.output).toBe(
      'The dashboard stopped on an unexpected error (boom). The details could not be written to a log file.\n',
    );
  });
});

describe('the CLI', () => {
  test('a client method that throws a non-SlotuiError: one sentence with the log path, exit 1', async () => {
    const dir = await folder();
    const token = sandbox.token;
    const factory = (options: ClientOptions): ApiClient => {
      const real = createClient(options);
      return Object.assign(Object.create(real) as ApiClient, {
        listPage: async () => {
          throw new RangeError(`kaput while paging with ${token}`, {
            cause: new Error(`inner ${token.toLowerCase()}`),
          });
        },
        close: () => real.close(),
      });
    };
    const env = {
      SLOTUI_CONFIG_DIR: dir,
      SLOTUI_BASE_URL: sandbox.baseUrl,
      SLOTUI_CA_FILE: sandbox.caFile,
      SLOTUI_TOKEN: token,
    };
    const r = await runCli(['list', 'slis', '--limit', '5'], { env, createClient: factory });
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    const log = await theLog(dir);
    expect(r.stderr).toBe(
      `slotui: unexpected error: kaput while paging with [redacted]. The details are in ${log.path}.\n`,
    );
    expectSafeLog(log, token);
    expect(log.text).toContain('RangeError: kaput while paging with [redacted]');
    expect(log.text).toContain('Caused by: Error: inner [redacted]');
    expect(log.text).toContain('running: slotui list slis');
    // Flag values are not recorded (one could be a secret).
    expect(log.text).not.toContain('--limit');
  });

  test('expected failures write no crash log', async () => {
    const dir = await folder();
    sandbox.setFaults({ errorRate: 1, errorStatuses: [500] });
    try {
      const env = {
        SLOTUI_CONFIG_DIR: dir,
        SLOTUI_BASE_URL: sandbox.baseUrl,
        SLOTUI_CA_FILE: sandbox.caFile,
        SLOTUI_TOKEN: sandbox.token,
      };
      const r = await runCli(['list', 'slis'], { env });
      expect(r.code).toBe(1);
      expect(r.stderr).not.toContain('crash');
      expect((await readdir(dir)).filter((f) => f.startsWith('crash-'))).toEqual([]);
    } finally {
      sandbox.setFaults({});
    }
  });
});

describe('writeCrashLog', () => {
  test('never overwrites: two crashes in the same millisecond of two processes differ by pid; a planted file is not followed', async () => {
    const dir = await folder();
    const now = () => new Date('2025-06-01T12:00:00.000Z');
    const first = writeCrashLog(new Error('one'), { configDir: dir, secrets: [], now });
    expect(first).toBe(join(dir, `crash-2025-06-01T12-00-00-000Z-${process.pid}.log`));
    // The same name again (same time, same pid): refused rather than overwritten.
    expect(writeCrashLog(new Error('two'), { configDir: dir, secrets: [], now })).toBeUndefined();
    expect(await readFile(first!, 'utf8')).toContain('Error: one');
  });

  test('values that are not errors are described too', () => {
    expect(crashDetails('plain text')).toBe('plain text');
    expect(crashDetails({ a: 1 })).toBe('{"a":1}');
  });
});
