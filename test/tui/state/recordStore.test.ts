/**
 * The record store on its own, over a client whose every read is answered by the test: what is
 * shown while a read is under way, which answer wins, what a refresh, a 404 and a failure leave,
 * what is aborted, and the bound on the records kept.
 */
import { describe, expect, it } from 'vitest';
import type { ApiRecord } from '../../../src/api/record.js';
import type { ApiClient } from '../../../src/api/types.js';
import { RecordStore } from '../../../src/tui/state/recordStore.js';

interface Read {
  id: string;
  signal: AbortSignal | undefined;
  background: boolean;
  answer(record: ApiRecord): Promise<void>;
  fail(error: unknown): Promise<void>;
}

/** A store over a client that holds every read until the test answers it. */
function setup() {
  const reads: Read[] = [];
  const client = {
    get(_resource: string, id: string, options: { signal?: AbortSignal; background?: boolean } = {}) {
      return new Promise<ApiRecord>((resolve, reject) => {
        const settled = () => new Promise<void>((done) => setTimeout(done, 0));
        reads.push({
          id,
          signal: options.signal,
          background: options.background === true,
          answer: (record) => (resolve(record), settled()),
          fail: (error) => (reject(error), settled()),
        });
      });
    },
  } as unknown as ApiClient;
  const store = new RecordStore(() => client);
  let emitted = 0;
  store.subscribe(() => emitted++);
  return { store, reads, emitted: () => emitted };
}

const rec = (id: string, name = id): ApiRecord => ({ id, name });
const shown = (store: RecordStore, id: string) => {
  const { record, loading, error, deleted, stale } = store.get('slos', id);
  return { record: record?.name ?? null, loading, error: error === null ? null : String(error), deleted, stale };
};
const notFound = Object.assign(new Error('gone'), { status: 404 });

describe('reading a record', () => {
  it('nothing is known of a record never asked for', () => {
    const { store } = setup();
    expect(store.get('slos', 'x')).toStrictEqual({ record: null, loading: false, error: null });
  });

  it('shows it loading, then the answer; each change moves the version on', () => {
    const { store, reads, emitted } = setup();
    store.open('slos', 'a');
    expect(shown(store, 'a')).toMatchObject({ record: null, loading: true, error: null });
    expect([store.getSnapshot(), emitted()]).toEqual([1, 1]);
    return reads[0]!.answer(rec('a', 'first')).then(() => {
      expect(shown(store, 'a')).toMatchObject({ record: 'first', loading: false });
      expect([store.getSnapshot(), emitted()]).toEqual([2, 2]);
      expect(reads[0]!.background).toBe(false);
    });
  });

  it("the list's copy is shown at once, with no read, and a read under way is dropped", async () => {
    const { store, reads } = setup();
    store.load('slos', 'a');
    store.open('slos', 'a', rec('a', 'from the list'));
    expect(reads).toHaveLength(1);
    expect(reads[0]!.signal?.aborted).toBe(true);
    expect(shown(store, 'a')).toMatchObject({ record: 'from the list', loading: false });
    await reads[0]!.answer(rec('a', 'late'));
    expect(shown(store, 'a').record).toBe('from the list');
  });

  it('reading again keeps what is shown until the answer; an older answer arriving late is dropped', async () => {
    const { store, reads } = setup();
    store.open('slos', 'a', rec('a', 'old'));
    store.load('slos', 'a');
    store.load('slos', 'a');
    expect(reads[0]!.signal?.aborted).toBe(true);
    expect(reads[1]!.signal?.aborted).toBe(false);
    expect(shown(store, 'a')).toMatchObject({ record: 'old', loading: true });
    await reads[1]!.answer(rec('a', 'newest'));
    await reads[0]!.answer(rec('a', 'older'));
    expect(shown(store, 'a')).toMatchObject({ record: 'newest', loading: false });
  });

  it('a failed read keeps the last copy and says why; a failure of an older read is dropped', async () => {
    const { store, reads, emitted } = setup();
    store.open('slos', 'a', rec('a', 'kept'));
    store.load('slos', 'a');
    store.load('slos', 'a');
    const before = emitted();
    await reads[0]!.fail(new Error('older'));
    expect(emitted()).toBe(before);
    await reads[1]!.fail(new Error('no route'));
    expect(shown(store, 'a')).toMatchObject({ record: 'kept', loading: false, error: 'Error: no route' });
    expect(emitted()).toBe(before + 1);
  });

  it('an aborted read that fails says nothing', async () => {
    const { store, reads } = setup();
    store.load('slos', 'a');
    store.retain(new Set(['slos/a']));
    expect(reads[0]!.signal?.aborted).toBe(false);
    store.retain(new Set());
    expect(reads[0]!.signal?.aborted).toBe(true);
    await reads[0]!.fail(new Error('aborted'));
    expect(store.get('slos', 'a')).toStrictEqual({ record: null, loading: false, error: null });
  });

  it('ensure reads only what is not here, not coming and not failed', async () => {
    const { store, reads } = setup();
    store.ensure('slos', 'a');
    store.ensure('slos', 'a');
    expect(reads).toHaveLength(1);
    await reads[0]!.fail(new Error('points nowhere'));
    store.ensure('slos', 'a');
    expect(reads).toHaveLength(1);
    store.load('slos', 'a');
    await reads[1]!.answer(rec('a'));
    store.ensure('slos', 'a');
    expect(reads).toHaveLength(2);
    store.ensure('slos', 'b');
    expect(reads.map((r) => r.id)).toEqual(['a', 'a', 'b']);
  });
});

