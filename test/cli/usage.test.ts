import { chmodSync, readFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { PassThrough, Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { resourceList } from '../../src/api/resources.js';
import { REGISTRY, VIEWS } from '../../src/presentation/resources.js';
import { COMMANDS, type CommandName } from '../../src/cli/commands.js';
import { main } from '../../src/cli/main.js';
import { textWidth } from '../../src/text/width.js';
import { run, startFakeHarness, removeTempDirs, tempDir, type FakeHarness } from './helpers.js';

let h: FakeHarness;
beforeAll(async () => {
  h = await startFakeHarness();
});
afterAll(async () => {
  await h?.close();
  await removeTempDirs();
});

const packageVersion = (
  JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }
).version;

/** Every resource a user can name, as usage errors list them. */
const RESOURCE_LIST = resourceList(REGISTRY);

describe('usage errors exit 2 with one sentence and a pointer to --help', () => {
  test.each([
    [['frobnicate'], 'slotui: Unknown command "frobnicate". See `slotui --help`.\n'],
    [
      ['list', 'widgets'],
      `slotui: Unknown resource "widgets"; use one of ${RESOURCE_LIST}. See \`slotui list --help\`.\n`,
    ],
    [['get', 'slo'], 'slotui: `slotui get` needs <id>. See `slotui get --help`.\n'],
    [['list'], 'slotui: `slotui list` needs <resource>. See `slotui list --help`.\n'],
    [
      ['list', 'slis', 'extra'],
      'slotui: Too many arguments for `slotui list`: "extra" is one too many. See `slotui list --help`.\n',
    ],
    [['list', 'slis', '--frobnicate'], 'slotui: Unknown option --frobnicate. See `slotui list --help`.\n'],
    [
      ['get', 'slis', 'sli-000001', '--limit', '3'],
      'slotui: --limit is not an option of `slotui get`. See `slotui get --help`.\n',
    ],
    [['--json'], 'slotui: --json needs a command, such as `slotui list slis --json`. See `slotui --help`.\n'],
    [['delete', 'slis', 'x', '--yes=1'], 'slotui: --yes takes no value. See `slotui delete --help`.\n'],
    [['auth'], 'slotui: `slotui auth` needs a sub-command: login, status or logout. See `slotui auth --help`.\n'],
    [
      ['auth', 'whoami'],
      'slotui: Unknown sub-command "auth whoami"; use login, status or logout. See `slotui auth --help`.\n',
    ],
    [
      ['create', 'slis'],
      'slotui: `slotui create` needs --file FILE (a JSON file, or "-" for stdin) or --set FIELD=VALUE for each field. See `slotui create --help`.\n',
    ],
    [['lst', 'slis'], 'slotui: Unknown command "lst". Did you mean `slotui list`? See `slotui --help`.\n'],
    [
      ['list', 'sloz'],
      `slotui: Unknown resource "sloz"; did you mean "slos"? Use one of ${RESOURCE_LIST}. See \`slotui list --help\`.\n`,
    ],
    [
      ['get', 'organisation', 'x'],
      `slotui: Unknown resource "organisation"; did you mean "organizations"? Use one of ${RESOURCE_LIST}. See \`slotui get --help\`.\n`,
    ],
    [
      ['list', 'slis', '--limt', '5'],
      'slotui: Unknown option --limt. Did you mean --limit? See `slotui list --help`.\n',
    ],
    [
      ['auth', 'stauts'],
      'slotui: Unknown sub-command "auth stauts"; did you mean "auth status"? Use login, status or logout. See `slotui auth --help`.\n',
    ],
    [
      ['delete', 'slis', '.', '--yes'],
      'slotui: The sli id "." cannot be sent (. and .. are path steps, not ids). Give the id of a record, as shown by `slotui list slis`. See `slotui delete --help`.\n',
    ],
    [
      ['delete', 'slos', '..', '--yes'],
      'slotui: The slo id ".." cannot be sent (. and .. are path steps, not ids). Give the id of a record, as shown by `slotui list slos`. See `slotui delete --help`.\n',
    ],
    [
      ['get', 'orgs', '.'],
      'slotui: The organization id "." cannot be sent (. and .. are path steps, not ids). Give the id of a record, as shown by `slotui list organizations`. See `slotui get --help`.\n',
    ],
    [
      ['update', 'slis', '..', '--file', '-'],
      'slotui: The sli id ".." cannot be sent (. and .. are path steps, not ids). Give the id of a record, as shown by `slotui list slis`. See `slotui update --help`.\n',
    ],
    [
      ['sandbox', '--host', '0.0.0.0'],
      "slotui: --host 0.0.0.0 is not a loopback address, so anyone who can reach it could get a token from the sandbox's /login without a password and change its data; add --expose to serve it there anyway. See `slotui sandbox --help`.\n",
    ],
    [
      ['sandbox', '--host', 'slo.example.com', '--data', 'x.json'],
      "slotui: --host slo.example.com is not a loopback address, so anyone who can reach it could get a token from the sandbox's /login without a password and change its data; add --expose to serve it there anyway. See `slotui sandbox --help`.\n",
    ],
    [
      ['sandbox', '--port', '70000'],
      'slotui: --port must be a whole number from 0 to 65535 (got "70000"). See `slotui sandbox --help`.\n',
    ],
  ])('%j', async (argv, stderr) => {
    const before = h.sandbox.stats().requests;
    const r = await run(argv, { api: h.api, env: h.env() });
    expect(r.stderr).toBe(stderr);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(h.sandbox.stats().requests).toBe(before);
  });

  test('a token pasted as an argument by mistake is not echoed whole', async () => {
    const r = await run(['get', h.sandbox.token], { api: h.api, env: h.env() });
    expect(r.code).toBe(2);
    expect(r.stderr).not.toContain(h.sandbox.token);
  });
});

describe('the dashboard needs a terminal', () => {
  test.each([[{}], [{ stdoutIsTTY: true }], [{ stdinIsTTY: true }]])(
    'bare slotui without a TTY (%j): exit 2, nothing started',
    async (tty) => {
      const before = h.sandbox.stats().requests;
      const r = await run([], { api: h.api, env: h.env(), ...tty });
      expect(r.code).toBe(2);
      expect(r.stdout).toBe('');
      expect(r.stderr).toBe(
        "slotui's dashboard needs a terminal. For scripts use `slotui list <resource>` (see slotui --help).\n",
      );
      expect(h.sandbox.stats().requests).toBe(before);
    },
  );

  test('--demo checks the terminal before starting the sandbox', async () => {
    const r = await run(['--demo'], { env: {} });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('needs a terminal');
  });
});

describe('help and version', () => {
  test('--version prints the package version', async () => {
    const r = await run(['--version'], { env: {} });
    expect(r).toEqual({ code: 0, stdout: `slotui ${packageVersion}\n`, stderr: '' });
  });

  test('--help lists every command, the variables and the exit codes', async () => {
    const r = await run(['--help'], { env: {} });
    expect(r.code).toBe(0);
    for (const word of [
      'slotui list',
      'slotui get',
      'slotui create',
      'slotui update',
      'slotui delete',
      'slotui auth login',
      'slotui auth status',
      'slotui auth logout',
      'slotui sandbox',
      '--demo',
      'SLOTUI_BASE_URL',
      'SLOTUI_FRONTEND_URL',
      'SLOTUI_TOKEN',
      'SLOTUI_CA_FILE',
      'SLOTUI_CONFIG_DIR',
      'SLOTUI_PROFILE',
      'NO_COLOR',
      '--profile',
      '--read-only',
      'Exit codes',
    ]) {
      expect(r.stdout).toContain(word);
    }
  });

  test.each([
    [['list', '--help'], 'Usage: slotui list <resource> [--limit N] [--offset N] [--all] [-o FORMAT]'],
    [['help', 'delete'], 'Usage: slotui delete <resource> <id>... [--yes]'],
    [['auth', 'login', '-h'], 'Usage: slotui auth login --with-token'],
    [['auth', '--help'], 'Usage: slotui auth <login|status|logout>'],
    [['sandbox', '--help'], 'Usage: slotui sandbox [--port N] [--host H [--expose]] [--data FILE] [--seed N]'],
  ])('%j', async (argv, first) => {
    const r = await run(argv, { env: {} });
    expect(r.code).toBe(0);
    expect(r.stdout.startsWith(first)).toBe(true);
  });
});

describe('help for each command', () => {
  const topics = (Object.keys(COMMANDS) as CommandName[]).filter((name) => name !== 'dashboard');

  test.each(topics)('%s --help: examples, every line within 80 columns', async (name) => {
    const r = await run([...name.split(' '), '--help'], { env: {} });
    expect(r.code).toBe(0);
    const lines = r.stdout.split('\n');
    expect(lines).toContain('Examples:');
    expect(lines[lines.indexOf('Examples:') + 2]).toContain('slotui ');
    for (const line of lines) expect(textWidth(line), line).toBeLessThanOrEqual(80);
  });

  test.each(topics.filter((name) => COMMANDS[name].details))(
    '%s --help: its notes are wrapped as paragraphs, no line ended early',
    async (name) => {
      const r = await run([...name.split(' '), '--help'], { env: {} });
      // Usage, the summary, then the notes.
      const notes = r.stdout.split('\n\n')[2]!.split('\n');
      const indent = (line: string): number => /^ */.exec(line)![0].length;
      notes.slice(1).forEach((next, i) => {
        const line = notes[i]!;
        if (/[.:]$/.test(line) || indent(line) !== indent(next)) return;
        const word = next.trimStart().split(' ')[0]!;
        expect(textWidth(line) + 1 + textWidth(word), `"${word}" fits after "${line}"`).toBeGreaterThan(80);
      });
    },
  );

  test('slotui --help and auth --help fit 80 columns', async () => {
    for (const argv of [['--help'], ['auth', '--help']]) {
      for (const line of (await run(argv, { env: {} })).stdout.split('\n'))
        expect(textWidth(line), line).toBeLessThanOrEqual(80);
    }
  });

  test('create --help lists the fields from the registry; with a resource, that resource only', async () => {
    const one = await run(['create', 'slo', '--help'], { env: {} });
    expect(one.stdout).toContain('Fields of an SLO (* required):');
    expect(one.stdout).toMatch(/^ {2}time_window_value\* +a number in quotes, such as "30"$/m);
    expect(one.stdout).toMatch(/^ {2}interval +a whole number, such as 60$/m);
    expect(one.stdout).toMatch(/^ {2}service_level_indicator_id\* +the id of an SLI$/m);
    expect(one.stdout).not.toContain('Fields of an SLI');
    const all = await run(['create', '--help'], { env: {} });
    for (const def of Object.values(VIEWS)) {
      for (const field of def.fields) expect(all.stdout).toMatch(new RegExp(`^ {2}${field.key}\\*? `, 'm'));
    }
  });
});

describe('--json never mixes prose into stdout', () => {
  test.each([
    [['list', 'slis', '--json', '--limit', '2']],
    [['list', 'slis', '--json', '--offset', '99999']],
    [['get', 'slis', 'sli-000001', '--json']],
    [['get', 'slis', 'sli-999999', '--json']],
    [['list', 'slis', '--json', '--limit', 'x']],
    [['auth', 'status', '--json']],
  ])('%j: stdout is empty or valid JSON', async (argv) => {
    const r = await run(argv, { api: h.api, env: h.env() });
    if (r.stdout !== '') expect(() => JSON.parse(r.stdout)).not.toThrow();
    if (r.code !== 0) expect(r.stderr).toMatch(/^slotui: /);
  });

  test('a failure part-way through --all leaves the JSON array unclosed (no partial list passes for whole) and exit 1', async () => {
    const flaky = await startFakeHarness({ sample: false, seed: 500 });
    try {
      // Once the first page is printed, every request is answered 500 (the client does not retry 500).
      let out = '';
      let err = '';
      const stdout = new Writable({
        write(chunk: Buffer, _encoding, callback) {
          if (out === '') flaky.sandbox.setFaults({ errorRate: 1, errorStatuses: [500] });
          out += chunk.toString();
          callback();
        },
      });
      const stderr = new PassThrough().setEncoding('utf8');
      stderr.on('data', (chunk: string) => (err += chunk));
      const code = await main({
        argv: ['list', 'slis', '--all', '--json'],
        env: flaky.env(),
        createClient: flaky.createClient,
        stdin: new PassThrough(),
        stdout,
        stderr,
      });
      const r = { code, stdout: out, stderr: err };
      expect(r.code).toBe(1);
      expect(() => JSON.parse(r.stdout)).toThrow();
      const records = JSON.parse(`${r.stdout}]`) as unknown[];
      expect(records.length).toBeGreaterThan(0);
      expect(records.length).toBeLessThan(500);
      expect(r.stderr).toMatch(/^slotui: The server failed to answer GET/);
    } finally {
      await flaky.close();
    }
  });
});

describe('config hygiene through the CLI', () => {
  test.runIf(process.platform !== 'win32')(
    'a config file others can read is refused with the chmod that fixes it',
    async () => {
      const dir = await tempDir('slotui-cli-loose-');
      const file = join(dir, 'config.json');
      await writeFile(file, JSON.stringify({ profiles: {} }));
      chmodSync(file, 0o644);
      const r = await run(['list', 'slis'], { api: h.api, env: h.env({ SLOTUI_CONFIG_DIR: dir }) });
      expect(r.code).toBe(1);
      expect(r.stderr).toBe(
        `slotui: The config file ${file} can be read by other users. Run \`chmod 600 ${file}\` and try again.\n`,
      );
    },
  );
});
