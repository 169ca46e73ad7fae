/**
 * Through Ink against the sandbox: nothing typed is lost (a 400 on the right
 * field, a 500, a dropped connection), no double submit, the discard and
 * delete questions as drawn, and edit in $EDITOR with an injected editor.
 * Editing, deleting and read-only over a fake client are edit-delete.test.ts's.
 */
import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import {
  type Dashboard,
  dashboardFixture,
  KEYS,
  sandboxClient,
  statusLineOf,
  waitForFrame,
  waitForPage,
  waitForText,
  waitForWords,
} from '../helpers.js';
import { EditorCancelled } from '../../../src/tui/forms/externalEditor.js';
import { FORM_KEYS, fieldLine, plain, renderForms, requestsOf, openNewSloForm } from './helpers.js';

const fx = dashboardFixture(renderForms);
const open = fx.open;

async function orgs(d: Dashboard): Promise<void> {
  await waitForPage(d, 1);
  d.press('3');
  await waitForFrame(
    d,
    (f) => statusLineOf(f).startsWith('organizations · page 1') && !/loading/i.test(statusLineOf(f)),
    'the organizations',
  );
}

describe('failures keep the form', () => {
  test('a 400 from the server is shown on its field (an SLI id that does not exist)', async () => {
    const d = open();
    await openNewSloForm(d);
    for (const v of ['ghost sli slo', '', 'sli-999999', 'rolling', '7', 'days']) {
      d.type(v);
      d.press(KEYS.tab);
    }
    d.type('99');
    d.press(FORM_KEYS.ctrlS);
    const frame = await waitForFrame(
      d,
      (f) => fieldLine(f, 'SLI *').includes('No SLI has the id sli-999999'),
      'the server message on the SLI field',
    );
    expect(plain(frame)).toContain('The service refused the form');
    expect(fieldLine(frame, 'Name *')).toContain('[ghost sli slo');
    expect(fieldLine(frame, 'SLI *').startsWith('› ')).toBe(true);
  });

  test("at 80 columns the server's field message is shown whole under the form", async () => {
    const d = open({ columns: 80, rows: 24 });
    await openNewSloForm(d);
    for (const v of ['ghost sli slo', '', 'sli-999999', 'rolling', '7', 'days']) {
      d.type(v);
      d.press(KEYS.tab);
    }
    d.type('99');
    d.press(FORM_KEYS.ctrlS);
    const frame = await waitForText(d, 'The service refused the form');
    expect(plain(frame).split('\n')).toContain('SLI: No SLI has the id sli-999999.');
    for (const line of plain(frame).split('\n')) expect(line.length).toBeLessThanOrEqual(80);
  });

  for (const fault of [
    { name: 'a 500', faults: { errorRate: 1, errorStatuses: [500] } },
    { name: 'a dropped connection', faults: { resetRate: 1 } },
  ]) {
    test(`${fault.name} keeps the form and its contents; Ctrl+S again retries`, async () => {
      const d = open();
      await orgs(d);
      d.press('c');
      await waitForText(d, 'New organization');
      const name = `kept through ${fault.name}`;
      d.type(name);
      d.press(KEYS.tab);
      d.type('a description');
      fx.sandbox.setFaults(fault.faults);
      d.press(FORM_KEYS.ctrlS);
      const frame = await waitForWords(d, 'What you typed is kept: press Ctrl+S to try again.');
      expect(fieldLine(frame, 'Name *')).toContain(`[${name}`);
      expect(fieldLine(frame, 'Description')).toContain('[a description');
      fx.sandbox.setFaults({});
      d.press(FORM_KEYS.ctrlS);
      await waitForWords(d, `Created organization “${name}”`);
      const created = requestsOf(fx.sandbox, 'POST', '/v1/organizations').filter(
        (r) => (r.body as { name?: string }).name === name,
      );
      expect(created.length).toBeGreaterThanOrEqual(1);
    });
  }

  test('no double submit: Ctrl+S twice while the first is in flight sends one POST', async () => {
    const d = open();
    await orgs(d);
    d.press('c');
    await waitForText(d, 'New organization');
    d.type('only once');
    fx.sandbox.setFaults({ latencyMs: 400 });
    const before = requestsOf(fx.sandbox, 'POST', '/v1/organizations').length;
    d.press(FORM_KEYS.ctrlS, FORM_KEYS.ctrlS);
    await waitForText(d, 'Saving…');
    d.press(FORM_KEYS.ctrlS, KEYS.enter);
    await waitForWords(d, 'Created organization “only once”');
    expect(requestsOf(fx.sandbox, 'POST', '/v1/organizations').length).toBe(before + 1);
  });
});

describe('edit', () => {
  test('Enter alone at the discard question means no: the form and its text stay', async () => {
    const d = open({ columns: 80 });
    await orgs(d);
    d.press('c');
    await waitForText(d, 'New organization');
    d.type('kept on enter');
    d.press(KEYS.escape);
    // Whole at 80 columns: what each answer does.
    await waitForWords(d, 'Discard what you typed? [y/N] y discards it · n, Esc or Enter goes back to the form');
    d.press(KEYS.enter);
    await waitForFrame(
      d,
      (f) => !f.includes('Discard what') && fieldLine(f, 'Name *').includes('[kept on enter'),
      'the form back',
    );
    expect(plain(d.lastFrame())).not.toContain('nothing was sent');
  });
});

