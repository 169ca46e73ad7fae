/**
 * Editing and deleting from the list and the details, over the fake client
 * and the dashboard driver (test/tui/driver.ts): edit sends only the changed
 * fields, the discard question, the delete question and what each answer
 * does, read-only sessions. What the service's answers do to a form, and
 * the editor's file, are failures-edit.test.ts's.
 */
import { afterEach, describe, expect, test } from 'vitest';
import type { ApiRecord } from '../../../src/api/record.js';
import type { FormsState } from '../../../src/tui/forms/formsStore.js';
import { disposeDrivers, drive, sampleRecords, type Driver, type DriverOptions } from '../driver.js';
import { fakeClient, type FakeClient } from '../fakeClient.js';

afterEach(disposeDrivers);

/** The fake client, with the bodies of its PATCHes kept. */
function patchingClient(records = sampleRecords()): FakeClient & { patches: Record<string, unknown>[] } {
  const client = fakeClient(records);
  const patches: Record<string, unknown>[] = [];
  const update = client.update.bind(client);
  return Object.assign(client, {
    patches,
    update: (resource: Parameters<FakeClient['update']>[0], id: string, patch: Record<string, unknown>) => {
      patches.push(patch);
      return update(resource, id, patch);
    },
  });
}

async function organizations(options: DriverOptions = {}): Promise<Driver> {
  const d = drive({ columns: 120, rows: 40, ...options });
  await d.until((v) => v.status.text.startsWith('slis · page 1'), 'the SLIs');
  d.key('3');
  await d.until((v) => v.status.text.startsWith('organizations · page 1'), 'the organizations');
  return d;
}

const forms = (d: Driver): FormsState => {
  const screen = d.view().screen;
  return screen.kind === 'forms' ? screen.state : { kind: 'none' };
};
const field = (d: Driver, key: string): string | undefined => {
  const s = forms(d);
  return s.kind === 'form' ? s.form.editors[key]?.value : undefined;
};
const writes = (client: FakeClient): string[] => client.calls.filter((c) => /^(create|update|remove) /.test(c));

describe('edit', () => {
  test('edit prefills the form and sends only the changed fields; nothing changed sends nothing', async () => {
    const client = patchingClient();
    const d = await organizations({ client });
    const first = d.view().selected!.record;
    d.press('edit');
    expect(field(d, 'name')).toBe(first.name);
    d.press('form-next');
    d.key('Ctrl+U');
    d.type('changed by the edit test');
    d.press('form-submit');
    await d.settle();
    expect(d.message()).toBe(`Saved organization “${String(first.name)}” (${first.id}).`);
    expect(client.patches).toEqual([{ description: 'changed by the edit test' }]);
    expect((await client.get('organizations', first.id)).description).toBe('changed by the edit test');
    d.press('edit', 'form-submit');
    await d.settle();
    expect(d.message()).toBe('Nothing changed: nothing was sent.');
    expect(client.patches).toHaveLength(1);
  });

  test('form-cancel asks before throwing away what was typed; no goes back, yes closes', async () => {
    const d = await organizations();
    d.press('create');
    d.type('half typed');
    d.press('form-cancel');
    expect(forms(d)).toMatchObject({ kind: 'form', form: { confirmDiscard: true } });
    d.press('confirm-no');
    expect(forms(d)).toMatchObject({ kind: 'form', form: { confirmDiscard: false } });
    expect(field(d, 'name')).toBe('half typed');
    d.press('form-cancel', 'confirm-yes');
    expect(d.view().screen.kind).toBe('list');
    expect(d.message()).toBe('The form was closed; nothing was sent.');
    expect(writes(d.client)).toEqual([]);
  });

  test('Enter alone at the discard question means no: the form and its text stay', async () => {
    const d = await organizations();
    d.press('create');
    d.type('kept on enter');
    d.press('form-cancel');
    d.key('Enter');
    expect(forms(d)).toMatchObject({ kind: 'form', form: { confirmDiscard: false } });
    expect(field(d, 'name')).toBe('kept on enter');
  });
});

