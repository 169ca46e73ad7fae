import { describe, expect, it } from 'vitest';
import { checkFieldNames, fieldTranslation } from '../../src/api/fieldNames.js';
import { REGISTRY } from '../../src/presentation/resources.js';
import { SlotuiError } from '../../src/api/errors.js';

describe('field names a profile changes', () => {
  it('are checked: known resources and fields, field-like names, no two alike', () => {
    expect(checkFieldNames(undefined, REGISTRY)).toEqual({});
    expect(checkFieldNames({ agreements: { slo_ids: 'objective_ids', name: 'name' } }, REGISTRY)).toEqual({
      agreements: { slo_ids: 'objective_ids' },
    });
    const refused = (names: unknown) => {
      try {
        checkFieldNames(names, REGISTRY);
      } catch (error) {
        expect(error).toBeInstanceOf(SlotuiError);
        expect((error as SlotuiError).kind).toBe('config');
        return (error as Error).message;
      }
      throw new Error('not refused');
    };
    expect(refused({ contracts: {} })).toMatch(/unknown resource "contracts"; use one of slis, slos/);
    expect(refused({ agreements: { slos: 'x' } })).toMatch(
      /names "slos", which Agreements do not have; it can rename name, description, organization_id, slo_ids/,
    );
    expect(refused({ agreements: { slo_ids: 'has space' } })).toMatch(/not a field name/);
    expect(refused({ agreements: { slo_ids: 'x', organization_id: 'x' } })).toMatch(/the same name/);
    expect(refused([])).toMatch(/must be an object/);
  });

  it("read as slotui's names, sent as the service's; other resources untouched", () => {
    const t = fieldTranslation({ agreements: { slo_ids: 'objective_ids', organization_id: 'org' } });
    expect(t.fromService('agreements', { id: 'a', org: 'o', objective_ids: ['s'], extra: 1 })).toEqual({
      id: 'a',
      organization_id: 'o',
      slo_ids: ['s'],
      extra: 1,
    });
    expect(t.toService('agreements', { name: 'n', slo_ids: ['s'] })).toEqual({ name: 'n', objective_ids: ['s'] });
    expect(t.fromService('slos', { id: 's', org: 1 })).toEqual({ id: 's', org: 1 });
    expect(t.fromService('agreements', null)).toBeNull();
    // A field the service sends under both names keeps the service's own.
    expect(t.fromService('agreements', { id: 'a', objective_ids: ['s'], slo_ids: ['t'] })).toEqual({
      id: 'a',
      objective_ids: ['s'],
      slo_ids: ['t'],
    });
  });
});
