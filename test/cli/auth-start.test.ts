/** What the start and the login flow decide without a service: the browser, the first run, the clipboard in tmux. */
import { PassThrough } from 'node:stream';
import { afterAll, describe, expect, test } from 'vitest';
import { canOpenBrowser, createAuthDeps } from '../../src/cli/commands/auth-setup.js';
import { isFirstRun } from '../../src/cli/commands/dashboard.js';
import { createContext } from '../../src/cli/context.js';
import { clipboardSequence } from '../../src/text/osc.js';
import { addProfile, removeTempDirs, run, tempDir } from './helpers.js';

afterAll(removeTempDirs);

describe('the browser and the first run', () => {
  test('a browser is offered only with a local display and not over SSH', () => {
    expect(canOpenBrowser({ DISPLAY: ':0' }, 'linux')).toBe(true);
    expect(canOpenBrowser({ WAYLAND_DISPLAY: 'wayland-0' }, 'linux')).toBe(true);
    expect(canOpenBrowser({}, 'linux')).toBe(false);
    expect(canOpenBrowser({ DISPLAY: ':0', SSH_CONNECTION: '1 2 3 4' }, 'linux')).toBe(false);
    expect(canOpenBrowser({ SSH_TTY: '/dev/pts/1' }, 'darwin')).toBe(false);
    expect(canOpenBrowser({}, 'darwin')).toBe(true);
  });

  test('first run: no profile with a base URL, and neither SLOTUI_BASE_URL nor SLOTUI_TOKEN', async () => {
    const configDir = await tempDir('slotui-first-');
    const io = (env: NodeJS.ProcessEnv) => ({
      argv: [],
      env: { SLOTUI_CONFIG_DIR: configDir, ...env },
      stdin: new PassThrough(),
      stdout: new PassThrough(),
      stderr: new PassThrough(),
    });
    expect(isFirstRun(createContext(io({}), {}))).toBe(true);
    expect(isFirstRun(createContext(io({ SLOTUI_TOKEN: 'x' }), {}))).toBe(false);
    expect(isFirstRun(createContext(io({ SLOTUI_BASE_URL: 'https://slo.example.com' }), {}))).toBe(false);
    // A CA file or a profile name set in a shell's rc file is not a configured service.
    expect(isFirstRun(createContext(io({ SLOTUI_CA_FILE: '/etc/ssl/corp.pem', SLOTUI_PROFILE: 'prod' }), {}))).toBe(
      true,
    );
    addProfile(configDir, 'prod', { baseUrl: 'https://slo.example.com' });
    expect(isFirstRun(createContext(io({}), {}))).toBe(false);
  });

  test('without a terminal, the dashboard still says it needs one (no welcome screen)', async () => {
    const configDir = await tempDir('slotui-first-');
    const r = await run([], { env: { SLOTUI_CONFIG_DIR: configDir } });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('needs a terminal');
  });
});

describe('the clipboard sequence inside tmux', () => {
  test('when TMUX is set, as is and wrapped in tmux passthrough (ESC doubled); as is elsewhere', () => {
    const sequence = clipboardSequence('https://slo.example.com/api/service/v1/users/m2m-token');
    const written = (env: NodeJS.ProcessEnv) => {
      const stdout = new PassThrough();
      const ctx = createContext({ argv: [], env, stdin: new PassThrough(), stdout, stderr: new PassThrough() }, {});
      createAuthDeps(ctx, { openBrowser: null }).writeTerminal?.(sequence);
      return String(stdout.read());
    };
    expect(written({})).toBe(sequence);
    expect(written({ TMUX: '/tmp/tmux-0/default,1,0' })).toBe(
      `${sequence}\u001bPtmux;${sequence.replaceAll('\u001b', '\u001b\u001b')}\u001b\\`,
    );
  });
});
