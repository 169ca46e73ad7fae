/**
 * A command that reads no input never touches stdin: the program's stdin is
 * made at its first read (process.stdin builds a stream and loads fs streams
 * and readline, a few ms of every start), so `list` and `get` must not ask.
 */
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.js';
import { startFakeHarness, type FakeHarness } from './helpers.js';

let h: FakeHarness;
beforeAll(async () => {
  h = await startFakeHarness();
});
afterAll(() => h.close());

async function runCounting(argv: string[], input = ''): Promise<{ code: number; stdinReads: number; stdout: string }> {
  const stdin = new PassThrough();
  stdin.end(input);
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  let text = '';
  stdout.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
  stderr.resume();
  let stdinReads = 0;
  const code = await main({
    argv,
    env: h.env(),
    get stdin() {
      stdinReads++;
      return stdin;
    },
    stdout,
    stderr,
    createClient: h.createClient,
  });
  await new Promise((resolve) => setImmediate(resolve));
  return { code, stdinReads, stdout: text };
}

describe('stdin is left alone by commands that read no input', () => {
  it('list --json and get print without reading stdin', async () => {
    const listed = await runCounting(['list', 'slis', '--limit', '2', '--json']);
    expect(listed.code).toBe(0);
    expect(JSON.parse(listed.stdout)).toHaveLength(2);
    expect(listed.stdinReads).toBe(0);
    const id = (JSON.parse(listed.stdout) as { id: string }[])[0]!.id;
    const got = await runCounting(['get', 'sli', id, '--json']);
    expect(got.code).toBe(0);
    expect(got.stdinReads).toBe(0);
  });

  it('a command that reads input still reads it (create from stdin)', async () => {
    const created = await runCounting(['create', 'sli', '-f', '-', '--json'], JSON.stringify({ name: 'from stdin' }));
    expect(created.stdinReads).toBeGreaterThan(0);
  });
});
