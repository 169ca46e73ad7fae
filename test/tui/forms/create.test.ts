/**
 * Creating records through the forms over the fake client and the dashboard
 * driver (test/tui/driver.ts): every validation rule before anything is
 * sent, keys batched in one read, a long and a unicode name, the SLI queries
 * editor. The form and the picker through Ink against the sandbox are
 * create.int.test.tsx's.
 */
import { afterEach, describe, expect, test } from 'vitest';
import { formRows } from '../../../src/tui/forms/formModel.js';
import { disposeDrivers, drive, sampleRecords, type Driver } from '../driver.js';
import { form } from './driven.js';
import { fakeClient, type FakeClient } from '../fakeClient.js';

afterEach(disposeDrivers);

/** The fake client, with the bodies of its creates kept. */
function creatingClient(): FakeClient & { created: Record<string, unknown>[] } {
  const client = fakeClient(sampleRecords());
  const created: Record<string, unknown>[] = [];
  const create = client.create.bind(client);
  return Object.assign(client, {
    created,
    create: (resource: Parameters<FakeClient['create']>[0], body: Record<string, unknown>) => {
      created.push(body);
      return create(resource, body);
    },
  });
}

async function newForm(key: string, resource: string, client = creatingClient()): Promise<Driver> {
  const d = drive({ client, columns: 100, rows: 40 });
  await d.until((v) => v.status.text.startsWith('slis · page 1'), 'the SLIs');
  d.key(key);
  await d.until((v) => v.status.text.startsWith(`${resource} · page 1`), resource);
  d.press('create');
  return d;
}

/** The row id the focus is on. */
const focused = (d: Driver): string => {
  const f = form(d);
  return formRows(f)[f.focus]?.id ?? '';
};
const value = (d: Driver, row: string): string | undefined => form(d).editors[row]?.value;

/** Types into the focused field, then moves to the next one. */
function fill(d: Driver, ...values: string[]): void {
  for (const v of values) {
    d.type(v);
    d.press('form-next');
  }
}

describe('validation before sending', () => {
  test('integer, numeric strings, empty required fields: shown on their fields, nothing sent, nothing lost', async () => {
    const client = creatingClient();
    const d = await newForm('2', 'slos', client);
    // Name empty; SLI empty; window value not a number; interval not an integer.
    d.press('form-next', 'form-next', 'form-next');
    fill(d, 'rolling', 'thirty', 'days', '99.9x', '', '6.5');
    d.press('form-submit');
    await d.settle();
    const { errors } = form(d);
    expect(errors.name).toBe('Required.');
    expect(errors.service_level_indicator_id).toBe('Required.');
    expect(errors.time_window_value).toMatch(/^Must be a number/);
    expect(errors.target_value).toMatch(/^Must be a number/);
    expect(errors.interval).toMatch(/^Must be a whole number/);
    // The focus went to the first field in error; what was typed is still there.
    expect(form(d).focus).toBe(0);
    expect(value(d, 'time_window_value')).toBe('thirty');
    expect(value(d, 'interval')).toBe('6.5');
    expect(client.created).toEqual([]);
    // Typing in a field clears its error.
    d.type('x');
    expect(form(d).errors.name).toBeUndefined();
  });

  test('a very long name is refused; Ctrl+U empties the field; a unicode name goes through as typed', async () => {
    const client = creatingClient();
    const d = await newForm('3', 'organizations', client);
    d.paste(`${'x'.repeat(240)}END`);
    expect(value(d, 'name')).toMatch(/END$/);
    d.press('form-submit');
    await d.settle();
    expect(form(d).errors.name).toMatch(/Too big|200/);
    expect(client.created).toEqual([]);
    d.key('Ctrl+U');
    const name = 'Zürich Ωmega 日本 🚀';
    d.type(name);
    d.press('form-submit');
    await d.settle();
    expect(d.message()).toMatch(/^Created organization “Zürich Ωmega 日本 🚀”/);
    expect(client.created).toEqual([{ name }]);
  });

  test('keys that arrive in one read (fast typing, SSH batching) act in order: Tab, Tab, Ctrl+P opens the picker', async () => {
    const d = await newForm('2', 'slos');
    d.paste('Pager latency\t\t\u0010');
    const screen = d.view().screen;
    expect(screen.kind === 'forms' && screen.state.kind === 'form' && screen.state.picker?.resource).toBe('slis');
    d.press('picker-cancel');
    expect(value(d, 'name')).toBe('Pager latency');
    expect(focused(d)).toBe('service_level_indicator_id');
  });
});

