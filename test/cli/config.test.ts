/**
 * `slotui config path|schema|check`, and settings.yaml's per-profile readOnly
 * holding for the CLI: over the fake API, nothing is sent.
 */
import { chmodSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { run, startFakeHarness, type FakeHarness } from './helpers.js';

let h: FakeHarness;
beforeAll(async () => {
  h = await startFakeHarness();
});
afterAll(async () => {
  await h.close();
});

const write = (text: string) => {
  const file = join(h.configDir, 'settings.yaml');
  writeFileSync(file, text);
  chmodSync(file, 0o600);
};

describe('slotui config', () => {
  test('path names settings.yaml in the configuration folder; schema prints its JSON Schema', async () => {
    const path = await run(['config', 'path'], { env: h.env() });
    expect(path).toEqual({ code: 0, stdout: `${join(h.configDir, 'settings.yaml')}\n`, stderr: '' });
    const schema = await run(['config', 'schema'], { env: h.env() });
    expect(JSON.parse(schema.stdout)).toMatchObject({ type: 'object', additionalProperties: false });
  });

  test('check: a problem a line with its position, exit 3; fine: exit 0', async () => {
    write('profiles:\n  prod:\n    refresh: soon\n    readonly: true\n');
    const bad = await run(['config', 'check'], { env: h.env() });
    expect(bad.code).toBe(3);
    expect(bad.stdout.trimEnd().split('\n')).toEqual([
      expect.stringMatching(/^settings\.yaml:3:14: profiles\.prod\.refresh: must be a duration/),
      'settings.yaml:4:5: profiles.prod.readonly: unknown name "readonly" (did you mean "readOnly"?)',
    ]);
    write('profiles:\n  prod:\n    refresh: 30s\n');
    const good = await run(['config', 'check'], { env: h.env() });
    expect(good.code).toBe(0);
    expect(good.stderr).toContain('is fine');
  });

  test("check: a plugin whose key the dashboard already has there, at the key's line (after a plugin left out)", async () => {
    write(
      [
        'plugins:',
        '  - name: broken',
        '  - name: clash',
        '    contexts: [details]',
        '    key: d',
        '    command: [echo]',
      ].join('\n'),
    );
    const r = await run(['config', 'check'], { env: h.env() });
    expect(r.code).toBe(3);
    expect(r.stdout.trimEnd().split('\n')).toEqual([
      expect.stringMatching(/^settings\.yaml:2:5: plugins\.0\.command: /),
      `settings.yaml:5:10: plugins.1.key: "d" is delete's key on the details; choose another key.`,
    ]);
  });

  test('check: keys an action cannot have are problems at their place; the schema lists the action ids', async () => {
    write(
      'profiles: {}\nkeys:\n  next-page: [n, ctrl+f]\n  delte: []\n  sort: ctrl+i\n  reload: [r, pgdwn, ctrl+shift+x]\n',
    );
    const bad = await run(['config', 'check'], { env: h.env() });
    expect(bad.code).toBe(3);
    // Each key of a list that cannot be one, at its own place.
    const notAKey =
      ': a character, enter, esc, tab, space, up, down, left, right, home, end, pgup, pgdn, f1…f12, ctrl+LETTER or alt+KEY';
    expect(bad.stdout.trimEnd().split('\n')).toEqual([
      'settings.yaml:4:10: keys.delte: no action is called "delte" (did you mean "delete"?)',
      'settings.yaml:5:9: keys.sort: "ctrl+i" reaches slotui as tab (a terminal sends the two alike)',
      `settings.yaml:6:15: keys.reload.1: "pgdwn" is not a key name (did you mean "pgdn"?)${notAKey}`,
      `settings.yaml:6:22: keys.reload.2: "ctrl+shift+x" is not a key name${notAKey}`,
    ]);
    const schema = JSON.parse((await run(['config', 'schema'], { env: h.env() })).stdout) as {
      properties: { keys: { propertyNames: { enum: string[] } } };
    };
    expect(schema.properties.keys.propertyNames.enum).toEqual(
      expect.arrayContaining(['up', 'down', 'next-page', 'prev-page', 'first-page', 'last-page', 'delete', 'quit']),
    );
  });

  test('edit: a commented template when there is none (0600), opened in $VISUAL, then checked', async () => {
    const file = join(h.configDir, 'settings.yaml');
    rmSync(file, { force: true });
    // An editor that appends a line: what the user would type, a mistake in it.
    const editor = join(h.configDir, 'fake-editor.sh');
    writeFileSync(editor, '#!/bin/sh\nprintf "keys:\\n  delte: []\\n" >> "$1"\n', { mode: 0o700 });
    const r = await run(['config', 'edit'], { env: h.env({ VISUAL: editor }) });
    expect(r.code).toBe(3);
    expect(r.stdout).toMatch(
      /^settings\.yaml:\d+:\d+: keys\.delte: no action is called "delte" \(did you mean "delete"\?\)\n$/,
    );
    expect(readFileSync(file, 'utf8')).toMatch(/^# slotui settings[\s\S]*# keys:[\s\S]*\nkeys:\n {2}delte: \[\]\n$/);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    // An editor that quits without saving (exit 1): said, the file as it was, nothing checked.
    writeFileSync(editor, '#!/bin/sh\nexit 1\n', { mode: 0o700 });
    const cancelled = await run(['config', 'edit'], { env: h.env({ VISUAL: editor }) });
    expect(cancelled).toMatchObject({ code: 1, stdout: '' });
    expect(cancelled.stderr).toContain('quit without saving');
    rmSync(file, { force: true });
  });

  test('an unknown action is a usage error', async () => {
    expect((await run(['config', 'edit-it'], { env: h.env() })).code).toBe(2);
  });
});

describe("a profile's readOnly in settings.yaml", () => {
  test('the CLI refuses to change data in it, before any request; a bad part is warned about once', async () => {
    write('profiles:\n  default:\n    readOnly: true\n    refresh: soon\n');
    const before = h.api.requests.length;
    const r = await run(['delete', 'slo', 'slo-000001', '--yes'], { env: h.env() });
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/Read-only/i);
    expect(h.api.requests.length).toBe(before);
    const list = await run(['list', 'slo', '-o', 'name', '--limit', '1'], { env: h.env() });
    expect(list.code).toBe(0);
    expect(list.stderr).toMatch(
      /^slotui: warning: settings\.yaml:4:14: profiles\.default\.refresh: .* the rest of the file holds/,
    );
    write('{}\n');
  });
});
