/** The CLI says what it waits for: a request still running after a while is named on a terminal's stderr, then erased. */
import { PassThrough } from 'node:stream';
import { describe, expect, test } from 'vitest';
import { waitNotice } from '../../src/cli/waitNotice.js';
import { run, startCliHarness } from './helpers.js';

const terminal = () => {
  const stream = Object.assign(new PassThrough(), { isTTY: true, columns: 100 });
  let text = '';
  stream.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
  return { stream, written: () => text };
};

/** Resolves once `check` holds, checked at each write to the stream (the notice comes from a timer). */
async function until(stream: PassThrough, check: () => boolean): Promise<void> {
  while (!check()) await new Promise((resolve) => stream.once('data', resolve));
}

describe('the wait notice', () => {
  test('a request not ended after the delay is named (host, method, path), and erased when it ends', async () => {
    const { stream, written } = terminal();
    const started = waitNotice(stream, { afterMs: 20 });
    const ended = started({ method: 'GET', url: new URL('https://slo.example.com/v1/slis/?limit=10') });
    await until(stream, () => written().includes('Waiting for'));
    expect(written()).toMatch(/Waiting for slo\.example\.com to answer GET \/v1\/slis\/ \(0 s\)…/);
    ended();
    expect(written().endsWith('\r\x1b[2K')).toBe(true);
  });

  test('a quick request says nothing; nothing is ever drawn into a pipe', async () => {
    const { stream, written } = terminal();
    waitNotice(stream, { afterMs: 60_000 })({ method: 'GET', url: new URL('https://a.example/v1/slis/') })();
    const pipe = new PassThrough();
    const ended = waitNotice(pipe, { afterMs: 0 })({ method: 'GET', url: new URL('https://a.example/v1/slis/') });
    await new Promise((resolve) => setImmediate(resolve));
    ended();
    expect(written()).toBe('');
    expect(pipe.read()).toBeNull();
  });
});

describe('in the CLI', () => {
  test('list on a terminal names the request a slow service is keeping it waiting on; the data is untouched', async () => {
    const h = await startCliHarness();
    try {
      h.sandbox.setFaults({ latencyMs: 300 });
      const r = await run(['list', 'slis', '-o', 'name', '--limit', '1'], {
        env: h.env(),
        stderrIsTTY: true,
        progress: { waitNoticeMs: 20 },
      });
      expect(r.code).toBe(0);
      expect(r.stdout).toBe('sli/sli-000001\n');
      expect(r.stderr).toContain(`Waiting for ${new URL(h.sandbox.baseUrl).host} to answer GET /v1/slis/`);
      expect(r.stderr.endsWith('\r\x1b[2K')).toBe(true); // erased once the answer came
      const piped = await run(['list', 'slis', '-o', 'name', '--limit', '1'], {
        env: h.env(),
        progress: { waitNoticeMs: 20 },
      });
      expect(piped.stderr).toBe('');
    } finally {
      await h.close();
    }
  });
});
