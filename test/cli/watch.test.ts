import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SlotuiError } from '../../src/api/errors.js';
import type { ApiRecord } from '../../src/api/record.js';
import { main } from '../../src/cli/main.js';
import { fakeClient, type FakeClient } from '../tui/fakeClient.js';

const slo = (id: string, fields: Record<string, unknown> = {}): ApiRecord => ({
  id,
  name: `objective ${id}`,
  target_value: '99.9',
  ...fields,
});

describe('slotui watch: one line a change, until stopped', () => {
  let configDir: string;
  beforeEach(() => {
    // Only the watch's own timers are faked: loading the command and its client still takes real turns.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    configDir = mkdtempSync(join(tmpdir(), 'slotui-watch-'));
  });
  afterEach(() => {
    vi.useRealTimers();
    rmSync(configDir, { recursive: true, force: true });
  });

  /** Counts the whole-list reads the watch finishes. */
  function countReads(client: FakeClient) {
    const state = { reads: 0 };
    const pages = client.pages.bind(client);
    client.pages = async function* (resource, options) {
      yield* pages(resource, options);
      state.reads++;
    };
    return state;
  }

  /** Real turns of the event loop until the condition holds (bounded by real time: loading the command takes some). */
  async function until(condition: () => boolean): Promise<void> {
    const deadline = performance.now() + 10_000;
    while (!condition()) {
      if (performance.now() > deadline) throw new Error('the watch never got there');
      await new Promise((resolve) => setImmediate(resolve));
    }
  }

  /** The interval passes (once the watch waits on it) and the next read is done. */
  async function nextRead(state: { reads: number }): Promise<void> {
    const reads = state.reads;
    await until(() => vi.getTimerCount() > 0);
    await vi.advanceTimersByTimeAsync(10_000);
    await until(() => state.reads > reads);
  }

  function start(client: FakeClient, ...flags: string[]) {
    const stdout = new PassThrough();
    const stderr = new PassThrough();
    let out = '';
    let err = '';
    stdout.setEncoding('utf8').on('data', (c: string) => (out += c));
    stderr.setEncoding('utf8').on('data', (c: string) => (err += c));
    const stop = new AbortController();
    const running = main({
      argv: ['watch', 'slos', '--interval', '10s', ...flags],
      env: { SLOTUI_CONFIG_DIR: configDir, SLOTUI_BASE_URL: 'https://fake.test', SLOTUI_TOKEN: 'token' },
      stdin: new PassThrough(),
      stdout,
      stderr,
      signal: stop.signal,
      createClient: () => client,
    });
    return { running, stop: () => stop.abort(), out: () => out, err: () => err };
  }

  it('prints nothing for the first read, then +, ~ with each field and - as they happen; Ctrl+C ends with 0', async () => {
    const client = fakeClient({ slos: [slo('slo-1'), slo('slo-2'), slo('slo-3')] });
    const state = countReads(client);
    const watch = start(client);
    await until(() => state.reads === 1);
    expect(watch.out()).toBe('');

    client.records.slos = [
      slo('slo-1', { target_value: '99.95', name: 'checkout' }),
      slo('slo-3'),
      slo('slo-4', { name: 'checkout-api latency' }),
    ];
    await nextRead(state);
    expect(watch.out()).toBe(
      [
        '~ slo/slo-1 name "objective slo-1" → "checkout", target_value "99.9" → "99.95"',
        '+ slo/slo-4 checkout-api latency',
        '- slo/slo-2',
        '',
      ].join('\n'),
    );
    // A read with nothing new prints nothing.
    await nextRead(state);
    expect(watch.out().split('\n')).toHaveLength(4);

    watch.stop();
    expect(await watch.running).toBe(0);
  });

  it('-o json: one object a line, absent values as null', async () => {
    const client = fakeClient({ slos: [slo('slo-1', { description: 'old' }), slo('slo-2')] });
    const state = countReads(client);
    const watch = start(client, '-o', 'json');
    await until(() => state.reads === 1);
    client.records.slos = [slo('slo-1')];
    await nextRead(state);
    watch.stop();
    expect(await watch.running).toBe(0);
    expect(
      watch
        .out()
        .trimEnd()
        .split('\n')
        .map((line) => JSON.parse(line)),
    ).toEqual([
      {
        type: 'changed',
        resource: 'slos',
        id: 'slo-1',
        name: 'objective slo-1',
        changes: { description: ['old', null] },
      },
      { type: 'deleted', resource: 'slos', id: 'slo-2', name: 'objective slo-2' },
    ]);
  });

  it('a failed read is one line on stderr and the watch goes on from what it last read', async () => {
    const client = fakeClient({ slos: [slo('slo-1')] });
    const state = countReads(client);
    const watch = start(client);
    await until(() => state.reads === 1);
    const pages = client.pages;
    client.pages = () => {
      throw new SlotuiError('network', 'The service did not answer.');
    };
    await until(() => vi.getTimerCount() > 0);
    await vi.advanceTimersByTimeAsync(10_000);
    await until(() => watch.err() !== '');
    expect(watch.err()).toBe('slotui: reading SLOs failed: The service did not answer. Trying again in 10s.\n');
    client.pages = pages;
    client.records.slos = [slo('slo-1'), slo('slo-2')];
    await nextRead(state);
    expect(watch.out()).toBe('+ slo/slo-2 objective slo-2\n');
    watch.stop();
    expect(await watch.running).toBe(0);
  });

  it('server text cannot reach the terminal raw', async () => {
    const client = fakeClient({ slos: [] });
    const state = countReads(client);
    const watch = start(client);
    await until(() => state.reads === 1);
    client.records.slos = [slo('slo-9', { name: 'evil\u001b]52;c;aGk=\u0007name\nsecond' })];
    await nextRead(state);
    watch.stop();
    await watch.running;
    expect(watch.out()).toBe('+ slo/slo-9 evilname second\n');
  });

  it.each([['0s'], ['500ms'], ['2d'], ['soon']])('--interval %s is a usage error (exit 2)', async (interval) => {
    const watch = start(fakeClient(), '--interval', interval);
    expect(await watch.running).toBe(2);
    expect(watch.err()).toMatch(/^slotui: --interval/);
  });
});
