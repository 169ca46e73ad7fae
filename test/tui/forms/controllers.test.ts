/**
 * The form, picker, confirm and editor controllers alone, over the shared
 * forms store and a fake client; keys are pressed by binding id.
 */
import { writeFileSync, readFileSync } from 'node:fs';
import { describe, expect, test, vi } from 'vitest';
import { RecordIndex, type PageWalk } from '../../../src/api/recordIndex.js';
import { type ResourceName } from '../../../src/api/resources.js';
import { REGISTRY } from '../../../src/presentation/resources.js';
import type { ApiRecord } from '../../../src/api/record.js';
import { createForms, type Forms } from '../../../src/tui/forms/formsController.js';
import { pickerEmptyText, pickerStatus } from '../../../src/tui/forms/pickerText.js';
import type { KeyLayer } from '../../../src/tui/input/binding.js';
import { NO_KEY } from '../../../src/tui/input/router.js';
import type { ActionId } from '../../../src/tui/keys.js';
import { ListStore } from '../../../src/tui/state/listStore.js';
import { initialNav, NavStore } from '../../../src/tui/state/navigation.js';
import { fakeClient, type FakeClient } from '../fakeClient.js';
import type { Draft, DraftKey, DraftKeeper } from '../../../src/config/drafts.js';
import { DRAFT_KEPT_NOTE } from '../../../src/tui/forms/draftController.js';

const org = (n: number): ApiRecord => ({ id: `org-${n}`, name: `organization ${n}` });
const sli = (n: number): ApiRecord => ({ id: `sli-${n}`, name: `indicator ${n}`, type: 'latency' });
const slo = (n: number, sliId: string): ApiRecord => ({
  id: `slo-${n}`,
  name: `objective ${n}`,
  service_level_indicator_id: sliId,
});

interface Harness {
  forms: Forms;
  client: FakeClient;
  nav: NavStore;
  index: RecordIndex;
  /** The top layer of what is open. */
  top(): KeyLayer;
  press(id: ActionId): void;
  type(text: string): void;
  message(): string | undefined;
}

function harness(
  options: {
    readOnly?: boolean;
    launch?: (file: string) => void;
    slis?: number;
    slos?: ApiRecord[];
    /** How the record index reads pages (default: the fake client's). */
    walk?: PageWalk;
    drafts?: DraftKeeper;
    token?: string;
  } = {},
): Harness {
  const client = fakeClient({
    organizations: [org(1), org(2)],
    slis: Array.from({ length: options.slis ?? 30 }, (_, i) => sli(i + 1)),
    slos: options.slos ?? [],
    agreements: [],
  });
  const index = new RecordIndex({ walk: options.walk ?? ((resource, o) => client.pages(resource, o)) });
  const nav = new NavStore(initialNav(REGISTRY.names[0]!));
  const stores = Object.fromEntries(
    REGISTRY.names.map((name) => [name, new ListStore({ client, resource: name, pageSize: 10 })]),
  ) as Record<ResourceName, ListStore>;
  const forms = createForms({
    registry: REGISTRY,
    client: () => client,
    stores: () => stores,
    index: () => index,
    nav,
    env: () => ({ readOnly: options.readOnly ?? false }),
    runEditor: () => async (file) => options.launch?.(file),
    ...(options.drafts ? { drafts: options.drafts } : {}),
    session: () => ({ profile: 'prod', ...(options.token ? { token: options.token } : {}) }),
    clock: () => new Date(2026, 10, 23, 3, 12),
  });
  const top = () => forms.layers()![0]!;
  return {
    forms,
    client,
    nav,
    index,
    top,
    press: (id) => {
      const handler = top().handlers[id];
      if (!handler) throw new Error(`${id} is not bound in ${top().context}`);
      handler('');
    },
    type: (text) => {
      for (const ch of text) top().text!(ch, NO_KEY);
    },
    message: () => nav.getSnapshot().message?.text,
  };
}

/** A new SLO's form, the SLI field (after Name and Description), its picker open. */
function openSliPicker(h: ReturnType<typeof harness>): void {
  h.forms.openCreate('slos');
  h.press('form-next');
  h.press('form-next');
  h.press('form-pick');
}