describe('copies from elsewhere', () => {
  it("put is the service's copy: shown at once, the read under way dropped", async () => {
    const { store, reads } = setup();
    store.load('slos', 'a');
    store.put('slos', rec('a', 'saved'));
    expect(reads[0]!.signal?.aborted).toBe(true);
    expect(shown(store, 'a')).toMatchObject({ record: 'saved', loading: false, error: null });
    await reads[0]!.answer(rec('a', 'late'));
    expect(shown(store, 'a').record).toBe('saved');
  });

  it('a page read again refreshes the records here, not those loading nor those not here', async () => {
    const { store, reads, emitted } = setup();
    store.open('slos', 'a', rec('a', 'a1'));
    store.markDeleted('slos', 'a');
    store.load('slos', 'b');
    const before = emitted();
    store.refreshFrom('slos', [rec('a', 'a2'), rec('b', 'b2'), rec('c', 'c2')]);
    expect(shown(store, 'a')).toMatchObject({ record: 'a2', deleted: false, stale: false, error: null });
    expect(shown(store, 'b')).toMatchObject({ record: null, loading: true });
    expect(store.get('slos', 'c').record).toBeNull();
    expect(emitted()).toBe(before + 1);
    // The same copies again, or none of ours: nothing changes, no one is told.
    const same = store.get('slos', 'a').record!;
    store.refreshFrom('slos', [same, rec('c')]);
    expect(emitted()).toBe(before + 1);
    await reads[0]!.answer(rec('b'));
  });

  it('a record deleted keeps its last copy, marked, and its read is dropped', () => {
    const { store, reads } = setup();
    store.open('slos', 'a', rec('a', 'last'));
    store.load('slos', 'a');
    store.markDeleted('slos', 'a');
    expect(reads[0]!.signal?.aborted).toBe(true);
    expect(shown(store, 'a')).toMatchObject({ record: 'last', loading: false, deleted: true });
    store.markDeleted('slos', 'never-read');
    expect(shown(store, 'never-read')).toMatchObject({ record: null, deleted: true });
  });
});

