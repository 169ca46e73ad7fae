/**
 * What the service's answers do to a form, and edit in $EDITOR, over the
 * dashboard driver (test/tui/driver.ts) and the sandbox's API in memory
 * (test/fakeApi.ts) through the real client: a 400 lands on its field, a
 * 500 keeps what was typed, and an injected editor (a valid change, invalid
 * JSON, a refused change, an editor that cancels). What the form draws (the
 * service's message at 80 columns, saving, the discard and delete questions)
 * and a connection dropped on the socket are failures-edit-delete.int.test.tsx's.
 */
import { readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { EditorCancelled, type EditorLauncher } from '../../../src/tui/forms/externalEditor.js';
import type { Driver } from '../driver.js';
import { closeServices, onService, showOrganizations, type OnService } from '../onService.js';
import { form, focused } from './driven.js';
import { flat } from '../testing.js';

afterEach(closeServices);

/** The dashboard on the sandbox's API in memory, on the SLIs' first page; the editor E opens, if given. */
function open(options: { launchEditor?: EditorLauncher } = {}): Promise<OnService> {
  const { launchEditor } = options;
  return onService({
    columns: 120,
    rows: 40,
    ...(launchEditor ? { services: { runEditor: async (file: string) => launchEditor(file) } } : {}),
  });
}

const value = (d: Driver, row: string): string | undefined => form(d).editors[row]?.value;
const requestsOf = (d: OnService, method: string, path: string) =>
  d.sandbox.requests.filter((r) => r.method === method && r.path.startsWith(path));
const said = (d: Driver, text: string) => d.until(() => flat(d.message()).includes(text), text);

describe('failures keep the form', () => {
  test('a 400 from the service is shown on its field (an SLI id that does not exist)', async () => {
    const d = await open();
    d.key('2');
    await d.until((v) => v.status.text.startsWith('slos · page 1'), 'the SLOs');
    d.press('create');
    for (const v of ['ghost sli slo', '', 'sli-999999', 'rolling', '7', 'days']) {
      d.type(v);
      d.press('form-next');
    }
    d.type('99');
    d.press('form-submit');
    await d.until(
      () => (form(d).errors.service_level_indicator_id ?? '').includes('No SLI has the id sli-999999'),
      'the service message on the SLI field',
    );
    expect(form(d).topErrors).toContain('The service refused the form: see the messages on the fields.');
    expect(value(d, 'name')).toBe('ghost sli slo');
    expect(focused(d)).toBe('service_level_indicator_id');
  });

  test('a 500 keeps the form and its contents; Ctrl+S again retries', async () => {
    const d = await open();
    await showOrganizations(d);
    d.press('create');
    d.type('kept through a 500');
    d.press('form-next');
    d.type('a description');
    d.sandbox.setFaults({ errorRate: 1, errorStatuses: [500] });
    d.press('form-submit');
    await d.until(
      () => form(d).topErrors.some((e) => e.endsWith('What you typed is kept: press Ctrl+S to try again.')),
      'the failure said',
    );
    expect(value(d, 'name')).toBe('kept through a 500');
    expect(value(d, 'description')).toBe('a description');
    d.sandbox.setFaults({});
    d.press('form-submit');
    await said(d, 'Created organization “kept through a 500”');
    const created = requestsOf(d, 'POST', '/v1/organizations').filter(
      (r) => (r.body as { name?: string }).name === 'kept through a 500',
    );
    expect(created).toHaveLength(2);
  });
});

describe('edit in $EDITOR (E)', () => {
  test('a valid change is applied (PATCH of the changed field); the file is private', async () => {
    const seen: { mode: number; text: string }[] = [];
    const d = await open({
      launchEditor: (file) => {
        const text = readFileSync(file, 'utf8');
        seen.push({ mode: statSync(file).mode & 0o777, text });
        const header = text
          .split('\n')
          .filter((l) => l.startsWith('//'))
          .join('\n');
        const fields = JSON.parse(
          text
            .split('\n')
            .filter((l) => !l.startsWith('//'))
            .join('\n'),
        ) as Record<string, unknown>;
        writeFileSync(file, `${header}\n${JSON.stringify({ ...fields, description: 'from the editor' }, null, 2)}\n`);
      },
    });
    await showOrganizations(d);
    const first = d.view().selected!.record;
    d.press('edit-json');
    await said(d, `Saved organization “${String(first.name)}”`);
    expect(seen).toHaveLength(1);
    expect(seen[0]!.mode).toBe(0o600);
    expect(seen[0]!.text).toMatch(/^\/\/ Edit organization/);
    expect(requestsOf(d, 'PATCH', `/v1/organizations/${first.id}`).at(-1)?.body).toEqual({
      description: 'from the editor',
    });
  });

  test('invalid JSON reopens the editor with the error on top and the text kept', async () => {
    const seen: string[] = [];
    const d = await open({
      launchEditor: (file) => {
        const text = readFileSync(file, 'utf8');
        seen.push(text);
        if (seen.length === 1)
          writeFileSync(file, text.replace(/"name": "([^"]*)"/, '"name": "renamed in editor" BROKEN'));
        else writeFileSync(file, text.replace(' BROKEN', ''));
      },
    });
    await showOrganizations(d);
    d.press('down', 'edit-json');
    await said(d, 'Saved organization “renamed in editor”');
    expect(seen).toHaveLength(2);
    expect(seen[1]).toMatch(/^\/\/ .*\n\/\/ .*\n\/\/ ERROR: Not valid JSON/);
    expect(seen[1]).toContain('"name": "renamed in editor" BROKEN');
    expect(requestsOf(d, 'PATCH', '/v1/organizations/').at(-1)?.body).toEqual({ name: 'renamed in editor' });
  });

  test('a refused change reopens with the error; saving it unchanged keeps the file and says where', async () => {
    let calls = 0;
    const d = await open({
      launchEditor: (file) => {
        calls++;
        if (calls === 1) writeFileSync(file, readFileSync(file, 'utf8').replace(/"name": "[^"]*"/, '"name": ""'));
      },
    });
    await showOrganizations(d);
    d.press('edit-json');
    await said(d, 'Not saved:');
    expect(calls).toBe(2);
    const file = /kept in (\S+\.json)/.exec(flat(d.message()))?.[1];
    expect(file).toBeDefined();
    expect(readFileSync(file!, 'utf8')).toContain('"name": ""');
    // Kept for the user by design; the test's copy goes.
    rmSync(dirname(file!), { recursive: true, force: true });
  });

  test("an editor that exits with an error (vim's :cq): says it cancelled, sends nothing, and the next E starts from the text typed", async () => {
    const seen: string[] = [];
    const d = await open({
      launchEditor: (file) => {
        const text = readFileSync(file, 'utf8');
        seen.push(text);
        if (seen.length === 1) {
          writeFileSync(file, text.replace(/"description": ("[^"]*"|null)/, '"description": "half typed"'));
          throw new EditorCancelled(1);
        }
      },
    });
    await showOrganizations(d);
    d.press('edit-json');
    await said(d, 'The editor cancelled: nothing was sent. Your text is kept for the next E.');
    expect(requestsOf(d, 'PATCH', '/v1/organizations/')).toHaveLength(0);
    // Closed without a change this time: the draft was only looked at, so nothing is sent and it stays.
    d.press('edit-json');
    await said(d, 'Closed as it was opened: nothing was sent. Your text is kept for the next E.');
    expect(requestsOf(d, 'PATCH', '/v1/organizations/')).toHaveLength(0);
    expect(seen[1]).toContain('"description": "half typed"');
    expect(seen[1]).toContain('your text from the edit cancelled last time');
    expect(seen).toHaveLength(2);
  });
});
