/**
 * Marks and bulk actions over the fake client and the dashboard driver:
 * Space and `*` mark, marks survive paging and filtering, Esc unmarks; with
 * marks, d deletes them after one question, e sets the fields filled in on
 * each after a plan (exactly one PATCH a record, nothing sent twice), y and
 * Y copy their ids and a Markdown table.
 */
import { afterEach, describe, expect, test } from 'vitest';
import { SlotuiError } from '../../src/api/errors.js';
import type { ApiRecord } from '../../src/api/record.js';
import { disposeDrivers, drive, sampleRecords, type Driver } from './driver.js';
import { fakeClient, type FakeClient } from './fakeClient.js';

afterEach(disposeDrivers);

const marked = (d: Driver) => d.rows().filter((row) => row.startsWith('✓'));

/** The clipboard's content from the OSC 52 sequences written. */
const copied = (written: string[]) => {
  const last = written.at(-1) ?? '';
  const start = last.indexOf(']52;c;');
  const b64 = start < 0 ? '' : (last.slice(start + 6).split(/[^A-Za-z0-9+/=]/)[0] ?? '');
  return Buffer.from(b64, 'base64').toString('utf8');
};

async function onSlos(
  client: FakeClient = fakeClient(sampleRecords()),
  written: string[] = [],
  rows = 30,
): Promise<Driver> {
  const d = drive({ client, rows, services: { writeTerminal: (s) => written.push(s) } });
  await d.settle();
  d.key('2');
  await d.until((v) => v.status.text.startsWith('slos · page 1'), 'the SLOs');
  return d;
}

describe('marks', () => {
  test('Space marks the selected record and moves down; the status line counts; paging keeps them; Esc unmarks', async () => {
    // Short: the 20 SLOs take several pages.
    const d = await onSlos(undefined, [], 14);
    const first = d.view().selected!.record.id;
    d.press('mark', 'mark');
    expect(d.view().selected?.record.id).not.toBe(first);
    expect(marked(d)).toHaveLength(2);
    expect(d.status()).toContain('2 marked');
    d.press('up');
    d.press('mark');
    expect(marked(d)).toHaveLength(1);
    expect(d.status()).toContain('1 marked');
    d.press('next-page');
    await d.settle();
    expect(marked(d)).toHaveLength(0);
    expect(d.status()).toContain('1 marked');
    d.press('prev-page');
    await d.settle();
    expect(marked(d)[0]).toContain(first);
    d.press('clear-marks');
    expect(marked(d)).toHaveLength(0);
    expect(d.status()).not.toContain('marked');
    expect(d.message()).toBe('Unmarked 1 SLO.');
  });

  test('* with a filter marks every match across pages; again unmarks them; Esc clears the filter, not the marks', async () => {
    const d = await onSlos();
    d.press('filter');
    d.type('latency');
    d.press('filter-keep');
    await d.until((v) => / of \d+ match/.test(v.status.text), 'the matches');
    const matches = d.dashboard.session.getSnapshot().wholes.slos.matches();
    expect(matches.length).toBeGreaterThan(0);
    d.press('mark-all');
    expect(d.status()).toContain(`${matches.length} marked`);
    expect(d.message()).toContain('of the whole list');
    d.press('clear-filter');
    expect(d.status()).toContain(`${matches.length} marked`);
    d.press('filter');
    d.type('latency');
    d.press('filter-keep');
    d.press('mark-all');
    expect(d.status()).not.toContain('marked');
  });
});

