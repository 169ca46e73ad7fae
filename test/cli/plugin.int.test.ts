/**
 * Plugins as real child processes against the sandbox over TLS: `slotui
 * plugin run` gives them the argv, environment and input the dashboard gives
 * (src/domain/plugins.ts), never the token, never a shell; their exit status
 * is passed on. The README's three examples run here as written.
 */
import { chmod, readFile, stat, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { checkSettingsText } from '../../src/config/userSettings.js';
import { DEFAULT_KEYMAP } from '../../src/tui/keys.js';
import { withPluginKeys } from '../../src/tui/plugins.js';
import { removeTempDirs, run, startCliHarness, tempDir, type CliHarness } from './helpers.js';

let h: CliHarness;
beforeAll(async () => {
  h = await startCliHarness();
});
afterAll(async () => {
  await h?.close();
  await removeTempDirs();
});

const env = (extra: NodeJS.ProcessEnv = {}) => h.env({ PATH: process.env.PATH, ...extra });

async function withPlugins(yaml: string): Promise<void> {
  const file = join(h.configDir, 'settings.yaml');
  await writeFile(file, yaml, { mode: 0o600 });
  const { problems } = checkSettingsText(yaml);
  expect(problems).toEqual([]);
}

/** A plugin that reports what it was given as JSON: its arguments, the SLOTUI_ variables, its input. */
const REPORTER = [
  'let input = "";',
  'process.stdin.on("data", (c) => (input += c));',
  'process.stdin.on("end", () => console.log(JSON.stringify({',
  '  argv: process.argv.slice(1),',
  '  env: Object.fromEntries(Object.entries(process.env).filter(([k]) => k.startsWith("SLOTUI_"))),',
  '  allEnv: Object.values(process.env).join("\\n"),',
  '  input,',
  '})));',
].join(' ');

describe('slotui plugin run', () => {
  test('argv, environment and input as documented; the token in none of them; the exit status passed on', async () => {
    await withPlugins(
      [
        'plugins:',
        '  - name: report',
        '    stdin: records',
        `    command: [${JSON.stringify(process.execPath)}, -e, ${JSON.stringify(REPORTER)}, $SLOTUI_ID, "--id=$SLOTUI_ID", $SLOTUI_PROFILE, $SLOTUI_BASE_URL]`,
        '  - name: exit3',
        `    command: [${JSON.stringify(process.execPath)}, -e, "process.exit(3)"]`,
      ].join('\n'),
    );
    const r = await run(['plugin', 'run', 'report', 'slo', 'slo-000001', 'slo-000002'], { env: env() });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const got = JSON.parse(r.stdout) as { argv: string[]; env: Record<string, string>; allEnv: string; input: string };
    expect(got.argv).toEqual(['slo-000001', 'slo-000002', '--id=$SLOTUI_ID', 'default', h.sandbox.baseUrl]);
    expect(got.env).toEqual({
      SLOTUI_IDS: 'slo-000001 slo-000002',
      SLOTUI_RESOURCE: 'slos',
      SLOTUI_PROFILE: 'default',
      SLOTUI_BASE_URL: h.sandbox.baseUrl,
      SLOTUI_PLUGIN: 'report',
      SLOTUI_CONFIG_DIR: h.configDir,
      SLOTUI_CA_FILE: h.sandbox.caFile,
    });
    const records = JSON.parse(got.input) as { id: string }[];
    expect(records.map((x) => x.id)).toEqual(['slo-000001', 'slo-000002']);
    for (const text of [r.stdout, got.allEnv, got.input, ...got.argv]) expect(text).not.toContain(h.sandbox.token);

    const failed = await run(['plugin', 'run', 'exit3', 'slo', 'slo-000001'], { env: env() });
    expect(failed.code).toBe(3);
  });

  test('a record named $(touch x) is one argument, as written: nothing runs it', async () => {
    const dir = await tempDir();
    const name = `$(touch ${join(dir, 'pwned')}) \`touch ${join(dir, 'pwned2')}\``;
    const updated = await run(['update', 'slo', 'slo-000003', '-f', '-'], {
      env: env(),
      stdin: JSON.stringify({ name }),
    });
    expect(updated.code).toBe(0);
    await withPlugins(
      [
        'plugins:',
        '  - name: echo-name',
        `    command: [${JSON.stringify(process.execPath)}, -e, "console.log(JSON.stringify(process.argv.slice(1)))", $SLOTUI_NAME]`,
      ].join('\n'),
    );
    const r = await run(['plugin', 'run', 'echo-name', 'slo', 'slo-000003'], { env: env() });
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual([name]);
    expect(existsSync(join(dir, 'pwned'))).toBe(false);
    expect(existsSync(join(dir, 'pwned2'))).toBe(false);
  });

  test('plugin list, and the one-line refusals', async () => {
    await withPlugins(
      [
        'plugins:',
        '  - name: danger',
        '    key: ctrl+k',
        '    description: changes things',
        '    resources: [slos]',
        '    dangerous: true',
        '    command: ["true"]',
      ].join('\n'),
    );
    const list = await run(['plugin', 'list'], { env: env() });
    expect(list.stdout).toBe(
      'NAME    KEY     RESOURCES  WHERE         FLAGS      DESCRIPTION\ndanger  ctrl+k  slos       list,details  dangerous  changes things\n',
    );
    const readOnly = await run(['plugin', 'run', 'danger', 'slo', 'slo-000001', '--read-only'], { env: env() });
    expect(readOnly.code).toBe(1);
    expect(readOnly.stderr).toMatch(/^slotui: Read-only mode .* nothing was run \(plugin danger is dangerous\)/);
    const unknown = await run(['plugin', 'run', 'dangr', 'slo', 'slo-000001'], { env: env() });
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('No plugin is named "dangr"; did you mean "danger"?');
    const wrongResource = await run(['plugin', 'run', 'danger', 'sli', 'sli-000001'], { env: env() });
    expect(wrongResource.code).toBe(2);
    expect(wrongResource.stderr).toContain('Plugin danger does not run on SLIs.');
  });
});

describe("the README's plugins", () => {
  let yaml: string;
  beforeAll(async () => {
    const readme = await readFile('README.md', 'utf8');
    yaml = /<!-- plugins-example -->\n```yaml\n([\s\S]*?)```/.exec(readme)![1]!;
    await withPlugins(yaml);
  });

  test('they are valid settings, and their keys clash with none of the dashboard', () => {
    const { settings } = checkSettingsText(yaml);
    expect(settings.plugins?.map((p) => p.name)).toEqual(['browse', 'dump', 'summary']);
    expect(withPluginKeys(DEFAULT_KEYMAP, settings.plugins!, { readOnly: false }).problems).toEqual([]);
  });

  test('browse opens the URL of the SLO in $BROWSER', async () => {
    const dir = await tempDir();
    const browser = join(dir, 'browser');
    await writeFile(
      browser,
      `#!${process.execPath}\nrequire('fs').writeFileSync(${JSON.stringify(join(dir, 'opened'))}, process.argv[2]);\n`,
    );
    await chmod(browser, 0o700);
    const r = await run(['plugin', 'run', 'browse', 'slo', 'slo-000001'], { env: env({ BROWSER: browser }) });
    expect(r.code).toBe(0);
    expect(await readFile(join(dir, 'opened'), 'utf8')).toBe('https://grafana.example.com/d/slo?var-slo=slo-000001');
  });

  test('dump prints the marked SLOs as JSON through jq', async () => {
    const r = await run(['plugin', 'run', 'dump', 'slo', 'slo-000001', 'slo-000002'], { env: env() });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const dumped = JSON.parse(r.stdout) as { id: string; name: string; target: string }[];
    expect(dumped.map((s) => s.id)).toEqual(['slo-000001', 'slo-000002']);
    expect(Object.keys(dumped[0]!)).toEqual(['id', 'name', 'target']);
  });

  test('summary appends a Markdown summary to a private file, without a shell', async () => {
    const dir = await tempDir();
    // The example names summaries.md: the test's own copy of it names a file in a folder of its own.
    await withPlugins(yaml.replace('summaries.md', join(dir, 'summaries.md')));
    const r = await run(['plugin', 'run', 'summary', 'slo', 'slo-000001', 'slo-000002'], { env: env() });
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(`Posted a summary of 2 to ${join(dir, 'summaries.md')}.\n`);
    const text = await readFile(join(dir, 'summaries.md'), 'utf8');
    expect(text).toMatch(/^## 2 slos \(profile default\)\n\n- slo-000001 .+ · target [\d.]+%\n- slo-000002 .+\n\n$/);
    expect((await stat(join(dir, 'summaries.md'))).mode & 0o777).toBe(0o600);
    await withPlugins(yaml);
  });
});
