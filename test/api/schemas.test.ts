import { describe, expect, it } from 'vitest';
import { createRegistry } from '../../src/api/resources.js';
import { REGISTRY, type ResourceView } from '../../src/presentation/resources.js';
import { createSchemaOf, patchSchemaOf } from '../../src/api/schemas.js';

/** The messages zod gives per field path, for one payload. */
function problems(def: ResourceView, payload: unknown, mode: 'create' | 'patch' = 'create'): Record<string, string> {
  const result = (mode === 'create' ? createSchemaOf(def) : patchSchemaOf(def)).safeParse(payload);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
}

describe.each(REGISTRY.defs.map((def) => [def.name, def] as const))(
  'the %s payload schemas come from its form fields',
  (_name, def) => {
    it('every required field is required, and only those', () => {
      const required = def.fields.filter((f) => f.required).map((f) => f.key);
      const refused = problems(def, {});
      expect(Object.keys(refused).sort()).toEqual([...required].sort());
    });

    it('each schema is made once for the resource, the update schema too', () => {
      expect(createSchemaOf(def)).toBe(createSchemaOf(def));
      expect(patchSchemaOf(def)).toBe(patchSchemaOf(def));
      expect(patchSchemaOf(def)).not.toBe(createSchemaOf(def));
    });

    it('an update checks only the fields given', () => {
      expect(problems(def, {}, 'patch')).toEqual({});
      expect(problems(def, { name: '   ' }, 'patch')).toEqual({ name: 'Required.' });
    });

    it('text no longer than the service takes', () => {
      for (const field of def.fields.filter((f) => f.maxLength !== undefined)) {
        expect(problems(def, { [field.key]: 'x'.repeat(field.maxLength!) }, 'patch')).toEqual({});
        expect(Object.keys(problems(def, { [field.key]: 'x'.repeat(field.maxLength! + 1) }, 'patch'))).toEqual([
          field.key,
        ]);
      }
      for (const field of def.fields.filter((f) => f.kind === 'multiline' && f.maxLength === undefined)) {
        expect(Object.keys(problems(def, { [field.key]: 'x'.repeat(10_001) }, 'patch'))).toEqual([field.key]);
      }
    });

    it('numbers carried as strings, whole numbers and lists of ids are checked as such', () => {
      for (const field of def.fields) {
        if (field.kind === 'numeric-string') {
          expect(problems(def, { [field.key]: 'abc' }, 'patch')).toEqual({
            [field.key]: 'Must be a number, such as 99.9.',
          });
          expect(problems(def, { [field.key]: '99.9' }, 'patch')).toEqual({});
        }
        if (field.kind === 'integer') {
          expect(problems(def, { [field.key]: 1.5 }, 'patch')).toEqual({ [field.key]: 'Must be a whole number.' });
        }
        if (field.kind === 'reference-list') {
          expect(Object.keys(problems(def, { [field.key]: [''] }, 'patch'))).toEqual([`${field.key}.0`]);
        }
      }
    });
  },
);

describe('the built-in limits', () => {
  it('names up to 200 characters in every resource', () => {
    for (const def of REGISTRY.defs) expect(def.fields.find((f) => f.key === 'name')?.maxLength).toBe(200);
  });

  it('a registry entry of another registry takes the same path', () => {
    const base = REGISTRY.defs[0]!;
    const other: ResourceView = { ...base, fields: [{ key: 'owner', label: 'Owner', kind: 'text', required: true }] };
    const registry = createRegistry([other]);
    expect(Object.keys(problems(registry.get(other.name), {}))).toEqual(['owner']);
    expect(problems(registry.get(other.name), { owner: ' ' })).toEqual({ owner: 'Required.' });
    expect(problems(registry.get(other.name), { owner: 'ops' })).toEqual({});
  });
});
