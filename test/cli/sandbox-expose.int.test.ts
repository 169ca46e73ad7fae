/**
 * `slotui sandbox --host` off loopback: refused without --expose (usage.test
 * has the sentence); with it, a warning on stderr says who can reach the
 * sandbox and what they can do. 192.0.2.1 (TEST-NET-1) belongs to no machine,
 * so the listen fails and nothing is ever served off loopback here.
 */
import { afterAll, describe, expect, test } from 'vitest';
import { removeTempDirs, run, tempDir } from './helpers.js';

afterAll(() => removeTempDirs());

describe('slotui sandbox --expose', () => {
  test('warns on stderr who can reach it and what they can do, then says why it cannot listen there', async () => {
    const dir = await tempDir();
    const r = await run(
      ['sandbox', '--host', '192.0.2.1', '--port', '8443', '--expose', '--data', `${dir}/data.json`],
      { env: { SLOTUI_CONFIG_DIR: dir } },
    );
    const lines = r.stderr.trimEnd().split('\n');
    expect(lines[0]).toBe(
      `slotui: warning: the sandbox listens on 192.0.2.1 port 8443: anyone who can reach this machine there can get a token from its /login without a password and read, create, change and delete its records, and every change they make is written to ${dir}/data.json.`,
    );
    expect(lines[1]).toBe(
      'slotui: The sandbox cannot listen on 192.0.2.1:8443: that address is not an address of this machine; give another --host.',
    );
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
  });
});