describe('the quiet refresh', () => {
  it('reads in the background and shows the answer; nothing shows as loading meanwhile', async () => {
    const { store, reads } = setup();
    store.open('slos', 'a', rec('a', 'old'));
    const done = store.refresh('slos', 'a');
    expect(shown(store, 'a').loading).toBe(false);
    expect(reads[0]!.background).toBe(true);
    await reads[0]!.answer(rec('a', 'new'));
    await expect(done).resolves.toBe(true);
    expect(shown(store, 'a').record).toBe('new');
  });

  it('is skipped while a read is under way, and loses to one the user starts meanwhile', async () => {
    const { store, reads } = setup();
    store.load('slos', 'a');
    await expect(store.refresh('slos', 'a')).resolves.toBe(true);
    expect(reads).toHaveLength(1);
    await reads[0]!.answer(rec('a', 'read'));
    const quiet = store.refresh('slos', 'a');
    store.load('slos', 'a');
    await reads[1]!.answer(rec('a', 'quiet'));
    await expect(quiet).resolves.toBe(true);
    expect(shown(store, 'a')).toMatchObject({ record: 'read', loading: true });
    await reads[2]!.answer(rec('a', 'asked'));
    expect(shown(store, 'a').record).toBe('asked');
  });

  it('a 404 marks the last copy deleted elsewhere', async () => {
    const { store, reads } = setup();
    store.open('slos', 'a', rec('a', 'last'));
    const done = store.refresh('slos', 'a');
    await reads[0]!.fail(notFound);
    await expect(done).resolves.toBe(true);
    expect(shown(store, 'a')).toMatchObject({ record: 'last', deleted: true, error: null, loading: false });
  });

  it('another failure marks the copy stale and says the read failed', async () => {
    const { store, reads, emitted } = setup();
    store.open('slos', 'a', rec('a', 'last'));
    const done = store.refresh('slos', 'a');
    const before = emitted();
    await reads[0]!.fail(Object.assign(new Error('busy'), { status: 503 }));
    await expect(done).resolves.toBe(false);
    expect(shown(store, 'a')).toMatchObject({ record: 'last', stale: true });
    expect(emitted()).toBe(before + 1);
  });

  it('a failure of a record not here leaves nothing behind and tells no one', async () => {
    const { store, reads, emitted } = setup();
    const done = store.refresh('slos', 'z');
    await reads[0]!.fail(new Error('down'));
    await expect(done).resolves.toBe(false);
    expect(store.get('slos', 'z')).toStrictEqual({ record: null, loading: false, error: null });
    expect(emitted()).toBe(0);
    const gone = store.refresh('slos', 'y');
    await reads[1]!.fail({ status: 404 });
    await expect(gone).resolves.toBe(true);
    expect(shown(store, 'y')).toMatchObject({ record: null, deleted: true });
    const odd = store.refresh('slos', 'w');
    await reads[2]!.fail(null);
    await expect(odd).resolves.toBe(false);
  });
});

describe('what is kept', () => {
  it('reads of records no longer shown are aborted: a copy stays, an empty slot goes', async () => {
    const { store, reads, emitted } = setup();
    store.open('slos', 'a', rec('a', 'copy'));
    store.load('slos', 'a');
    store.load('slos', 'b');
    store.load('slos', 'c');
    store.open('slos', 'd', rec('d'));
    const before = emitted();
    store.retain(new Set(['slos/c']));
    expect(reads.map((r) => r.signal?.aborted)).toEqual([true, true, false]);
    expect(shown(store, 'a')).toMatchObject({ record: 'copy', loading: false });
    expect(store.get('slos', 'b')).toStrictEqual({ record: null, loading: false, error: null });
    expect(shown(store, 'c').loading).toBe(true);
    expect(shown(store, 'd').record).toBe('d');
    expect(emitted()).toBe(before + 1);
    store.retain(new Set(['slos/c']));
    expect(emitted()).toBe(before + 1);
    await reads[0]!.answer(rec('a', 'late'));
    expect(shown(store, 'a').record).toBe('copy');
  });

  it('at most 200 records, the oldest forgotten first, but never one being read', () => {
    const { store } = setup();
    store.load('slos', 'reading');
    for (let i = 0; i < 210; i++) store.open('slos', `r${i}`, rec(`r${i}`));
    // The oldest is being read: nothing goes past it.
    expect(store.get('slos', 'r0').record).not.toBeNull();
    store.retain(new Set());
    store.open('slos', 'one-more', rec('one-more'));
    expect(store.get('slos', 'r0').record).toBeNull();
    // 210 kept past the one being read, one more: back to 200, the 11 oldest gone.
    expect(store.get('slos', 'r10').record).toBeNull();
    expect(store.get('slos', 'r11').record).not.toBeNull();
    expect(store.get('slos', 'one-more').record).not.toBeNull();
  });

  it('a record put again counts as the newest', () => {
    const { store } = setup();
    for (let i = 0; i < 200; i++) store.open('slos', `r${i}`, rec(`r${i}`));
    store.put('slos', rec('r0', 'again'));
    store.open('slos', 'new', rec('new'));
    expect(store.get('slos', 'r0').record?.name).toBe('again');
    expect(store.get('slos', 'r1').record).toBeNull();
  });

  it('clear forgets everything and aborts every read; dispose tells no one', () => {
    const { store, reads, emitted } = setup();
    store.load('slos', 'a');
    store.open('slos', 'b', rec('b'));
    const before = emitted();
    store.clear();
    expect(reads[0]!.signal?.aborted).toBe(true);
    expect(store.get('slos', 'b').record).toBeNull();
    expect(emitted()).toBe(before + 1);
    store.load('slos', 'c');
    const after = emitted();
    store.dispose();
    expect(reads[1]!.signal?.aborted).toBe(true);
    expect(store.get('slos', 'c').loading).toBe(false);
    store.open('slos', 'd', rec('d'));
    expect(emitted()).toBe(after);
  });
});

