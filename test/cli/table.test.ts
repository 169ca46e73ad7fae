import { describe, expect, it } from 'vitest';
import { plainTable } from '../../src/cli/table.js';

describe('plainTable', () => {
  const rows = [
    ['slos', 'slo-000001', 'checkout-api availability 99.9%'],
    ['slos', 'slo-000002', 'evil\u001b[31m red'],
  ];
  it('into a pipe: whole cells, two spaces apart, sanitised', () => {
    expect(plainTable(['RESOURCE', 'ID', 'NAME'], rows)).toBe(
      [
        'RESOURCE  ID          NAME',
        'slos      slo-000001  checkout-api availability 99.9%',
        'slos      slo-000002  evil red',
        '',
      ].join('\n'),
    );
  });
  it('on a terminal: the last column is cut to the width', () => {
    const lines = plainTable(['RESOURCE', 'ID', 'NAME'], rows, 40).split('\n');
    expect(lines[1]).toBe('slos      slo-000001  checkout-api avai…');
    expect(lines.every((l) => l.length <= 40)).toBe(true);
  });
});
