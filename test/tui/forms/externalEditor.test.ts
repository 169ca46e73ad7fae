import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { VIEWS } from '../../../src/presentation/resources.js';
import type { ApiClient } from '../../../src/api/types.js';
import { changesFrom, editInExternalEditor } from '../../../src/tui/forms/externalEditor.js';

const slo = {
  id: 'slo-000001',
  name: 'checkout',
  service_level_indicator_id: 'sli-000001',
  time_window_type: 'rolling',
  time_window_value: '28',
  time_window_unit: 'day',
  target_value: '99.9',
  interval: 300,
};
// The file holds the editable fields: not the id.
const { id: _id, ...fields } = slo;
const edited = (changes: Record<string, unknown>) => JSON.stringify({ ...fields, ...changes });

describe('the JSON saved from $EDITOR', () => {
  test('a number in the wrong form is said in our words: which form the field needs', () => {
    expect(changesFrom(VIEWS.slos, slo, edited({ time_window_value: 30, interval: '60' }))).toEqual({
      error:
        'time_window_value must be a number in quotes: "30", not 30; interval must be a whole number without quotes: 60, not "60". Fix it and save again.',
    });
  });

  test('a misspelled field names the field meant', () => {
    const result = changesFrom(VIEWS.slos, slo, edited({ targt_value: '99' }));
    expect(result).toEqual({
      error: expect.stringMatching(
        /^Unknown field targt_value \(did you mean target_value\?\); the editable fields are /,
      ),
    });
  });

  test('only what changed is sent', () => {
    expect(changesFrom(VIEWS.slos, slo, edited({ target_value: '99.5' }))).toEqual({
      patch: { target_value: '99.5' },
    });
  });
});

describe('E sends nothing when the editor is closed on the file as it was opened', () => {
  const noWrites = {
    update: () => {
      throw new Error('nothing may be sent');
    },
  } as unknown as ApiClient;
  const tmpRoot = mkdtempSync(join(tmpdir(), 'slotui-edit-test-'));
  afterAll(() => rmSync(tmpRoot, { recursive: true, force: true }));

  test('a record closed unchanged: unchanged', async () => {
    const outcome = await editInExternalEditor({
      def: VIEWS.slos,
      record: slo,
      client: noWrites,
      tmpRoot,
      launch: async () => {},
    });
    expect(outcome).toEqual({ kind: 'unchanged' });
  });

  test('a kept draft only looked at is not sent: it stays a draft', async () => {
    const draft = edited({ target_value: '99.99' });
    const outcome = await editInExternalEditor({
      def: VIEWS.slos,
      record: slo,
      client: noWrites,
      tmpRoot,
      draft,
      launch: async () => {},
    });
    expect(outcome).toEqual({ kind: 'unchanged', draft });
  });

  test('a draft changed and saved is sent, as one PATCH of what differs from the service', async () => {
    const sent: unknown[] = [];
    const client = {
      update: async (_resource: string, id: string, patch: Record<string, unknown>) => {
        sent.push(patch);
        return { ...slo, ...patch, id };
      },
    } as unknown as ApiClient;
    const outcome = await editInExternalEditor({
      def: VIEWS.slos,
      record: slo,
      client,
      tmpRoot,
      draft: edited({ target_value: '99.99' }),
      launch: async (file) => writeFileSync(file, edited({ target_value: '99.95' })),
    });
    expect(outcome.kind).toBe('saved');
    expect(sent).toEqual([{ target_value: '99.95' }]);
  });
});
