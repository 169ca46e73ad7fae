/**
 * The bench's long-field measurement, in a process of its own: open the edit
 * form of an SLI whose description is 1 MiB (what the form does and what each
 * field draws: openForm, then the visible part of every row), then press keys
 * in that field (←, Backspace, a letter: editLine with the field's limit, then
 * the field drawn again). Prints one
 * JSON line: {"openMs":N,"keyMs":[N,...],"valueLength":N}
 */
import { performance } from 'node:perf_hooks';
import type { Key } from 'ink';
import { VIEWS } from '../../src/presentation/resources.js';
import { formRows, maxLengthOf, openForm, valueOf } from '../../src/tui/forms/formModel.js';
import { editLine } from '../../src/tui/text/lineEditor.js';
import { visibleAroundCursor, visibleStart } from '../../src/tui/text/visibleText.js';

const WIDTH = 60;
const KEYS = 200;
const description = 'x'.repeat(1024 * 1024);
const record = { id: 'sli-000001', name: 'long', type: 'latency', description };
const key = {
  upArrow: false,
  downArrow: false,
  leftArrow: false,
  rightArrow: false,
  pageDown: false,
  pageUp: false,
  return: false,
  escape: false,
  ctrl: false,
  shift: false,
  tab: false,
  backspace: false,
  delete: false,
  meta: false,
} as Key;

const opened = performance.now();
const form = openForm(VIEWS.slis, record);
let drawn = 0;
for (const row of formRows(form)) drawn += visibleStart(valueOf(form, row.id), WIDTH).length;
const openMs = performance.now() - opened;

const keyMs: number[] = [];
const field = VIEWS.slis.fields.find((f) => f.key === 'description');
const presses: [string, Key][] = [
  ['', { ...key, leftArrow: true }],
  ['', { ...key, backspace: true }],
  ['y', key],
];
let editor = form.editors.description!;
for (let i = 0; i < KEYS; i++) {
  const [input, pressed] = presses[i % presses.length]!;
  const t0 = performance.now();
  editor = editLine(editor, input, pressed, maxLengthOf(field)) ?? editor;
  const shown = visibleAroundCursor(editor.value, editor.cursor, WIDTH);
  drawn += shown.before.length;
  keyMs.push(performance.now() - t0);
}
if (editor.value.length >= description.length || drawn === 0)
  throw new Error('The long field was not edited as expected.');
process.stdout.write(`${JSON.stringify({ openMs, keyMs, valueLength: description.length })}\n`);