describe('SLI form and its queries editor', () => {
  test('add two queries, rename one, remove the other, submit, read back', async () => {
    const client = creatingClient();
    const d = await newForm('1', 'slis', client);
    fill(d, 'queries test sli', 'latency', 'with queries', 'ms');
    d.press('form-add-query');
    fill(d, 'p50', 'histogram_quantile(0.5, x)', 'http_requests', 'service = "a"');
    d.key('Ctrl+U');
    d.type('25');
    d.press('form-add-query');
    fill(d, 'p95', 'q95', 'from95', 'where95');
    expect(form(d).queries).toHaveLength(2);
    // Remove the second query (the cursor is in its limit).
    d.press('form-remove-query');
    expect(form(d).queries).toHaveLength(1);
    // The focus is in the first query's limit now; rename it: up to its name row.
    expect(focused(d)).toMatch(/^q:\d+:limit$/);
    d.key('↑', '↑', '↑', '↑');
    expect(focused(d)).toMatch(/^q:\d+:name$/);
    d.key('Backspace', 'Backspace');
    d.type('99');
    d.press('form-submit');
    await d.settle();
    expect(d.message()).toMatch(/^Created SLI “queries test sli”/);
    expect(client.created).toEqual([
      {
        name: 'queries test sli',
        type: 'latency',
        description: 'with queries',
        unit_of_measure: 'ms',
        queries: {
          p99: { select: 'histogram_quantile(0.5, x)', from: 'http_requests', where: 'service = "a"', limit: 25 },
        },
      },
    ]);
  });

  test('a query limit must be an integer and names must differ', async () => {
    const client = creatingClient();
    const d = await newForm('1', 'slis', client);
    fill(d, 'bad queries', 'latency', '', '');
    d.press('form-add-query');
    fill(d, 'a', 's', 'f', 'w');
    d.key('Ctrl+U');
    d.type('ten');
    d.press('form-add-query');
    d.type('a');
    d.press('form-submit');
    await d.settle();
    const errors = Object.entries(form(d).errors);
    expect(errors).toEqual(
      expect.arrayContaining([
        [expect.stringMatching(/^q:\d+:limit$/), expect.stringMatching(/^Must be a whole number/)],
        [expect.stringMatching(/^q:\d+:name$/), 'Another query has this name.'],
      ]),
    );
    expect(client.created).toEqual([]);
  });
});

describe('a target no budget can come from', () => {
  test('995 % is said on the target before anything is sent; Ctrl+S again saves it as typed', async () => {
    const client = creatingClient();
    const d = await newForm('2', 'slos', client);
    fill(d, 'odd target', '', 'sli-000001', 'rolling', '30', 'days', '995');
    d.press('form-submit');
    await d.settle();
    expect(client.created).toEqual([]);
    expect(focused(d)).toBe('target_value');
    expect(form(d).errors.target_value).toBe(
      'A target of 995 is not between 0 and 100 (exclusive): it allows no bad time at all. Ctrl+S again saves it as typed.',
    );
    expect(value(d, 'target_value')).toBe('995');
    d.press('form-submit');
    await d.settle();
    expect(client.created).toHaveLength(1);
    expect(client.created[0]).toMatchObject({ target_value: '995' });
  });

  test('a target in range is saved at the first Ctrl+S', async () => {
    const client = creatingClient();
    const d = await newForm('2', 'slos', client);
    fill(d, 'fine target', '', 'sli-000001', 'rolling', '30', 'days', '99.5');
    d.press('form-submit');
    await d.settle();
    expect(client.created).toHaveLength(1);
  });
});
