/**
 * `-o custom-columns=HEADER:.field,…` (kubectl's syntax) for `list` and `get`:
 * a table of the columns named (presentation/fieldColumn.ts).
 */
import { fieldColumnOf } from '../presentation/fieldColumn.js';
import type { Column } from '../presentation/resources.js';
import { usageError } from './args.js';

/** The columns a `custom-columns=` spec names, or a usage error that says what is wrong. */
export function customColumns(spec: string, command: string): Column[] {
  const parts = spec.split(',').map((part) => part.trim());
  if (parts.some((part) => part === ''))
    throw usageError(
      '-o custom-columns= takes HEADER:.field pairs separated by commas: ID:.id,TARGET:.target_value',
      command,
    );
  return parts.map((part) => {
    const column = fieldColumnOf(part);
    if (!column)
      throw usageError(
        `-o custom-columns: "${part.replace(/[^\x20-\x7e]/g, '?').slice(0, 40)}" is not HEADER:.field (such as TARGET:.target_value).`,
        command,
      );
    return column;
  });
}