describe('delete', () => {
  test('delete asks, naming the record; n, Esc and Enter keep it; y deletes it and the list reloads with a neighbour selected', async () => {
    const records = sampleRecords();
    const orgs = records.organizations!;
    const [a, b] = [orgs[1]!, orgs[2]!];
    const d = await organizations({ records });
    d.press('down');
    expect(d.view().selected?.record.id).toBe(a.id);
    for (const no of ['n', 'Esc', 'Enter']) {
      d.press('delete');
      expect(forms(d)).toMatchObject({ kind: 'delete', record: { id: a.id } });
      d.key(no);
      expect(d.view().screen.kind).toBe('list');
      expect(d.message()).toBe('Nothing was deleted.');
    }
    expect(writes(d.client)).toEqual([]);
    d.press('delete', 'confirm-yes');
    await d.settle();
    expect(d.message()).toBe(`Deleted organization “${String(a.name)}” (${a.id}).`);
    expect(writes(d.client)).toEqual([`remove organizations ${a.id}`]);
    expect(d.rows().join('\n')).not.toContain(a.id);
    // The neighbour (the record after it) is selected now.
    expect(d.view().selected?.record.id).toBe(b.id);
  });

  test('the question says what uses the record, once the record index knows', async () => {
    const d = drive();
    await d.until((v) => v.status.text.startsWith('slis · page 1'), 'the SLIs');
    d.press('delete');
    await d.until(() => {
      const s = forms(d);
      return s.kind === 'delete' && s.usedBy?.state === 'found';
    }, 'what uses it');
    const s = forms(d);
    expect(s.kind === 'delete' && s.usedBy?.text).toMatch(/^This SLI is used by \d+ SLOs?\./);
    d.key('Enter');
    expect(d.message()).toBe('Nothing was deleted.');
  });
});

describe('e, E and d from the details', () => {
  test('work on the record shown', async () => {
    const edited: string[] = [];
    const d = await organizations({
      services: {
        runEditor: async (file) => {
          const { readFile } = await import('node:fs/promises');
          edited.push(await readFile(file, 'utf8'));
        },
      },
    });
    d.press('down', 'details');
    await d.settle();
    const shown = d.view().selected!.record as ApiRecord;
    d.press('edit');
    expect(forms(d)).toMatchObject({ kind: 'form', form: { mode: 'edit', record: { id: shown.id } } });
    d.press('form-cancel');
    expect(d.view().screen.kind).toBe('detail');
    d.press('edit-json');
    await d.until(() => d.message() !== '', 'the editor to close');
    expect(d.message()).toBe('Nothing changed: nothing was sent.');
    expect(edited).toHaveLength(1);
    expect(edited[0]).toContain(`"name": ${JSON.stringify(shown.name)}`);
    d.press('delete');
    expect(forms(d)).toMatchObject({ kind: 'delete', record: { id: shown.id } });
    d.press('confirm-no');
    expect(d.message()).toBe('Nothing was deleted.');
    // No create from the details: c is a list key.
    expect(() => d.press('create')).toThrow(/Nothing takes create on the detail screen/);
  });
});

describe('read-only', () => {
  test('create, edit, edit-json and delete change nothing: each says why on the message line, and nothing is written', async () => {
    const launched: string[] = [];
    const d = await organizations({
      settings: { readOnly: true },
      services: { runEditor: async (file) => void launched.push(file) },
    });
    for (const [action, reason] of [
      ['create', 'creating'],
      ['edit', 'editing'],
      ['edit-json', 'editing'],
      ['delete', 'deleting'],
    ] as const) {
      d.press(action);
      expect(d.message()).toBe(`read-only: ${reason} is off`);
      expect(d.view().screen.kind).toBe('list');
      d.press('down');
      expect(d.message()).toBe('');
    }
    await d.settle();
    expect(launched).toEqual([]);
    expect(writes(d.client)).toEqual([]);
  });
});