describe('late answers, whatever happened in between', () => {
  const steps: [string, (store: RecordStore) => void][] = [
    ['the list’s copy shown', (store) => store.open('slos', 'a', rec('a', 'copy'))],
    ['a save', (store) => store.put('slos', rec('a', 'saved'))],
    ['a delete', (store) => store.markDeleted('slos', 'a')],
    ['the details left', (store) => store.retain(new Set())],
  ];

  it.each(steps)('an answer to a read made before %s, and another read since, is dropped', async (_what, step) => {
    const { store, reads } = setup();
    store.open('slos', 'a', rec('a', 'first'));
    store.load('slos', 'a');
    step(store);
    store.load('slos', 'a');
    await reads[0]!.answer(rec('a', 'late'));
    expect(shown(store, 'a')).toMatchObject({ loading: true });
    expect(shown(store, 'a').record).not.toBe('late');
    await reads[1]!.answer(rec('a', 'current'));
    expect(shown(store, 'a')).toMatchObject({ record: 'current', loading: false });
  });

  it('an answer to a read left behind is dropped after a refresh', async () => {
    const { store, reads } = setup();
    store.open('slos', 'a', rec('a', 'first'));
    store.load('slos', 'a');
    store.retain(new Set());
    const quiet = store.refresh('slos', 'a');
    await reads[1]!.answer(rec('a', 'refreshed'));
    await quiet;
    await reads[0]!.answer(rec('a', 'late'));
    expect(shown(store, 'a')).toMatchObject({ record: 'refreshed', loading: false });
  });

  it('a refresh answered after everything was forgotten leaves nothing behind', async () => {
    const { store, reads } = setup();
    store.open('slos', 'a', rec('a'));
    store.open('slos', 'b', rec('b'));
    const kept = store.refresh('slos', 'a');
    const gone = store.refresh('slos', 'b');
    store.clear();
    await reads[0]!.answer(rec('a', 'old session'));
    await reads[1]!.fail(notFound);
    await expect(kept).resolves.toBe(true);
    await expect(gone).resolves.toBe(true);
    expect(store.get('slos', 'a')).toStrictEqual({ record: null, loading: false, error: null });
    expect(store.get('slos', 'b')).toStrictEqual({ record: null, loading: false, error: null });
  });

  it('a refresh of a record not here yet shows it', async () => {
    const { store, reads } = setup();
    const done = store.refresh('slos', 'n');
    await reads[0]!.answer(rec('n', 'new'));
    await expect(done).resolves.toBe(true);
    expect(shown(store, 'n')).toMatchObject({ record: 'new', loading: false });
  });

  it('every change tells the listeners once', async () => {
    const { store, reads, emitted } = setup();
    const told: number[] = [];
    const note = () => told.push(emitted());
    store.open('slos', 'a', rec('a'));
    note();
    store.put('slos', rec('a', 'saved'));
    note();
    store.markDeleted('slos', 'a');
    note();
    const ok = store.refresh('slos', 'a');
    await reads[0]!.answer(rec('a', 'back'));
    await ok;
    note();
    const gone = store.refresh('slos', 'a');
    await reads[1]!.fail(notFound);
    await gone;
    note();
    expect(told).toEqual([1, 2, 3, 4, 5]);
    expect(shown(store, 'a')).toMatchObject({ deleted: true, loading: false });
  });

  it('a record marked deleted and never read is read when asked for', () => {
    const { store, reads } = setup();
    store.markDeleted('slos', 'x');
    store.ensure('slos', 'x');
    expect(reads.map((r) => r.id)).toEqual(['x']);
  });
});
