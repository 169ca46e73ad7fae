/**
 * `slotui list slis --all` over 3,000 SLIs (30 pages) while 20% of the requests fail
 * transiently (502/503, or resets and cut-off bodies), through main(): every
 * record is printed exactly once and in order, or the command fails with a
 * clear sentence and what it printed is exactly the start of the real
 * sequence (no gap, no duplicate); a partial --json array is left unclosed
 * so no script mistakes it for a whole listing.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { startSandbox } from '../../src/sandbox/server.js';
import type { Faults, SandboxHandle } from '../../src/sandbox/types.js';
import { expectOneSentence, removeFolder, runCli, tempFolder, watchProcess } from './helpers.js';

let sandbox: SandboxHandle;
let configDir: string;
let reference: string[];
let watch: ReturnType<typeof watchProcess>;
/** 30 pages of 100: enough faults in every run for both ways out across the seeds. */
const COUNT = 3_000;

beforeAll(async () => {
  sandbox = await startSandbox({ sample: false, seed: COUNT });
  configDir = await tempFolder('slotui-list-all-');
  const clean = await runCli(['list', 'slis', '--all', '--json'], { env: env() });
  reference = (JSON.parse(clean.stdout) as { id: string }[]).map((r) => r.id);
}, 60_000);
afterAll(async () => {
  await sandbox.close();
  await removeFolder(configDir);
});
beforeEach(() => {
  watch = watchProcess();
});
afterEach(() => {
  watch.stop();
  watch.check();
  sandbox.setFaults({});
});

function env(): NodeJS.ProcessEnv {
  return {
    SLOTUI_CONFIG_DIR: configDir,
    SLOTUI_BASE_URL: sandbox.baseUrl,
    SLOTUI_CA_FILE: sandbox.caFile,
    SLOTUI_TOKEN: sandbox.token,
  };
}

/** The ids of a --json output, complete (a valid array) or cut short (the array left open). */
function idsOf(stdout: string): { ids: string[]; complete: boolean } {
  const trimmed = stdout.trimEnd();
  if (trimmed === '') return { ids: [], complete: false };
  const complete = trimmed.endsWith(']');
  const lines = trimmed.split('\n').filter((l) => l !== '[' && l !== ']');
  const ids = lines.map((l) => (JSON.parse(l.replace(/,$/, '')) as { id: string }).id);
  if (complete) expect(JSON.parse(stdout)).toHaveLength(ids.length);
  return { ids, complete };
}

const TRANSIENT: Record<string, Faults> = {
  '502 and 503': { errorRate: 0.2, errorStatuses: [502, 503], retryAfterSeconds: 0 },
  'resets and cut-off bodies': { resetRate: 0.1, truncateRate: 0.12 },
};

describe('list --all while 20% of the requests fail', () => {
  test('the reference: every id, once each, in order', () => {
    expect(reference).toHaveLength(COUNT);
    expect(new Set(reference).size).toBe(COUNT);
    expect(reference[0]).toBe('sli-000001');
    expect(reference.at(-1)).toBe(`sli-${String(COUNT).padStart(6, '0')}`);
  });

  test.each(Object.entries(TRANSIENT))(
    '%s, --json: all once in order, or a clear error after an exact prefix',
    async (_name, faults) => {
      const outcomes: string[] = [];
      const asked = { requests: 0, pages: 0 };
      for (const seed of [1, 2, 3, 4, 5, 6]) {
        sandbox.setFaults({ ...faults, seed });
        const before = sandbox.stats().requests;
        const r = await runCli(['list', 'slis', '--all', '--json'], {
          env: env(),
          client: { sleep: async () => undefined },
        });
        const { ids, complete } = idsOf(r.stdout);
        // Never a gap or a duplicate: what was printed is the real sequence's start.
        expect(ids, `seed ${seed}`).toEqual(reference.slice(0, ids.length));
        if (r.code === 0) {
          expect(complete, `seed ${seed}`).toBe(true);
          expect(ids).toHaveLength(COUNT);
          expect(r.stderr).toBe('');
          outcomes.push('complete');
        } else {
          expect(r.code).toBe(1);
          expect(complete, `seed ${seed}: a partial listing must not be valid JSON`).toBe(false);
          expect(() => JSON.parse(r.stdout)).toThrow();
          expect(r.stderr).toMatch(
            /^slotui: (The server failed to answer GET \/v1\/slis\/ \(HTTP 50[23]|The connection to .* was closed before an answer arrived|The server's answer to \/v1\/slis\/ was cut off)/,
          );
          expectOneSentence(r.stderr);
          outcomes.push('failed');
        }
        // Every page printed was asked for, and no page more than 3 times.
        const requests = sandbox.stats().requests - before;
        const pages = Math.ceil((ids.length + 100) / 100);
        expect(requests).toBeGreaterThanOrEqual(Math.floor(ids.length / 100));
        expect(requests).toBeLessThanOrEqual(3 * pages);
        asked.requests += requests;
        asked.pages += Math.floor(ids.length / 100);
      }
      // Retries happened: 20% of the requests fail, so over the seeds there were more requests than pages.
      expect(asked.requests).toBeGreaterThan(asked.pages);
      // The seeds cover both ways out, so both branches above are really exercised.
      expect(outcomes).toContain('complete');
      expect(outcomes).toContain('failed');
    },
    60_000,
  );

  test('as a table: every row once, in order, or a clear error after an exact prefix', async () => {
    sandbox.setFaults({ ...TRANSIENT['502 and 503'], seed: 1 });
    const r = await runCli(['list', 'slis', '--all'], { env: env(), client: { sleep: async () => undefined } });
    const lines = r.stdout.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^NAME/);
    const ids = lines.slice(1).map((l) => l.match(/\bsli-\d{6}\b/g)?.at(-1));
    expect(ids).toEqual(reference.slice(0, ids.length));
    if (r.code === 0) expect(ids).toHaveLength(COUNT);
    else expectOneSentence(r.stderr);
  }, 30_000);
});
