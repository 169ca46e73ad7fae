/**
 * The dashboard's whole lists over a fake client: what `/` works out for
 * each record (its search text) is worked out once, not again at every
 * change of the record index or every letter typed.
 */
import { expect, test } from 'vitest';
import type { ApiRecord } from '../../src/api/record.js';
import { createRegistry } from '../../src/api/resources.js';
import { REGISTRY } from '../../src/presentation/resources.js';
import { createDashboard } from '../../src/tui/dashboard.js';
import { fakeClient } from './fakeClient.js';
import { testSettings } from './testing.js';

test("/ works each record's search text out once, however often the index changes or the filter is typed", async () => {
  let reads = 0;
  const slis = REGISTRY.get('slis');
  const counted = {
    ...slis,
    columns: slis.columns.map((c) =>
      c.id === 'type'
        ? {
            ...c,
            get: (r: ApiRecord) => {
              reads++;
              return String(r.type ?? '');
            },
          }
        : c,
    ),
  };
  const registry = createRegistry(REGISTRY.defs.map((d) => (d.name === 'slis' ? counted : d)));
  const records = Array.from(
    { length: 1000 },
    (_, i): ApiRecord => ({
      id: `sli-${i}`,
      name: `indicator ${i}`,
      type: 'latency',
    }),
  );
  const dashboard = createDashboard({
    client: fakeClient({ slis: records }),
    settings: testSettings(),
    size: { columns: 120, rows: 30 },
    quit: () => undefined,
    registry,
  });
  const { index, wholes } = dashboard.session.getSnapshot();
  wholes.slis.setText('indicator');
  for (let i = 0; i < 200 && index.status('slis').state !== 'complete'; i++)
    await new Promise((resolve) => setTimeout(resolve, 5));
  expect(index.status('slis').state).toBe('complete');
  expect(wholes.slis.getSnapshot().matches).toBe(1000);
  const once = reads;
  // The list page draws its own cells; the search texts were worked out once each.
  expect(once).toBeLessThanOrEqual(1000 + 100);
  for (const text of ['indicator 9', 'indicator 99', 'indicator 999']) wholes.slis.setText(text);
  expect(wholes.slis.getSnapshot().matches).toBe(1);
  expect(reads).toBe(once);
  dashboard.dispose();
});

test('onGathering is called as a whole list starts being gathered, not when the dashboard is built', async () => {
  let gatherings = 0;
  const dashboard = createDashboard({
    client: fakeClient({ slis: [{ id: 'sli-1', name: 'checkout latency' }] }),
    settings: testSettings(),
    size: { columns: 120, rows: 30 },
    quit: () => undefined,
    onGathering: () => gatherings++,
  });
  const { index, wholes } = dashboard.session.getSnapshot();
  expect(gatherings).toBe(0);
  wholes.slis.setText('checkout');
  await index.ensure('slis');
  expect(index.status('slis').state).toBe('complete');
  expect(gatherings).toBe(1);
  dashboard.dispose();
});
