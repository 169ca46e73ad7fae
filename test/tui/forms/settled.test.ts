/**
 * settled(list) waits (bounded) for a list to finish loading after a change.
 * Its bound must never hold the process: a dashboard quit while a list was
 * still loading (its store disposed, so it never reports the end) has to
 * end at once, not 15 seconds later.
 */
import { expect, test } from 'vitest';
import { settled } from '../../../src/tui/forms/context.js';
import type { ListStore } from '../../../src/tui/state/listStore.js';

const timersHoldingTheProcess = () => process.getActiveResourcesInfo().filter((kind) => kind === 'Timeout').length;

test('waiting for a list that never finishes loading does not keep the process alive', () => {
  const forever = {
    getSnapshot: () => ({ loading: 'page' }),
    subscribe: () => () => undefined,
  } as unknown as ListStore;
  const before = timersHoldingTheProcess();
  void settled(forever);
  expect(timersHoldingTheProcess()).toBe(before);
});

test('a list already loaded resolves at once', async () => {
  const idle = { getSnapshot: () => ({ loading: null }), subscribe: () => () => undefined } as unknown as ListStore;
  await expect(settled(idle)).resolves.toBeUndefined();
});
