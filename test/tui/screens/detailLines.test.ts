import { describe, expect, it } from 'vitest';
import { VIEWS } from '../../../src/presentation/resources.js';
import type { ApiRecord } from '../../../src/api/record.js';
import { buildDetailLines } from '../../../src/tui/screens/detailLines.js';

describe('detail lines of fields named like built-in object members', () => {
  it('shows constructor, toString, valueOf, hasOwnProperty and __proto__ like any other field, without crashing', () => {
    const record = JSON.parse(
      '{"id":"sli-1","name":"odd","constructor":"ctor-value","toString":"ts-value","valueOf":"vo-value","hasOwnProperty":"hop-value","__proto__":{"planted":true}}',
    ) as ApiRecord;
    const lines = buildDetailLines(VIEWS.slis, record, 100, new Date('2025-01-01T00:00:00Z'));
    const text = lines.map((l) => `${l.label ?? ''}${l.text}`).join('\n');
    for (const [label, value] of [
      ['constructor', 'ctor-value'],
      ['toString', 'ts-value'],
      ['valueOf', 'vo-value'],
      ['hasOwnProperty', 'hop-value'],
    ]) {
      expect(text).toMatch(new RegExp(`^${label}\\s+${value}$`, 'm'));
    }
    expect(text).toMatch(/^__proto__\s+\{$/m);
    expect(text).toContain('"planted": true');
  });

  it('a value nested past the limit is shown as "(nested too deep)" below it', () => {
    const record = { id: 'sli-1', deep: JSON.parse(`${'['.repeat(5000)}${']'.repeat(5000)}`) as unknown } as ApiRecord;
    const text = buildDetailLines(VIEWS.slis, record, 100, new Date())
      .map((l) => l.text)
      .join('\n');
    expect(text).toContain('"(nested too deep)"');
  });
});