describe('with marks, the record keys act on the marked records', () => {
  test('d: one question that counts them and says what refers to them; y deletes exactly those', async () => {
    const records = sampleRecords();
    const client = fakeClient(records);
    const d = await onSlos(client);
    const ids = d
      .rows()
      .slice(0, 3)
      .map((row) => /slo-\d+/.exec(row)![0]);
    d.press('mark', 'mark', 'mark');
    d.press('delete');
    const usedBy = () => {
      const screen = d.view().screen;
      return screen.kind === 'forms' && screen.state.kind === 'delete-many' ? screen.state.usedBy?.text : undefined;
    };
    await d.until(() => usedBy()?.startsWith('They are') === true, 'what refers to them');
    // The sample's first agreements hold SLOs 1, 2 and 8, and 3 and 5.
    expect(usedBy()).toBe('They are used by 2 agreements.');
    const before = client.calls.length;
    d.press('confirm-yes');
    await d.settle();
    const sent = client.calls.slice(before).filter((c) => c.startsWith('remove'));
    expect(sent).toEqual(ids.map((id) => `remove slos ${id}`));
    expect(d.message()).toBe('Deleted 3 SLOs.');
    expect(d.status()).not.toContain('marked');
    expect(client.records.slos!.some((r) => ids.includes(r.id))).toBe(false);
  });

  test('a delete that fails is listed, the others done; y again sends only what failed', async () => {
    const client = fakeClient(sampleRecords());
    const remove = client.remove.bind(client);
    let refuse = true;
    client.remove = async (resource, id) => {
      client.calls.push(`try ${id}`);
      if (refuse && id === 'slo-000002')
        throw new SlotuiError('validation', 'The service refused: it is in use.', { status: 409 });
      return remove(resource, id);
    };
    const d = await onSlos(client);
    d.press('mark', 'mark', 'mark');
    d.press('delete');
    d.press('confirm-yes');
    await d.settle();
    const screen = d.view().screen;
    expect(screen.kind === 'forms' && screen.state.kind === 'delete-many' && screen.state.failures).toEqual([
      { id: 'slo-000002', sentence: expect.stringContaining('in use') },
    ]);
    expect(d.status()).toContain('1 marked');
    refuse = false;
    d.press('confirm-yes');
    await d.settle();
    expect(client.calls.filter((c) => c.startsWith('try'))).toEqual([
      'try slo-000001',
      'try slo-000002',
      'try slo-000003',
      'try slo-000002',
    ]);
    expect(d.message()).toBe('Deleted 3 SLOs.');
  });

  test('e: an empty form of the fields; what is filled in is planned, then sent as one PATCH a record', async () => {
    const client = fakeClient(sampleRecords());
    const updates: { id: string; patch: Record<string, unknown> }[] = [];
    const update = client.update.bind(client);
    client.update = async (resource, id, patch) => {
      updates.push({ id, patch });
      return update(resource, id, patch);
    };
    const d = await onSlos(client);
    const targets = client.records.slos!.slice(0, 3).map((r: ApiRecord) => r.target_value);
    d.press('mark', 'mark', 'mark');
    d.press('edit');
    const screen = d.view().screen;
    expect(screen.kind === 'forms' && screen.state.kind === 'form' && screen.state.form.bulk?.records).toHaveLength(3);
    // To the target value, typed; every other field left empty.
    while (d.view().screen.kind === 'forms') {
      const s = d.view().screen;
      if (s.kind !== 'forms' || s.state.kind !== 'form') break;
      const rows = s.state.form.def.fields.map((f) => f.key);
      if (rows[s.state.form.focus] === 'target_value') break;
      d.press('form-next');
    }
    d.type('99.95');
    d.press('form-submit');
    const plan = d.view().screen;
    expect(plan.kind === 'forms' && plan.state.kind === 'bulk-plan' && plan.state.lines.map((l) => l.text)).toEqual(
      client.records
        .slos!.slice(0, 3)
        .map((r, i) => `~ slo/${r.id} target_value ${JSON.stringify(targets[i])} → "99.95"`),
    );
    expect(updates).toEqual([]);
    d.press('confirm-yes');
    await d.settle();
    expect(updates).toEqual(
      client.records.slos!.slice(0, 3).map((r) => ({ id: r.id, patch: { target_value: '99.95' } })),
    );
    expect(d.message()).toBe('Saved 3 SLOs.');
    expect(d.status()).not.toContain('marked');
  });

  test('y copies the marked ids, Y a Markdown table of them', async () => {
    const written: string[] = [];
    const d = await onSlos(undefined, written);
    d.press('mark', 'mark');
    d.press('copy-id');
    expect(copied(written)).toBe('slo-000001 slo-000002');
    d.press('copy-summary');
    const table = copied(written).trimEnd().split('\n');
    expect(table[0]).toMatch(/^\| NAME \| TARGET \| BUDGET \|/);
    expect(table).toHaveLength(4);
    expect(table[2]).toContain('slo-000001');
  });
});