function openPicker(h: ReturnType<typeof harness>) {
  const s = h.forms.store.getSnapshot();
  if (s.kind !== 'form' || !s.picker) throw new Error('the picker is not open');
  return s.picker;
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('form controller', () => {
  test('create: typed fields are sent once, however often save is pressed while it is in flight', async () => {
    const h = harness();
    h.forms.openCreate('organizations');
    expect(h.top().context).toBe('form');
    h.type('new org');
    h.press('form-submit');
    h.press('form-submit');
    await settle();
    expect(h.client.calls.filter((c) => c === 'create organizations')).toHaveLength(1);
    expect(h.client.records.organizations!.at(-1)).toMatchObject({ name: 'new org' });
    expect(h.message()).toMatch(/^Created organization “new org”/);
  });

  test('a saved record is in the whole list at once (the record index), before the index is read again', async () => {
    const h = harness();
    await h.index.ensure('organizations');
    h.client.calls.length = 0;
    h.forms.openCreate('organizations');
    h.type('fresh org');
    h.press('form-submit');
    await settle();
    expect([...h.index.records('organizations')].map((r) => r.name)).toContain('fresh org');

    const created = [...h.index.records('organizations')].find((r) => r.name === 'fresh org')!;
    h.forms.openEdit('organizations', created);
    h.type(' renamed');
    h.press('form-submit');
    await settle();
    expect(h.index.get('organizations', created.id)?.name).toBe('fresh org renamed');
  });

  test('a required field left empty is refused before anything is sent, and the form stays', async () => {
    const h = harness();
    h.forms.openCreate('organizations');
    h.press('form-submit');
    await settle();
    expect(h.client.calls).not.toContain('create organizations');
    const state = h.forms.store.getSnapshot();
    expect(state.kind === 'form' && Object.keys(state.form.errors)).toContain('name');
  });
});

describe('picker controller', () => {
  test('PgDn reads the next page and moves there; with every record loaded it goes to the last', async () => {
    const h = harness({ slis: 30 });
    openSliPicker(h);
    await settle();
    const picker = () => {
      const s = h.forms.store.getSnapshot();
      return s.kind === 'form' ? s.picker! : undefined!;
    };
    expect(picker().records).toHaveLength(25);
    h.press('picker-more');
    await settle();
    expect([picker().records.length, picker().selected]).toEqual([30, 25]);
    h.press('up');
    h.press('picker-more');
    expect(picker().selected).toBe(29);
  });

  test('Ctrl+P on a reference field lists the referenced records; choosing one fills the field', async () => {
    const h = harness();
    openSliPicker(h);
    expect(h.top().context).toBe('picker');
    await settle();
    h.type('indicator 3');
    h.press('picker-choose');
    const state = h.forms.store.getSnapshot();
    expect(state.kind === 'form' && state.picker).toBeNull();
    expect(state.kind === 'form' && state.form.editors.service_level_indicator_id?.value).toBe('sli-3');
  });

  test('typing searches the whole list (the record index), not only the pages loaded; PgDn still loads pages', async () => {
    const h = harness({ slis: 5030 });
    openSliPicker(h);
    const picker = () => openPicker(h);
    await settle();
    // Opening it started gathering the SLIs; the first page is loaded.
    expect(picker().records).toHaveLength(25);
    expect(h.index.status('slis').state).not.toBe('idle');
    h.type('indicator 4990');
    for (let i = 0; i < 200 && h.index.status('slis').state !== 'complete'; i++) await settle();
    // On page 200 of the picker's pages of 25.
    expect(
      picker()
        .matches?.slice(0, 10)
        .map((r) => r.id),
    ).toEqual(['sli-4990']);
    expect(pickerStatus(picker())).toBe('1 of 5,030 match');
    h.press('picker-choose');
    const s = h.forms.store.getSnapshot();
    expect(s.kind === 'form' && s.form.editors.service_level_indicator_id?.value).toBe('sli-4990');
    // Nothing typed: the pages loaded, and PgDn the next one.
    h.press('form-pick');
    await settle();
    expect(pickerStatus(picker())).toBe('loaded 25 of 5030 · PgDn loads more');
    h.press('picker-more');
    await settle();
    expect(picker().records).toHaveLength(50);
    // The selection moves to the page just read, so it is on screen.
    expect(picker().selected).toBe(25);
    // Every word counts, in the name or the id: "50" is in 131 of them.
    h.type('indicator 50');
    expect(pickerStatus(picker())).toBe('131 of 5,030 match');
  });

  test("the search's matches are read from the index only as rows are asked for (the rows shown)", async () => {
    const h = harness({ slis: 3000 });
    openSliPicker(h);
    const picker = () => openPicker(h);
    await settle();
    for (let i = 0; i < 100 && h.index.status('slis').state !== 'complete'; i++) await settle();
    // Each record is read once for its search text.
    const reads = vi.spyOn(h.index.records('slis'), 'at');
    h.type('indicato');
    expect(reads).toHaveBeenCalledTimes(3000);
    reads.mockClear();
    h.type('r');
    const matches = picker().matches!;
    expect(matches).toHaveLength(3000);
    expect(reads).not.toHaveBeenCalled();
    expect(matches.slice(2990, 3100).map((r) => r.id)).toEqual(Array.from({ length: 10 }, (_, i) => `sli-${2991 + i}`));
    expect(matches.at(3000)).toBeUndefined();
    expect(matches.at(-1)).toBeUndefined();
    expect(reads).toHaveBeenCalledTimes(10);
  });

  test('while the index gathers, the search shows the matches so far and says so', () => {
    const never: PageWalk = () => ({
      [Symbol.asyncIterator]: () => ({ next: () => new Promise<IteratorResult<never>>(() => undefined) }),
    });
    const h = harness({ walk: never });
    openSliPicker(h);
    h.type('x');
    const s = h.forms.store.getSnapshot();
    expect(s.kind === 'form' && s.picker && pickerStatus(s.picker)).toBe('0 of 0 gathered match · gathering SLIs');
  });

  test('a gathering that failed is said so where the matches would be, never "still gathering"; Esc and Ctrl+P try again', async () => {
    let fail = true;
    const failing: PageWalk = () => ({
      [Symbol.asyncIterator]: () => ({
        next: () =>
          fail
            ? Promise.reject(new Error('The server failed to answer GET /v1/slis/ (HTTP 500).'))
            : Promise.resolve({ done: true, value: undefined }),
      }),
    });
    const h = harness({ walk: failing });
    openSliPicker(h);
    h.type('x');
    await settle();
    const picker = () => openPicker(h);
    expect(h.index.status('slis').state).toBe('failed');
    expect(pickerEmptyText(REGISTRY.get('slis'), picker())).toBe(
      'No SLIs gathered match: the gathering stopped. Esc and Ctrl+P try again.',
    );
    expect(pickerStatus(picker())).toContain('HTTP 500');
    fail = false;
    h.press('picker-cancel');
    h.press('form-pick');
    await settle();
    expect(h.index.status('slis').state).toBe('complete');
  });
});

describe('confirm controller', () => {
  test('delete: no keeps the record; yes deletes it', async () => {
    const h = harness();
    h.forms.askDelete('organizations', org(1));
    expect(h.top().context).toBe('confirm');
    h.press('confirm-no');
    expect(h.message()).toBe('Nothing was deleted.');
    expect(h.client.calls).not.toContain('remove organizations org-1');
    h.forms.askDelete('organizations', org(1));
    h.press('confirm-yes');
    await settle();
    expect(h.client.calls).toContain('remove organizations org-1');
    expect(h.message()).toBe('Deleted organization “organization 1” (org-1).');
  });

  const usedByOf = (h: Harness) => {
    const s = h.forms.store.getSnapshot();
    return s.kind === 'delete' ? s.usedBy : undefined;
  };

  test('delete: the question says what uses the record, checking at once and counting when the index has it', async () => {
    const slos = [slo(1, 'sli-7'), slo(2, 'sli-8'), slo(3, 'sli-7'), slo(4, 'sli-7')];
    const h = harness({ slos });
    h.forms.askDelete('slis', sli(7));
    // Shown at once, before anything is gathered.
    expect(h.top().context).toBe('confirm');
    expect(usedByOf(h)).toMatchObject({ state: 'checking', text: expect.stringMatching(/^Checking what uses it…/) });
    for (let i = 0; i < 20 && usedByOf(h)?.state === 'checking'; i++) await settle();
    expect(usedByOf(h)).toEqual({ state: 'found', text: 'This SLI is used by 3 SLOs.' });
    h.press('confirm-no');
    expect(h.client.calls).not.toContain('remove slis sli-7');
    // Gathered once: asked again, it knows at once; a record nothing refers to says so.
    h.forms.askDelete('slis', sli(9));
    expect(usedByOf(h)).toEqual({ state: 'none', text: 'Nothing refers to it.' });
    // A resource nothing can refer to has nothing to check.
    h.forms.askDelete('agreements', { id: 'agr-1', name: 'gold' });
    expect(usedByOf(h)).toBeNull();
  });

  test('delete: an index that never answers never holds the question: Enter keeps the record, y deletes it', async () => {
    const never: PageWalk = () => ({
      [Symbol.asyncIterator]: () => ({ next: () => new Promise<IteratorResult<never>>(() => undefined) }),
    });
    const h = harness({ walk: never });
    h.forms.askDelete('slis', sli(7));
    expect(usedByOf(h)).toEqual({ state: 'checking', text: 'Checking what uses it… (gathering SLOs)' });
    h.press('confirm-no');
    expect(h.forms.layers()).toBeNull();
    expect(h.message()).toBe('Nothing was deleted.');
    h.forms.askDelete('slis', sli(7));
    expect(usedByOf(h)?.state).toBe('checking');
    h.press('confirm-yes');
    await settle();
    expect(h.client.calls).toContain('remove slis sli-7');
    expect(h.message()).toBe('Deleted SLI “indicator 7” (sli-7).');
  });

  test('discard: no goes back to the form with its text; yes closes it unsent', () => {
    const h = harness();
    h.forms.openCreate('organizations');
    h.type('half');
    h.press('form-cancel');
    expect(h.top().context).toBe('confirm');
    h.press('confirm-no');
    expect(h.top().context).toBe('form');
    h.press('form-cancel');
    h.press('confirm-yes');
    expect(h.forms.layers()).toBeNull();
    expect(h.message()).toBe('The form was closed; nothing was sent.');
  });

  test('a read-only session refuses at every entry point, whatever the keys allowed', () => {
    const h = harness({ readOnly: true });
    h.forms.askDelete('organizations', org(1));
    h.forms.openCreate('organizations');
    expect(h.forms.layers()).toBeNull();
    expect(h.message()).toMatch(/read-only/);
  });
});

describe('editor controller', () => {
  test('E: the changed field is sent as a PATCH; the editor gets the record as JSON', async () => {
    let seen = '';
    const h = harness({
      launch: (file) => {
        seen = readFileSync(file, 'utf8');
        writeFileSync(file, seen.replace('"organization 2"', '"renamed"'));
      },
    });
    await h.forms.editExternally('organizations', org(2));
    expect(seen).toContain('"name": "organization 2"');
    expect(h.client.calls).toContain('update organizations org-2');
    expect(h.client.records.organizations!.find((r) => r.id === 'org-2')!.name).toBe('renamed');
    expect(h.message()).toMatch(/^Saved organization “renamed”/);
  });
});

/** Drafts in memory, as the DraftStore keeps them on disk (one a record). */
function fakeDrafts(options: { failing?: boolean } = {}): DraftKeeper & { kept: Map<string, Draft> } {
  const kept = new Map<string, Draft>();
  const id = (key: DraftKey) => JSON.stringify([key.profile, key.resource, key.id ?? null]);
  return {
    dir: '/config/drafts',
    kept,
    save: (key, values, now = new Date()) => {
      if (options.failing) return false;
      kept.set(id(key), { key, values, savedAt: now.toISOString() });
      return true;
    },
    load: (key) => kept.get(id(key)),
    remove: (key) => void kept.delete(id(key)),
  };
}

describe('drafts (Ctrl+C in a form)', () => {
  const TOKEN = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ1c2VyLTEifQ.c2lnbmF0dXJl';
  /** A new organization typed, kept as Ctrl+C keeps it, and the form opened again (showing the offer). */
  const keptAndReopened = (h: Harness, name: string) => {
    h.forms.openCreate('organizations');
    h.type(name);
    h.forms.keepDraft();
    h.forms.store.set({ kind: 'none' });
    h.forms.openCreate('organizations');
  };
  const formOf = (h: Harness) => {
    const s = h.forms.store.getSnapshot();
    if (s.kind !== 'form') throw new Error(`no form open (${s.kind})`);
    return s.form;
  };

  test('a form with text is kept (its changed fields, never the token); the next c offers it; r restores it', () => {
    const drafts = fakeDrafts();
    const h = harness({ drafts, token: TOKEN });
    h.forms.openCreate('organizations');
    h.type('half-typed org');
    h.press('form-next');
    h.type(`oops ${TOKEN}`);
    expect(h.forms.keepDraft()).toBe(DRAFT_KEPT_NOTE);
    expect([...drafts.kept.values()]).toEqual([
      {
        key: { profile: 'prod', resource: 'organizations' },
        values: { name: 'half-typed org' },
        savedAt: new Date(2026, 10, 23, 3, 12).toISOString(),
      },
    ]);

    h.forms.store.set({ kind: 'none' });
    h.forms.openCreate('organizations');
    expect(h.top().context).toBe('draft');
    expect(h.forms.textInput()).toBe(false);
    expect(formOf(h).draftOffer).toEqual({ when: '03:12', values: { name: 'half-typed org' } });
    expect(formOf(h).editors.name?.value).toBe('');
    h.press('draft-restore');
    expect(h.top().context).toBe('form');
    expect(formOf(h).editors.name?.value).toBe('half-typed org');
    expect(drafts.kept.size).toBe(1); // kept until the form is saved or thrown away
  });

  test('a form with nothing typed keeps nothing; another record or profile is not offered the draft', () => {
    const drafts = fakeDrafts();
    const h = harness({ drafts });
    h.forms.openCreate('organizations');
    expect(h.forms.keepDraft()).toBeUndefined();
    h.forms.openEdit('organizations', org(1));
    h.type(' renamed');
    expect(h.forms.keepDraft()).toBe(DRAFT_KEPT_NOTE);
    h.forms.store.set({ kind: 'none' });
    h.forms.openEdit('organizations', org(2));
    expect(h.top().context).toBe('form');
    h.forms.store.set({ kind: 'none' });
    h.forms.openCreate('organizations');
    expect(h.top().context).toBe('form');
  });

  test('a draft that cannot be written is said, so nobody counts on it', () => {
    const h = harness({ drafts: fakeDrafts({ failing: true }) });
    h.forms.openCreate('organizations');
    h.type('typed');
    expect(h.forms.keepDraft()).toBe(
      'What you typed in the form could not be kept as a draft (/config/drafts cannot be written).',
    );
  });

  test('an edit keeps only what changed, and restores it over the record as it is now', () => {
    const drafts = fakeDrafts();
    const h = harness({ drafts });
    h.forms.openEdit('slis', sli(1));
    h.type(' (renamed)');
    h.forms.keepDraft();
    expect([...drafts.kept.values()][0]!.values).toEqual({ name: 'indicator 1 (renamed)' });
    h.forms.store.set({ kind: 'none' });
    h.forms.openEdit('slis', { ...sli(1), type: 'availability' });
    h.press('draft-restore');
    expect(formOf(h).editors.name?.value).toBe('indicator 1 (renamed)');
    expect(formOf(h).editors.type?.value).toBe('availability');
  });

  test('a draft the record already holds is removed once restored (it would be offered forever)', () => {
    const drafts = fakeDrafts();
    const h = harness({ drafts });
    h.forms.openEdit('organizations', org(1));
    h.type(' renamed');
    h.forms.keepDraft();
    h.forms.store.set({ kind: 'none' });
    h.forms.openEdit('organizations', { ...org(1), name: 'organization 1 renamed' });
    h.press('draft-restore');
    expect(h.message()).toBe('The record already holds what the draft had: the draft was removed.');
    expect(drafts.kept.size).toBe(0);
  });

  test('queries typed into an SLI form come back whole', () => {
    const drafts = fakeDrafts();
    const h = harness({ drafts });
    h.forms.openCreate('slis');
    h.press('form-add-query');
    h.type('good');
    h.press('form-next');
    h.type('count(*)');
    h.forms.keepDraft();
    h.forms.store.set({ kind: 'none' });
    h.forms.openCreate('slis');
    h.press('draft-restore');
    const form = formOf(h);
    expect(form.queries).toHaveLength(1);
    const uid = form.queries[0]!;
    expect(form.editors[`q:${uid}:name`]?.value).toBe('good');
    expect(form.editors[`q:${uid}:select`]?.value).toBe('count(*)');
    expect(form.editors[`q:${uid}:limit`]?.value).toBe('100');
  });

  test('n starts fresh and removes the draft; Esc closes the form and keeps it', () => {
    const drafts = fakeDrafts();
    const h = harness({ drafts });
    keptAndReopened(h, 'kept');
    h.press('draft-close');
    expect(h.forms.layers()).toBeNull();
    expect(drafts.kept.size).toBe(1);
    expect(h.message()).toBe('The form was closed; the draft is kept for the next time.');
    h.forms.openCreate('organizations');
    h.press('draft-fresh');
    expect(h.top().context).toBe('form');
    expect(formOf(h).editors.name?.value).toBe('');
    expect(drafts.kept.size).toBe(0);
  });

  test('a saved form removes its draft, and so does discarding what was typed', async () => {
    const drafts = fakeDrafts();
    const h = harness({ drafts });
    keptAndReopened(h, 'saved org');
    h.press('draft-restore');
    h.press('form-submit');
    await settle();
    expect(h.client.records.organizations!.at(-1)).toMatchObject({ name: 'saved org' });
    expect(drafts.kept.size).toBe(0);

    keptAndReopened(h, 'thrown away');
    h.press('draft-restore');
    h.press('form-cancel');
    h.press('confirm-yes');
    expect(drafts.kept.size).toBe(0);
  });
});
