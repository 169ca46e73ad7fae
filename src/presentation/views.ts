/**
 * settings.yaml's `views:`: the columns of a resource's list, in the order
 * given, each a built-in column (by its header or id, the `-o wide` ones too)
 * or `HEADER:.field`. What cannot be used is a problem, and that resource
 * keeps its columns as shipped.
 */
import { createRegistry } from '../api/resources.js';
import { closestWord } from '../text/suggest.js';
import { fieldColumnOf } from './fieldColumn.js';
import type { Column, ResourceView, ViewRegistry } from './resources.js';

export type ViewSettings = Readonly<Record<string, { columns?: readonly string[] } | undefined>>;

interface ViewProblem {
  path: string[];
  message: string;
}

/** The registry with the views applied, and what of them cannot be. */
export function withViews(
  registry: ViewRegistry,
  views: ViewSettings | undefined,
): { registry: ViewRegistry; problems: ViewProblem[] } {
  const problems: ViewProblem[] = [];
  const replaced = new Map<string, readonly Column[]>();
  for (const [name, view] of Object.entries(views ?? {})) {
    const def = registry.resolve(name);
    if (!def) {
      const meant = closestWord(name, registry.names);
      problems.push({
        path: ['views', name],
        message: `no resource is called "${name}"${meant ? ` (did you mean "${meant}"?)` : ''}`,
      });
      continue;
    }
    if (!view?.columns) continue;
    const columns = columnsOf(def, view.columns, (index, message) =>
      problems.push({ path: ['views', name, 'columns', String(index)], message }),
    );
    if (columns) replaced.set(def.name, columns);
  }
  if (replaced.size === 0) return { registry, problems };
  const defs = registry.defs.map((def): ResourceView => {
    const columns = replaced.get(def.name);
    return columns ? { ...def, columns } : def;
  });
  return { registry: createRegistry(defs), problems };
}

function columnsOf(
  def: ResourceView,
  wanted: readonly string[],
  problem: (index: number, message: string) => void,
): Column[] | undefined {
  const known = [...def.columns, ...(def.wideColumns ?? [])];
  const columns: Column[] = [];
  let ok = true;
  wanted.forEach((entry, index) => {
    const builtIn = known.find((c) => c.header.toLowerCase() === entry.toLowerCase() || c.id === entry.toLowerCase());
    const column = builtIn ?? fieldColumnOf(entry);
    if (column) columns.push(column);
    else {
      ok = false;
      const meant = closestWord(
        entry.toUpperCase(),
        known.map((c) => c.header),
      );
      problem(
        index,
        `"${entry}" is neither a column of ${def.title} nor HEADER:.field${meant ? ` (did you mean "${meant}"?)` : ''}`,
      );
    }
  });
  return ok && columns.length > 0 ? columns : undefined;
}