describe('delete of a record others refer to', () => {
  test('the question says what uses it ("used by 2 SLOs"); Enter alone still keeps it', async () => {
    const client = sandboxClient(fx.sandbox);
    const sli = await client.create('slis', { name: 'measured twice', type: 'latency' });
    const slo = { time_window_type: 'rolling', time_window_value: '7', time_window_unit: 'days', target_value: '99' };
    await client.create('slos', { name: 'first user', service_level_indicator_id: sli.id, ...slo });
    await client.create('slos', { name: 'second user', service_level_indicator_id: sli.id, ...slo });
    const d = open({ client });
    await waitForPage(d, 1);
    d.press('G');
    await waitForFrame(d, (f) => f.includes('measured twice') && !/loading/i.test(statusLineOf(f)), 'the last page');
    const rows = plain(d.lastFrame()).split('\n');
    const header = rows.findIndex((l) => l.startsWith('NAME'));
    const index = rows.findIndex((l) => l.startsWith('measured twice')) - header - 1;
    for (let i = 0; i < index; i++) d.press('j');
    d.press('d');
    await waitForWords(d, `Delete SLI “measured twice” (${sli.id})? [y/N]`, 'This SLI is used by 2 SLOs.');
    d.press(KEYS.enter);
    await waitForText(d, 'Nothing was deleted.');
    expect(requestsOf(fx.sandbox, 'DELETE', `/v1/slis/${sli.id}`)).toHaveLength(0);
  });
});

describe('edit in $EDITOR (E)', () => {
  test('a valid change is applied (PATCH of the changed field); the file is private', async () => {
    const seen: { mode: number; text: string }[] = [];
    const d = open({
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
    await orgs(d);
    const first = (await d.client.listPage('organizations', { limit: 1 })).results[0]!;
    d.press('E');
    await waitForWords(d, `Saved organization “${String(first.name)}”`);
    expect(seen).toHaveLength(1);
    expect(seen[0]!.mode).toBe(0o600);
    expect(seen[0]!.text).toMatch(/^\/\/ Edit organization/);
    expect(requestsOf(fx.sandbox, 'PATCH', `/v1/organizations/${first.id}`).at(-1)?.body).toEqual({
      description: 'from the editor',
    });
  });

  test('invalid JSON reopens the editor with the error on top and the text kept', async () => {
    const seen: string[] = [];
    const d = open({
      launchEditor: (file) => {
        const text = readFileSync(file, 'utf8');
        seen.push(text);
        if (seen.length === 1)
          writeFileSync(file, text.replace(/"name": "([^"]*)"/, '"name": "renamed in editor" BROKEN'));
        else writeFileSync(file, text.replace(' BROKEN', ''));
      },
    });
    await orgs(d);
    d.press('j', 'E');
    await waitForWords(d, 'Saved organization “renamed in editor”');
    expect(seen).toHaveLength(2);
    expect(seen[1]).toMatch(/^\/\/ .*\n\/\/ .*\n\/\/ ERROR: Not valid JSON/);
    expect(seen[1]).toContain('"name": "renamed in editor" BROKEN');
    expect(requestsOf(fx.sandbox, 'PATCH', '/v1/organizations/').at(-1)?.body).toEqual({ name: 'renamed in editor' });
  });

  test('a refused change reopens with the error; saving it unchanged keeps the file and says where', async () => {
    let calls = 0;
    const d = open({
      launchEditor: (file) => {
        calls++;
        if (calls === 1) writeFileSync(file, readFileSync(file, 'utf8').replace(/"name": "[^"]*"/, '"name": ""'));
      },
    });
    await orgs(d);
    d.press('E');
    const frame = await waitForWords(d, 'Not saved:');
    expect(calls).toBe(2);
    const file = /kept in (\S+\.json)/.exec(plain(frame).replace(/\s+/g, ' '))?.[1];
    expect(file).toBeDefined();
    expect(readFileSync(file!, 'utf8')).toContain('"name": ""');
  });
});

describe("an editor that exits with an error (vim's :cq)", () => {
  test('says the editor cancelled, sends nothing, and the next E starts from the text typed', async () => {
    const seen: string[] = [];
    const d = open({
      launchEditor: (file) => {
        const text = readFileSync(file, 'utf8');
        seen.push(text);
        if (seen.length === 1) {
          writeFileSync(file, text.replace(/"description": ("[^"]*"|null)/, '"description": "half typed"'));
          throw new EditorCancelled(1);
        }
      },
    });
    await orgs(d);
    const patches = requestsOf(fx.sandbox, 'PATCH', '/v1/organizations/').length;
    d.press('E');
    await waitForWords(d, 'The editor cancelled: nothing was sent. Your text is kept for the next E.');
    expect(requestsOf(fx.sandbox, 'PATCH', '/v1/organizations/')).toHaveLength(patches);
    // Closed without a change this time: the draft was only looked at, so nothing is sent and it stays.
    d.press('E');
    await waitForWords(d, 'Closed as it was opened: nothing was sent. Your text is kept for the next E.');
    expect(requestsOf(fx.sandbox, 'PATCH', '/v1/organizations/')).toHaveLength(patches);
    expect(seen[1]).toContain('"description": "half typed"');
    expect(seen[1]).toContain('your text from the edit cancelled last time');
    expect(seen).toHaveLength(2);
  });
});
