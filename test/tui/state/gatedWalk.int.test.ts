/** The record index read through the dashboard's request gate, on one connection to the sandbox. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RecordIndex } from '../../../src/api/recordIndex.js';
import { REGISTRY } from '../../../src/presentation/resources.js';
import { startSandbox } from '../../../src/sandbox/server.js';
import type { SandboxHandle } from '../../../src/sandbox/types.js';
import type { ApiClient } from '../../../src/api/types.js';
import { gatedWalk } from '../../../src/tui/state/gatedWalk.js';
import { RequestGate } from '../../../src/tui/state/requestGate.js';
import { sandboxClient } from '../helpers.js';

let sandbox: SandboxHandle;
let client: ApiClient;
beforeAll(async () => {
  sandbox = await startSandbox({ seed: 250 });
  client = sandboxClient(sandbox);
});
afterAll(async () => {
  await client?.close();
  await sandbox?.close();
});

describe('gatedWalk', () => {
  it('gathers every page as background requests, and a page the user waits for goes first', async () => {
    const gate = new RequestGate();
    const index = new RecordIndex({ walk: gatedWalk(client, gate, REGISTRY) });
    const done = index.ensure('slis');
    const asked = gate.now(() => client.listPage('slis', { limit: 5, offset: 200 }));
    await asked.promise;
    await done;
    expect(index.status('slis')).toMatchObject({ state: 'complete', held: 280 });
    const lists = sandbox.requests.filter((r) => r.path.startsWith('/v1/slis/?')).map((r) => r.path);
    // The user's page was sent before the index's second page.
    expect(lists.indexOf('/v1/slis/?limit=5&offset=200')).toBeLessThan(
      lists.findIndex((p) => p.includes('offset=100')),
    );
    index.close();
  });
});
