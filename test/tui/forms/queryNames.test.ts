import { describe, expect, it } from 'vitest';
import { VIEWS } from '../../../src/presentation/resources.js';
import { openForm, queryRowId } from '../../../src/tui/forms/formModel.js';
import { buildPayload, hasErrors } from '../../../src/tui/forms/payload.js';
import type { EditorState } from '../../../src/tui/text/lineEditor.js';

const editor = (value: string): EditorState => ({ value, cursor: value.length });

describe('SLI queries named like built-in object members', () => {
  it('constructor, toString and __proto__ are names like any other: saved, none "Another query has this name"', () => {
    const form = openForm(VIEWS.slis);
    const names = ['constructor', 'toString', '__proto__'];
    form.editors.name = editor('odd queries');
    form.editors.type = editor('latency');
    names.forEach((name, i) => {
      const uid = i + 1;
      form.queries.push(uid);
      form.editors[queryRowId(uid, 'name')] = editor(name);
      form.editors[queryRowId(uid, 'select')] = editor('count');
      form.editors[queryRowId(uid, 'from')] = editor('spans');
      form.editors[queryRowId(uid, 'where')] = editor('ok');
      form.editors[queryRowId(uid, 'limit')] = editor(String(uid));
    });
    form.nextUid = names.length + 1;
    const built = buildPayload(form);
    expect(built.errors).toEqual({});
    expect(hasErrors(built)).toBe(false);
    const queries = built.payload.queries as Record<string, { limit: number }>;
    expect(Object.keys(queries)).toEqual(names);
    expect(Object.getPrototypeOf(queries)).toBe(Object.prototype);
    expect(JSON.stringify(built.payload)).toContain('"__proto__":{');
  });

  it('two queries of the same name are still refused', () => {
    const form = openForm(VIEWS.slis);
    form.editors.name = editor('n');
    form.editors.type = editor('t');
    for (const uid of [1, 2]) {
      form.queries.push(uid);
      form.editors[queryRowId(uid, 'name')] = editor('constructor');
      form.editors[queryRowId(uid, 'limit')] = editor('1');
    }
    expect(buildPayload(form).errors[queryRowId(2, 'name')]).toBe('Another query has this name.');
  });
});
