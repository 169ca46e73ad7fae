/**
 * How a run ends its connections. The program's own process ends when main returns, so a run
 * with nothing under way leaves its idle connections for the system to close (src/cli/main.ts);
 * main run in a test's process closes them, as it always did, and cancels what is under way.
 */
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { ApiClient, ClientOptions, CloseOptions } from '../../src/api/types.js';
import { main } from '../../src/cli/main.js';
import { startFakeHarness, type FakeHarness } from './helpers.js';

let h: FakeHarness;
beforeAll(async () => {
  h = await startFakeHarness();
});
afterAll(async () => {
  await h.close();
});

/** The close options each client of a `list` run was given, and the run's exit code and output. */
async function listRun(endsWithProcess: boolean | undefined) {
  const closes: (CloseOptions | undefined)[] = [];
  const stdout = new PassThrough();
  let out = '';
  stdout.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
  const code = await main({
    argv: ['list', 'slis', '--limit', '2', '--json'],
    env: h.env(),
    stdin: new PassThrough(),
    stdout,
    stderr: new PassThrough(),
    ...(endsWithProcess === undefined ? {} : { endsWithProcess }),
    createClient: (options: ClientOptions): ApiClient => {
      const client = h.createClient(options);
      return {
        ...client,
        close: (closeOptions) => {
          closes.push(closeOptions);
          return client.close(closeOptions);
        },
      };
    },
  });
  return { code, closes, records: (JSON.parse(out) as unknown[]).length };
}

test('in the program, a run leaves its idle connections to the end of its process', async () => {
  expect(await listRun(true)).toEqual({ code: 0, closes: [{ abort: true, leaveIdle: true }], records: 2 });
});

test('in another process (a test), a run closes its connections, cancelling what is under way', async () => {
  for (const endsWithProcess of [false, undefined])
    expect(await listRun(endsWithProcess)).toEqual({
      code: 0,
      closes: [{ abort: true, leaveIdle: false }],
      records: 2,
    });
});
